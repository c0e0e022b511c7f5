"""The rules page (games.rulebook)."""
