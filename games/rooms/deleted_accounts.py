"""An account being deleted (``accounts.keeping.delete_account``, through the hooks of
``accounts.hooks``, which ``games.apps`` fills): the rooms where a round is being played
at its seat refuse the deletion until the round ends, and its seats that wait for players
are left, as the table's "leave" button would leave them (the table and the lobby are
told)."""

from accounts.keeping import RoundInPlay
from games.models import Room
from games.play.errors import ServiceError
from games.rooms.seating import leave_seat


def playing_rooms(user) -> list[Room]:
    return list(Room.objects.filter(seats__user=user, status=Room.Status.PLAYING))


def leave_waiting_rooms(user) -> None:
    for room in Room.objects.filter(seats__user=user, status=Room.Status.OPEN):
        try:
            leave_seat(room=room, user=user)
        except ServiceError:
            raise RoundInPlay(playing_rooms(user) or [room]) from None
