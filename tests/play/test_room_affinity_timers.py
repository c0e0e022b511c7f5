"""Several processes (deploy/): the process that holds a room's sockets takes its due
steps at once; any other process, and the worker, only once they are overdue by
TIMER_TAKEOVER_SECONDS (the holder died or is draining)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Round
from games.play.steps import advance_due_rounds
from tests.play.timers import play_until_held, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(no_waiting, settings):
    settings.DISCONNECT_GRACE_SECONDS = 15


def a_computer_due_now():
    """A table of one person and three computers, a computer's move due now."""
    room, users, rnd = table_of(1)
    rnd.refresh_from_db()
    due = timezone.now()
    Round.objects.filter(pk=rnd.pk).update(deadline=due)
    return room, rnd, due


def test_the_process_holding_the_room_takes_its_due_step_at_once():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    advance_due_rounds(now=due, here={room.pk}, takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version > version


def test_another_process_leaves_a_due_step_to_its_holder_until_it_is_overdue():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    wait = advance_due_rounds(now=due + timedelta(seconds=0.5), here=set(), takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version == version  # not its room, not overdue: untouched
    assert wait == pytest.approx(1.0, abs=0.3)  # it looks again when it would be overdue
    advance_due_rounds(now=due + timedelta(seconds=1.6), here=set(), takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version > version  # overdue: its holder is gone, this process takes it


def test_one_process_alone_takes_every_due_step_at_once():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    advance_due_rounds(now=due, here=set(), takeover=0)
    rnd.refresh_from_db()
    assert rnd.version > version


def test_the_worker_looks_once_and_sleeps_while_nothing_is_due(django_assert_num_queries):
    room, rnd, due = a_computer_due_now()
    Round.objects.filter(pk=rnd.pk).update(deadline=due + timedelta(seconds=30))
    with django_assert_num_queries(1):  # one look at the next deadline, no claim
        wait = advance_due_rounds(now=due, here=set(), takeover=1.5)
    assert wait == pytest.approx(31.5, abs=0.5)


def test_an_offer_pause_its_process_never_ended_is_over_for_a_player_who_returns(settings):
    """A process died between a discard nobody took and the end of its pause. When the
    players' pages reconnect elsewhere, the table they load is past the pause (its end is
    never written: whoever reads the round after it forgets the hold), and the next
    person's move is taken, not refused as if the tile were still on offer."""
    import random
    import time

    from django.utils import timezone

    from games.play import absence, offers
    from games.play.moves import apply_action
    from games.play.snapshot import load_snapshot
    from games.players.computer import choose_action
    from games.rules.round import Round as EngineRound
    from games.rules.round import action_to_dict

    settings.OFFER_PAUSE_SECONDS = 0.5
    room, users, rnd = table_of(4)
    rng = random.Random(3)
    rnd = play_until_held(rnd, users, rng, limit=200)
    reveal = offers.held_until(rnd)
    assert reveal is not None
    time.sleep(max((reveal - timezone.now()).total_seconds(), 0) + 0.05)
    later = timezone.now() + timedelta(seconds=5)  # nobody ended the pause: its process died
    absence.reschedule_current(room.pk, later)
    rnd.refresh_from_db()
    engine = EngineRound.from_json(rnd.state)
    assert engine.phase == "turn"
    # The next person's clock runs from the end of the pause, not from their return.
    assert rnd.deadline == reveal + timedelta(seconds=engine.options.turn_seconds)
    table = load_snapshot(room.pk)
    assert table.held is None and table.offer_version is None
    seat = engine.waiting_on()[0]
    result = apply_action(
        round_id=rnd.pk,
        user=users[seat],
        expected_version=rnd.version,
        action=action_to_dict(choose_action(engine, seat, "strong", rng)),
    )
    assert result.version == rnd.version + 1


def test_a_room_is_held_while_a_person_of_it_is_seen_by_a_live_process(settings):
    """The worker (or another web process) that took an overdue step goes on driving the
    room only when no live process holds its people: a room whose process was only slow
    stays with it."""
    from games.models import Seat
    from games.play.deadlines import held_by_a_live_process

    room, users, rnd = table_of(1)
    now = timezone.now()
    Seat.objects.filter(room=room, user__isnull=False).update(online=True, last_seen=now)
    assert held_by_a_live_process(room.pk, now)
    silent = now + timedelta(seconds=3 * settings.PRESENCE_SECONDS + 1)  # process died
    assert not held_by_a_live_process(room.pk, silent)
    Seat.objects.filter(room=room, user__isnull=False).update(online=False)  # page closed
    assert not held_by_a_live_process(room.pk, now)
