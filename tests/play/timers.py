"""The timer loop's tables as a test sees them: a room's engine, who acted, and time moved on."""

from django.contrib.auth.models import User

from games.models import Seat
from games.play.steps import advance_due_rounds
from games.rooms.seating import (
    add_bot,
    create_room,
    set_ready,
    take_seat,
)


def people(n):
    start = User.objects.count()
    return [
        User.objects.create_user(f"person{start + i}", password="x-long-password-1")
        for i in range(n)
    ]


def table_of(humans: int, options=None):
    users = people(max(humans, 1))
    room = create_room(owner=users[0], name="t", options=options or {})
    for user in users[1:humans]:
        take_seat(room=room, user=user)
    for index in range(humans, 4):
        add_bot(room=room, user=users[0], index=index, level="strong")
    rnd = None
    for user in users[:humans]:
        rnd = set_ready(room=room, user=user) or rnd
    return room, users, rnd


def present(room, at):
    """The people's table sockets are open at ``at`` (their heartbeat)."""
    Seat.objects.filter(room=room, user__isnull=False).update(last_seen=at)


def advance(room, at):
    present(room, at)
    return advance_due_rounds(now=at)


def by_of_actions(rnd):
    return [(e.seat, e.data.get("by")) for e in rnd.events.filter(kind="action").order_by("number")]
