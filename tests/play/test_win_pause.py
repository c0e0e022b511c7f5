"""The win's pause (games.play.offers.win_moment): after every win the round goes on from,
the table holds the moment of the win — the winner's hand laid down, the next player not
yet drawn — for WIN_PAUSE_SECONDS, for everyone alike; computers and clocks wait for it;
then the next draw shows. A win that ends the round holds nothing: the settlement shows."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone, translation

from games.models import Round
from games.play import offers
from games.play.deadlines import person_deadline
from games.play.errors import ServiceError
from games.play.moves import apply_action
from games.play.steps import advance_due_rounds, run_bots
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.round import Round as EngineRound
from games.rules.tiles import parse_tile
from games.table import commands
from tests.rules.tables import table
from tests.table.pages import page, part
from tests.tables import four_people

pytestmark = pytest.mark.django_db

PAUSE = 2.5
IDLE = "1m3m5m7m9m1s3s5s7s9s2s4s6s"  # void p, far from ready
IDLE_TOO = "1s3s5s7s9s2s4s6s8s2m4m8m8m"
DISCARDER = "6m6m6m2p2p4p4p6p6p8p8p9m9m5p"  # throws the 5p
WAITS_5P = "1m2m3m4m5m6m7m8m9m1p1p1p5p"  # wins on it
PURE = "1p2p3p4p5p6p7p8p9p1p2p3p5p5p"  # a 清一色 that has just drawn its 5p
WALL = "3p7p3s7s5s1s9s3m7m2s4s6s8s5m"


class Clock:
    def __init__(self) -> None:
        self.now = timezone.localtime().replace(year=2030, microsecond=0)

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch, settings):
    settings.WIN_PAUSE_SECONDS = PAUSE
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


def put(room, engine: EngineRound, start) -> Round:
    Round.objects.filter(room=room).update(
        state=engine.to_json(),
        version=0,
        offer=None,
        deadline=None,
        cue=None,
        decision_started_at=start,
    )
    return Round.objects.get(room=room)


def a_discard_won(room, users, clock) -> Round:
    """East (seat 0) throws the 5p, South (seat 1) wins on it; West (seat 2) draws next."""
    rnd = put(
        room, table([DISCARDER, WAITS_5P, IDLE, IDLE_TOO], wall=WALL, voids="sspp"), clock.now
    )
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": "5p"}
    )
    rnd = Round.objects.get(room=room)
    apply_action(
        round_id=rnd.pk, user=users[1], expected_version=rnd.version, action={"type": "win"}
    )
    return Round.objects.get(room=room)


def test_the_next_draw_waits_for_the_win_pause(clock):
    room, users = four_people("w")
    start = clock.now
    rnd = a_discard_won(room, users, clock)
    engine = EngineRound.from_json(rnd.state)
    assert engine.phase == "turn" and engine.current == 2 and engine.drawn is not None
    # The table holds the win: the next player has not drawn, nobody's clock runs.
    assert offers.held_until(rnd) == start + timedelta(seconds=PAUSE)
    assert rnd.deadline == start + timedelta(seconds=PAUSE)
    held = offers.held_engine(rnd)
    assert held.phase == offers.WIN_MOMENT and held.waiting_on() == []
    assert sum(held.hands[2]) == 13 and len(held.wall) == len(engine.wall) + 1
    assert person_deadline(rnd, held) is None
    for viewer in (users[2], users[3], AnonymousUser()):
        html = page(room, viewer)
        assert "drawn-gap" not in html and 'class="countdown' not in html
        assert "胡" in part(html, "win-banner")
        assert 'class="shown-hand"' in part(html, "seat-1-hand")  # the winner's hand
    with translation.override("en"):
        token = int(re.search(r'data-version="(\d+)"', page(room, users[2])).group(1))
        with pytest.raises(ServiceError):  # West may not move before the table goes on
            commands.run_command(
                room=room,
                user=users[2],
                kind="discard",
                action={"type": "discard", "tile": "1s"},
                version=token,
            )
    clock.now = start + timedelta(seconds=PAUSE - 0.01)
    advance_due_rounds()
    assert offers.held_until(Round.objects.get(room=room)) is not None
    assert "drawn-gap" not in page(room, users[2])
    clock.now = start + timedelta(seconds=PAUSE)
    advance_due_rounds()
    rnd = Round.objects.get(room=room)
    assert rnd.offer is None
    assert "drawn-gap" in page(room, users[2])  # now West has drawn
    # West's time runs from the end of the pause.
    assert rnd.decision_started_at == start + timedelta(seconds=PAUSE)


def test_computers_wait_for_the_win_pause_too(clock, settings):
    owner = User.objects.create_user("solo", password="x-long-password-1")
    room = create_room(owner=owner, name="solo", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    set_ready(room=room, user=owner)
    start = clock.now
    rnd = put(room, table([DISCARDER, WAITS_5P, IDLE, IDLE_TOO], wall=WALL, voids="sspp"), start)
    apply_action(
        round_id=rnd.pk, user=owner, expected_version=0, action={"type": "discard", "tile": "5p"}
    )
    advance_due_rounds()  # South, a computer, wins on the 5p at once (no offer pause here)
    rnd = Round.objects.get(room=room)
    won_at = clock.now
    assert EngineRound.from_json(rnd.state).winners[0]["seat"] == 1
    assert rnd.deadline == won_at + timedelta(seconds=PAUSE)  # the reveal, not a move
    version = rnd.version
    clock.now = won_at + timedelta(seconds=PAUSE / 2)
    advance_due_rounds()
    assert Round.objects.get(room=room).version == version  # nobody moved
    clock.now = won_at + timedelta(seconds=PAUSE)
    advance_due_rounds()
    rnd = Round.objects.get(room=room)
    assert rnd.offer is None and rnd.version == version
    # West, a computer, moves its own delay after the end of the pause.
    assert rnd.deadline == clock.now + timedelta(seconds=settings.BOT_DELAY_SECONDS)


def test_every_win_is_held_alike(clock):
    """A person's 自摸 and a win on a discard: the same pause, whatever the win."""
    room, users = four_people("a")
    start = clock.now
    engine = table([PURE, IDLE, IDLE_TOO, "2m4m6m8m8m2s4s6s8s8s1m1s9m"], wall=WALL, voids="mppp")
    engine.drawn = parse_tile("5p")
    rnd = put(room, engine, start)
    apply_action(round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "zimo"})
    zimo = Round.objects.get(room=room)
    assert offers.held_until(zimo) == start + timedelta(seconds=PAUSE)
    assert offers.held_engine(zimo).phase == offers.WIN_MOMENT
    clock.now = start = start + timedelta(seconds=10)
    ron = a_discard_won(room, users, clock)
    assert offers.held_until(ron) == start + timedelta(seconds=PAUSE)


def test_a_win_that_ends_the_round_shows_the_settlement_at_once(clock):
    room, users = four_people("e")
    engine = table([DISCARDER, WAITS_5P, IDLE, IDLE_TOO], wall="", voids="sspp")
    engine.out[2] = engine.out[3] = True  # two players left: the win ends the round
    rnd = put(room, engine, clock.now)
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": "5p"}
    )
    rnd = Round.objects.get(room=room)
    apply_action(
        round_id=rnd.pk, user=users[1], expected_version=rnd.version, action={"type": "win"}
    )
    rnd = Round.objects.get(room=room)
    assert rnd.status == Round.Status.ENDED and rnd.offer is None


def test_without_a_pause_nothing_is_held(clock, settings):
    settings.WIN_PAUSE_SECONDS = 0
    room, users = four_people("z")
    rnd = a_discard_won(room, users, clock)
    assert rnd.offer is None
    assert "drawn-gap" in page(room, users[2])


def test_tools_that_run_the_computers_do_not_wait(clock):
    owner = User.objects.create_user("tool", password="x-long-password-1")
    room = create_room(owner=owner, name="tool", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    set_ready(room=room, user=owner)
    rnd = put(
        room, table([DISCARDER, WAITS_5P, IDLE, IDLE_TOO], wall=WALL, voids="sspp"), clock.now
    )
    apply_action(
        round_id=rnd.pk, user=owner, expected_version=0, action={"type": "discard", "tile": "5p"}
    )
    run_bots(round_id=rnd.pk)
    rnd = Round.objects.get(room=room)
    assert rnd.offer is None and EngineRound.from_json(rnd.state).winners
