"""How many rooms one person may have waiting for players (``OPEN_ROOMS_PER_USER``):
counted in the database under a lock of their owner's row, inside the transaction that
opens the room, so that requests sent together take turns. The rooms they left empty close
first: leaving a room is how to make way for another."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import ngettext

from games.models import Room, Seat
from games.play.broadcast import broadcast_lobby_changed


def _waiting(user):
    """The rooms ``user`` opened that wait for players now, whoever sits there (the owner
    too, or not: a room its owner left still waits in the lobby), before their first round
    or between two: a room that has played stays in the lobby as much as one that has
    not. Not a sealed table (the daily challenge's, a set of deals'): nobody waits for
    players there. No join, so that the rooms can be locked on PostgreSQL."""
    return Room.objects.filter(owner=user, status=Room.Status.OPEN, sealed_until__isnull=True)


def lock_owner(user) -> None:
    """Hold ``user``'s row until the transaction ends, so that two requests of theirs that
    count their rooms (or sets) and then open one take turns: otherwise both would count
    the same number and both open one. On SQLite every transaction already holds the
    database's write lock from its start (``transaction_mode`` IMMEDIATE)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def waiting_rooms(user) -> int:
    """How many rooms ``user`` opened that wait for players, seated or not."""
    return _waiting(user).count()


def close_left_rooms(user) -> list[str]:
    """Close the rooms ``user`` opened that wait for players with no person seated (the
    owner left, and nobody else sat down; computers do not count), and tell the lobby;
    their codes. A room left like that waits for nobody, and holds one of its
    owner's rooms (``OPEN_ROOMS_PER_USER``) until it closes: it closes here, when its
    owner opens another, or after the idle time (``games.rooms.idle_rooms``).

    Not when the owner leaves: an owner may stand up to seat four computer players, or
    set their table up for a friend, and the room must stay open for that. Each room is
    re-checked under its lock, as the idle sweep does."""
    person = Seat.objects.filter(room=OuterRef("pk"), user__isnull=False)
    left = _waiting(user).exclude(Exists(person))
    closed, rooms = [], []
    for pk in list(left.values_list("pk", flat=True)[:100]):
        with transaction.atomic():
            room = left.select_for_update(skip_locked=True).filter(pk=pk).first()
            if room is None:  # somebody sat down, or a round started, meanwhile
                continue
            room.status = Room.Status.CLOSED
            room.save(update_fields=["status"])
            closed.append(room.code)
            rooms.append(room)
    if closed:  # now, outside a transaction
        transaction.on_commit(lambda: broadcast_lobby_changed(rooms))
    return closed


def room_refusal(user) -> str | None:
    """Why ``user`` may not open another room now, or None. The rooms they left empty
    close first (``close_left_rooms``): leaving a room is how to make way for another.
    Every other room of theirs that waits for players counts, whether or not they still
    sit there, and whether or not it has played a round. Called inside the transaction
    that opens the room, after ``lock_owner``: requests sent together take turns."""
    close_left_rooms(user)
    waiting = waiting_rooms(user)
    if waiting < settings.OPEN_ROOMS_PER_USER:
        return None
    return ngettext(
        "You already have %(count)d room waiting for players. Play a round there, "
        "or leave it, before you open another.",
        "You already have %(count)d rooms waiting for players. Play a round in one, "
        "or leave one, before you open another.",
        waiting,
    ) % {"count": waiting}
