"""The round a process holds in memory between moves (games.play.live): a move on it
reads only the room with its seats, and writes the round only where the stored row is
still the one held; anything written elsewhere since makes the move start again from
the stored round, so that nothing another process, a step or a rule of absence wrote is
ever overwritten from memory."""

import copy
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Event, Round
from games.play import live, move_sql
from games.play.errors import ServiceError
from games.play.moves import apply_action, apply_move
from games.rules.round import Round as EngineRound
from tests.play.races import discards_from_two_tabs
from tests.tables import four_people

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    room, _users = four_people("live")
    by_seat = {s.index: s.user for s in room.seats.select_related("user")}
    return room, by_seat


def _stored(room) -> Round:
    return Round.objects.get(room=room)


def _choose_void(room, by_seat, seat: int, suit: str = "m", *, committed, version=None):
    """``seat``'s void choice at ``version`` (the stored one by default), as its page
    would send it."""
    if version is None:
        version = _stored(room).version
    with committed(execute=True):
        return apply_move(
            room_id=room.pk,
            user=by_seat[seat],
            action={"type": "void", "suit": suit},
            expected_version=version,
        )


def _void(engine: EngineRound, seat: int) -> str:
    return "mps"[engine.voids[seat]]


def _reads_of_rounds(queries) -> list[str]:
    table = Round._meta.db_table
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith("SELECT") and table in q["sql"]
    ]


def test_after_a_move_the_next_reads_the_room_and_seats_only(
    table, django_capture_on_commit_callbacks
):
    room, by_seat = table
    _choose_void(room, by_seat, 0, committed=django_capture_on_commit_callbacks)
    assert live.held() == 1
    stored_before = _stored(room).version
    with CaptureQueriesContext(connection) as queries:
        _choose_void(
            room, by_seat, 1, committed=django_capture_on_commit_callbacks, version=stored_before
        )
    assert _reads_of_rounds(queries) == []
    selects = [q for q in queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1  # the room with its seats
    stored = _stored(room)
    assert stored.version == stored_before + 1
    engine = EngineRound.from_json(stored.state)
    assert [_void(engine, s) for s in (0, 1)] == ["m", "m"]


def test_a_round_moved_elsewhere_is_read_again_and_the_move_applies_to_it(
    table, django_capture_on_commit_callbacks
):
    """Another process moved the round after this one last held it (its copy is a version
    behind): the move is not written over the other's; it is taken from the stored round."""
    room, by_seat = table
    _choose_void(room, by_seat, 0, committed=django_capture_on_commit_callbacks)
    behind = copy.copy(live.take(room.pk))
    behind_version = behind.version
    # "Another process": a move through the locked path, its copy not held here.
    apply_action(
        round_id=behind.pk,
        user=by_seat[1],
        action={"type": "void", "suit": "p"},
        expected_version=behind.version,
    )
    live.put_back(behind)
    # Seat 2's page had not seen seat 1's answer: an answer to the same question, taken.
    _choose_void(
        room,
        by_seat,
        2,
        "s",
        committed=django_capture_on_commit_callbacks,
        version=behind_version,
    )
    stored = _stored(room)
    engine = EngineRound.from_json(stored.state)
    assert [_void(engine, s) for s in range(3)] == ["m", "p", "s"]
    assert stored.version == behind_version + 2
    numbers = list(Event.objects.filter(round=stored).values_list("number", flat=True))
    assert numbers == list(range(1, stored.last_event + 1))  # none lost, none doubled
    assert live.take(room.pk).version == stored.version  # held again, as stored


def test_a_clock_moved_elsewhere_is_not_written_over_from_memory(
    table, django_capture_on_commit_callbacks
):
    """The absence rules and the seating move a round's clock without a move; a move that
    keeps the decision's clock (another player's void choice) keeps the moved one."""
    room, by_seat = table
    _choose_void(room, by_seat, 0, committed=django_capture_on_commit_callbacks)
    moved_clock = timezone.now() + timedelta(seconds=7)
    Round.objects.filter(room=room).update(decision_started_at=moved_clock)
    _choose_void(room, by_seat, 1, committed=django_capture_on_commit_callbacks)
    assert _stored(room).decision_started_at == moved_clock


def test_a_refused_move_changes_nothing_and_is_refused_from_the_stored_round(
    table, django_capture_on_commit_callbacks
):
    room, by_seat = table
    _choose_void(room, by_seat, 0, committed=django_capture_on_commit_callbacks)
    version = _stored(room).version
    with pytest.raises(ServiceError):
        apply_move(
            room_id=room.pk,
            user=by_seat[1],
            action={"type": "discard", "tile": "1m"},  # not a void choice
            expected_version=version,
        )
    assert _stored(room).version == version
    _choose_void(room, by_seat, 1, committed=django_capture_on_commit_callbacks)
    assert _stored(room).version == version + 1


def test_a_move_whose_write_fails_leaves_nothing_held_or_stored(
    table, django_capture_on_commit_callbacks, monkeypatch
):
    room, by_seat = table
    _choose_void(room, by_seat, 0, committed=django_capture_on_commit_callbacks)
    stored = _stored(room)

    def database_gone(rows):
        raise DatabaseError("connection lost")

    monkeypatch.setattr(move_sql, "insert_events", database_gone)
    with pytest.raises(DatabaseError):
        _choose_void(room, by_seat, 1, committed=django_capture_on_commit_callbacks)
    assert live.held() == 0
    after = _stored(room)
    assert (after.version, after.last_event) == (stored.version, stored.last_event)
    monkeypatch.undo()
    _choose_void(room, by_seat, 1, committed=django_capture_on_commit_callbacks)
    assert _stored(room).version == stored.version + 1


def test_a_finished_round_is_let_go(table, django_capture_on_commit_callbacks):
    """The next round is dealt in a row of its own: a process must never move the old one."""
    from games.play.steps import run_bots
    from games.rooms.seating import set_auto_play

    room, by_seat = table
    for user in by_seat.values():
        set_auto_play(room=room, user=user, on=True)
    rnd = _stored(room)
    with django_capture_on_commit_callbacks(execute=True):
        run_bots(round_id=rnd.pk)
    assert _stored(room).status == Round.Status.ENDED
    assert live.take(room.pk) is None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_processes_holding_the_same_round_write_it_once(monkeypatch):
    """Two processes both hold the round at the same version (a drain: the room's sockets
    split over two) and a player's two tabs send two discards at once. The second write
    waits on the row, finds it moved, and is taken again from the stored round: refused
    as stale, or taken for the first sent again. One discard is applied."""
    room, users = four_people("race")
    by_seat = {s.index: s.user for s in room.seats.select_related("user")}
    for seat in range(4):
        apply_move(
            room_id=room.pk,
            user=by_seat[seat],
            action={"type": "void", "suit": "m"},
            expected_version=_stored(room).version,
        )
    held = _stored(room)
    engine = EngineRound.from_json(held.state)
    dealer = engine.current
    # Each "process" takes its own copy of the round as both last committed it.
    monkeypatch.setattr(live, "take", lambda room_id: copy.copy(held))

    def discard(tile):
        result = apply_move(
            room_id=room.pk,
            user=by_seat[dealer],
            action={"type": "discard", "tile": tile},
            expected_version=held.version,
        )
        return "duplicate" if result.duplicate else "applied"

    tiles, outcomes = discards_from_two_tabs(engine, dealer, discard)
    expected = ["applied", "duplicate"] if tiles[0] == tiles[1] else ["applied", "stale"]
    assert sorted(outcomes) == expected
    stored = _stored(room)
    assert stored.version == held.version + 1
    assert stored.events.filter(kind="action", seat=dealer, version__gt=held.version).count() == 1
