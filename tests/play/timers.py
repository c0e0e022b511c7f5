"""The timer loop's tables as a test sees them: a room's engine, who acted, and time moved on."""

from django.contrib.auth.models import User

from games.models import Seat
from games.play import offers
from games.play.moves import apply_action
from games.play.steps import advance_due_rounds
from games.players.computer import choose_action
from games.rooms.seating import (
    add_bot,
    create_room,
    set_ready,
    take_seat,
)
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict


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


def play_until_held(rnd, users, rng, limit: int = 300):
    """The people of ``rnd`` play strong moves until the table holds a moment (a discard
    nobody may claim, a win) for its pause; ``rnd`` as it is then."""
    for _ in range(limit):
        rnd.refresh_from_db()
        if offers.held_until(rnd) is not None:
            return rnd
        engine = EngineRound.from_json(rnd.state)
        seat = engine.waiting_on()[0]
        apply_action(
            round_id=rnd.pk,
            user=users[seat],
            expected_version=rnd.version,
            action=action_to_dict(choose_action(engine, seat, "strong", rng)),
        )
    raise AssertionError("no moment was held")
