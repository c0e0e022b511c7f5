"""Rooms, seats, the lobby and the room form (games.rooms)."""
