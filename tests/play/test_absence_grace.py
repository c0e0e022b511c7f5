"""Absence costs the others seconds, not a turn (RULES.md section 11): when every table
socket of a seated person is gone, their pending decision falls due after a short grace
(``DISCONNECT_GRACE``, 5 s by default) and the computer plays the seat until they are
back; a reconnect within the grace changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from games.play import absence
from games.play.steps import advance_due_rounds
from games.rules.round import Round as EngineRound
from tests.play.timers import by_of_actions, table_of
from tests.table.clock import Clock

pytestmark = pytest.mark.django_db

GRACE = 5


@pytest.fixture
def clock(monkeypatch, settings):
    settings.DISCONNECT_GRACE_SECONDS = GRACE
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


def test_the_default_grace_is_five_seconds():
    from xuezhan import settings as project_settings

    assert project_settings.DISCONNECT_GRACE_SECONDS == GRACE


def people_to_choose(clock):
    """Two people and two computers; the computers have chosen their void suits, the
    people have not, and both have their table open."""
    room, users, rnd = table_of(2)
    for _ in range(10):
        clock.now += timedelta(seconds=1)
        advance_due_rounds()
    rnd.refresh_from_db()
    assert EngineRound.from_json(rnd.state).waiting_on() == [0, 1]
    Seat.objects.filter(room=room, user__isnull=False).update(last_seen=clock.now, online=True)
    return room, users, rnd


def test_a_closed_socket_makes_the_decision_due_within_the_grace(clock):
    room, users, rnd = people_to_choose(clock)
    start = clock.now
    absence.left(room_id=room.pk, user_id=users[1].pk)
    rnd.refresh_from_db()
    assert rnd.deadline <= start + timedelta(seconds=GRACE)
    # The loop wakes at the deadline, not a moment later: the seat is played then.
    clock.now = rnd.deadline
    advance_due_rounds()
    assert (1, "computer") in by_of_actions(rnd)
    rnd.refresh_from_db()
    assert EngineRound.from_json(rnd.state).voids[1] is not None
    assert clock.now - start <= timedelta(seconds=GRACE + 1)


def test_a_reconnect_within_the_grace_keeps_the_players_clock(clock):
    room, users, rnd = people_to_choose(clock)
    start = clock.now
    absence.left(room_id=room.pk, user_id=users[1].pk)
    clock.now = start + timedelta(seconds=2)
    absence.seen(room_id=room.pk, user_id=users[1].pk)
    clock.now = start + timedelta(seconds=GRACE + 1)
    advance_due_rounds()
    assert (1, "computer") not in by_of_actions(rnd)
    rnd.refresh_from_db()
    # Their own clock, from when the void choice began: 20 seconds.
    assert rnd.deadline == rnd.decision_started_at + timedelta(seconds=20)
    assert rnd.deadline > clock.now
