"""The parts a table's viewers share (games.table.parts, part_cache, center) are worked out
by whichever viewer comes first: every viewer must still get exactly the table they
would get rendered alone, from a fresh snapshot with nothing remembered. A shared render
that kept one viewer's flags (their turn, their clock, their win, their hand) would show
here as another viewer's table differing from their own render alone."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone, translation

from games.models import Round, Seat
from games.play.moves import apply_move
from games.play.snapshot import load_snapshot
from games.players.computer import choose_action
from games.rooms.seating import create_room, set_ready, take_seat
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict
from games.table import coaching
from games.table.part_cache import forget_rendered
from games.table.parts import render_table
from tests.table.clock import Clock

pytestmark = pytest.mark.django_db

LANGUAGES = ("zh-hans", "en")


def _seated(name: str, options: dict):
    people = [
        User.objects.create_user(f"{name}{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=people[0], name=name, options=options)
    for user in people[1:]:
        take_seat(room=room, user=user)
    seat_of = {s.user_id: s.index for s in room.seats.all()}
    return room, sorted(people, key=lambda u: seat_of[u.pk])


def _tables(snap, viewers) -> list:
    """Every viewer's table in every language, rendered one after another from ``snap``."""
    found = []
    for language in LANGUAGES:
        with translation.override(language):
            for user in viewers:
                table = render_table(snap, user=user, csrf="c" * 32)
                found.append((table.layout, table.parts, table.full()))
    return found


def _check(room, viewers) -> None:
    alone = []
    for language in LANGUAGES:
        for user in viewers:
            forget_rendered()
            with translation.override(language):
                table = render_table(load_snapshot(room.pk), user=user, csrf="c" * 32)
                alone.append((table.layout, table.parts, table.full()))
    forget_rendered()
    assert _tables(load_snapshot(room.pk), viewers) == alone
    # The other way round too: the last viewer's flags must not reach the first.
    backwards = _tables(load_snapshot(room.pk), viewers[::-1])
    count = len(viewers)
    assert backwards == [alone[start + count - 1 - i] for start in (0, count) for i in range(count)]


@pytest.mark.parametrize(
    "options",
    [{}, {"exchange_three": True, "coaching": True, "mode": "xueliu", "rounds": 2}],
    ids=["plain", "exchange-xueliu-coach"],
)
def test_every_viewer_gets_the_table_they_would_get_alone(options, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    room, users = _seated("s", options)
    if options.get("coaching"):
        coaching.set_coach(room=room, user=users[0], on=True)
    watcher = User.objects.create_user("watcher", password="x-long-password-1")
    viewers = [*users, watcher, AnonymousUser()]
    rng = random.Random(11)
    checked = 0
    for _round in range(2):
        Seat.objects.filter(room=room).update(last_seen=clock.now)
        for user in users:
            set_ready(room=room, user=user)
        for step in range(400):
            rnd = Round.objects.filter(room=room).order_by("-number").first()
            if step % 4 == 0 or rnd.status == Round.Status.ENDED:
                _check(room, viewers)
                checked += 1
            if rnd.status == Round.Status.ENDED:
                break
            engine = EngineRound.from_json(rnd.state)
            seat = engine.waiting_on()[0]
            action = action_to_dict(choose_action(engine, seat, "strong", rng))
            # Past any pause (a tile on offer, a win), a second here and there: the
            # countdown shows numbers of its own.
            clock.now += timedelta(seconds=3 + step % 4, milliseconds=300)
            apply_move(
                room_id=room.pk, user=users[seat], action=action, expected_version=rnd.version
            )
    assert checked > 20
