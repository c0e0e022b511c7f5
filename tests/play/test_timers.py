"""Deadlines, default moves, auto-play, absence and unattended tables (RULES.md 11)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.history.replay import check
from games.models import Room, Round, Seat
from games.play import absence, steps
from games.play.deadlines import is_away
from games.play.moves import apply_action
from games.play.steps import advance_due_rounds, computer_step
from games.rooms.seating import (
    add_bot,
    create_room,
    leave_seat,
    set_auto_play,
    set_auto_rounds,
)
from games.rules.round import Round as EngineRound
from tests.play.timers import advance, by_of_actions, people, present, table_of
from tests.tables import LATER

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(no_waiting, settings):
    settings.DISCONNECT_GRACE_SECONDS = 15


def engine(rnd) -> EngineRound:
    rnd.refresh_from_db()
    return EngineRound.from_json(rnd.state)


def test_every_pending_decision_has_a_deadline_from_the_room_options():
    room, users, rnd = table_of(4, {"void_seconds": 11, "turn_seconds": 22})
    assert rnd.deadline == rnd.decision_started_at + timedelta(seconds=11)
    started = rnd.decision_started_at
    apply_action(
        round_id=rnd.pk, user=users[0], action={"type": "void", "suit": "m"}, expected_version=0
    )
    rnd.refresh_from_db()
    assert rnd.decision_started_at == started  # answering a void keeps the decision's clock
    for seat in (1, 2, 3):
        apply_action(
            round_id=rnd.pk,
            user=users[seat],
            action={"type": "void", "suit": "m"},
            expected_version=rnd.version,
        )
        rnd.refresh_from_db()
    assert engine(rnd).phase == "turn"
    assert rnd.decision_started_at > started
    assert rnd.deadline == rnd.decision_started_at + timedelta(seconds=22)


def test_a_passed_deadline_applies_the_default_move_once():
    room, users, rnd = table_of(4)
    due = rnd.deadline + timedelta(seconds=1)
    advance(room, due)
    state = engine(rnd)
    assert state.phase == "turn" and None not in state.voids
    assert by_of_actions(rnd) == [(seat, "timeout") for seat in range(4)]
    version = rnd.version
    advance(room, due)  # noticed again: nothing more happens
    rnd.refresh_from_db()
    assert rnd.version == version
    # Each void is the suit with fewest tiles (RULES.md section 11).
    fresh = EngineRound.deal(rnd.seed, rnd.dealer)
    for seat in range(4):
        counts = [sum(fresh.hands[seat][s * 9 : (s + 1) * 9]) for s in range(3)]
        assert counts[state.voids[seat]] == min(counts)


def test_two_timeouts_in_a_row_switch_on_auto_play_and_the_player_switches_it_off():
    room, users, rnd = table_of(4)
    advance(room, rnd.deadline + timedelta(seconds=1))  # voids
    rnd.refresh_from_db()
    dealer = engine(rnd).current
    advance(room, rnd.deadline + timedelta(seconds=1))  # the first discard
    seat = Seat.objects.get(room=room, index=dealer)
    assert seat.timeouts == 2 and seat.auto_play
    # The clock jumped far enough for some answers to time out too: whoever missed two
    # deadlines in a row, and only they, are on auto-play.
    assert all((s.timeouts >= 2) == s.auto_play for s in Seat.objects.filter(room=room))
    set_auto_play(room=room, user=users[dealer], on=False)
    seat.refresh_from_db()
    assert not seat.auto_play and seat.timeouts == 0


def test_acting_in_between_resets_the_count():
    room, users, rnd = table_of(4)
    advance(room, rnd.deadline + timedelta(seconds=1))
    rnd.refresh_from_db()
    state = engine(rnd)
    dealer = state.current
    # The first offers may be a concealed kong or 自摸 (listed before the discards): pick
    # a discard the rules allow, whatever the deal.
    action = next(a for a in state.view(dealer)["legal"] if a["type"] == "discard")
    apply_action(round_id=rnd.pk, user=users[dealer], action=action, expected_version=rnd.version)
    assert Seat.objects.get(room=room, index=dealer).timeouts == 0


def test_a_person_on_auto_play_is_played_by_the_computer_at_once():
    room, users, rnd = table_of(4)
    set_auto_play(room=room, user=users[2], on=True)
    rnd.refresh_from_db()
    assert rnd.deadline <= timezone.now()  # a computer move is due now
    advance_due_rounds()
    assert (2, "computer") in by_of_actions(rnd)


def test_one_person_and_three_computers_finish_while_the_person_does_nothing():
    room, users, rnd = table_of(1)
    for _ in range(500):  # the person's socket stays open, they just never move
        advance(room, timezone.now() + LATER)
        if engine(rnd).phase == "ended":
            break
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    assert Seat.objects.get(room=room, index=0).auto_play  # two missed deadlines: 托管
    assert by_of_actions(rnd).count((0, "timeout")) == 2
    assert check(rnd).ok
    assert rnd.deadline is None  # a person must press ready for the next round


def unattended_room(rounds: int, level: str = "strong") -> Room:
    """Four computer players, asked by the (standing) owner to play ``rounds`` rounds."""
    owner = people(1)[0]
    room = create_room(owner=owner, name="bots", options={})
    leave_seat(room=room, user=owner)
    set_auto_rounds(room=room, user=owner, rounds=rounds)
    for index in range(4):
        add_bot(room=room, user=owner, index=index, level=level)
    return room


def test_four_computers_play_ten_rounds_unattended():
    room = unattended_room(10)
    for _ in range(5000):
        if advance_due_rounds(now=timezone.now() + LATER) is None:
            break
    rounds = list(Round.objects.filter(room=room).order_by("number"))
    assert [r.number for r in rounds] == list(range(1, 11))
    assert all(r.status == Round.Status.ENDED for r in rounds)
    assert all(check(r).ok for r in rounds)
    room.refresh_from_db()
    assert room.auto_rounds == 0 and room.status == Room.Status.OPEN
    for previous, following in zip(rounds, rounds[1:], strict=False):
        assert following.dealer == previous.state["next_dealer"]


def test_a_disconnected_player_is_played_after_the_grace_period_and_gets_the_seat_back():
    room, users, rnd = table_of(2)
    now = timezone.now()
    absence.left(room_id=room.pk, user_id=users[1].pk)
    rnd.refresh_from_db()
    grace_end = now + timedelta(seconds=15)
    assert rnd.deadline <= grace_end + timedelta(seconds=1)
    advance_due_rounds(now=grace_end + timedelta(seconds=1))
    assert (1, "computer") in by_of_actions(rnd)
    assert engine(rnd).voids[1] is not None
    # Back again: the seat is the person's, and the person's clock applies.
    absence.seen(room_id=room.pk, user_id=users[1].pk)
    seat = Seat.objects.get(room=room, index=1)
    assert not is_away(seat, timezone.now())


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_drivers_racing_apply_the_default_move_once():
    room, users, rnd = table_of(4)
    due = rnd.deadline + timedelta(seconds=1)
    barrier = threading.Barrier(2)

    present(room, due)

    def drive():
        try:
            barrier.wait()
            advance_due_rounds(now=due)
        finally:
            connection.close()

    threads = [threading.Thread(target=drive) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rnd.refresh_from_db()
    assert by_of_actions(rnd) == [(seat, "timeout") for seat in range(4)]
    assert rnd.version == 4 and check(rnd).ok


def test_the_worker_command_plays_due_moves_until_idle():
    from django.core.management import call_command

    room = unattended_room(1, level="easy")
    call_command("run_worker", "--until-idle", stdout=open("/dev/null", "w"))
    rnd = Round.objects.get(room=room)
    assert rnd.status == Round.Status.ENDED and check(rnd).ok


def test_a_round_whose_step_fails_is_put_back_and_the_others_go_on(monkeypatch):
    broken_room, users, broken = table_of(1)
    fine_room = unattended_room(1, level="easy")
    real_step = computer_step

    def failing(rnd, now):
        if rnd.pk == broken.pk:
            raise RuntimeError("a bug in one round")
        return real_step(rnd, now)

    monkeypatch.setattr(steps, "computer_step", failing)
    before = engine(broken).to_json()
    for _ in range(3000):
        if (
            advance_due_rounds() is None
            or Round.objects.filter(room=fine_room, status=Round.Status.ENDED).exists()
        ):
            break
    assert Round.objects.get(room=fine_room).status == Round.Status.ENDED
    broken.refresh_from_db()
    assert engine(broken).to_json() == before  # nothing half-applied
    assert broken.deadline > timezone.now()  # looked at again later, not in a tight loop


def test_a_person_expected_later_is_arriving_until_then_and_away_only_after_the_grace():
    """A table that seats people elsewhere (a tournament's new table) counts them as seen
    when they are expected: on the way until then (入座中), and the absence's grace runs
    from that moment (tournaments.tables.expected_by)."""
    from games.play.deadlines import is_arriving

    seated = timezone.now()
    expected = seated + timedelta(seconds=10)
    on_the_way = Seat(index=1, user_id=7, online=False, last_seen=expected)
    assert is_arriving(on_the_way, seated) and not is_away(on_the_way, seated)
    assert is_arriving(on_the_way, expected - timedelta(seconds=1))
    assert not is_arriving(on_the_way, expected)
    assert not is_away(on_the_way, expected + timedelta(seconds=14))  # grace: 15 s
    assert is_away(on_the_way, expected + timedelta(seconds=15))
    # A person who is here, and a seat without a person (a computer's, an empty one), never.
    assert not is_arriving(Seat(index=1, user_id=7, online=True, last_seen=expected), seated)
    assert not is_arriving(Seat(index=2, user_id=None, online=False, last_seen=expected), seated)
