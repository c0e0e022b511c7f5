"""What one move costs the database, pinned, so that a later change cannot quietly bring
back the queries that made one server process serve ten moves a second."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.models import Round
from games.play.moves import apply_move
from games.play.snapshot import load_snapshot
from games.players.computer import choose_action
from games.rooms.seating import create_room
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict
from games.table import presence
from games.table.parts import render_table
from tests.tables import four_people

pytestmark = pytest.mark.django_db

# The most statements each step may take, as measured. A move: BEGIN, the round locked
# with its room, the seats, the new events, the round's new state, COMMIT (PostgreSQL
# does not count BEGIN and COMMIT among the queries, SQLite does). On the round the
# process holds (games.play.live): BEGIN, the room with its seats, the round's new
# state, the new events, COMMIT.
MOVE_QUERIES = 6
HELD_MOVE_QUERIES = 5
LOAD_QUERIES = 2  # the seats with their room and users, the latest round


@pytest.fixture
def table():
    room, _users = four_people("c")
    by_seat = {s.index: s.user for s in room.seats.select_related("user")}
    return room, by_seat


def _void_choice(room, by_seat):
    rnd = Round.objects.get(room=room)
    seat = EngineRound.from_json(rnd.state).waiting_on()[0]
    return by_seat[seat], {"type": "void", "suit": "m"}, rnd.version


def test_a_move_takes_a_handful_of_queries(table, django_assert_max_num_queries):
    room, by_seat = table
    user, action, version = _void_choice(room, by_seat)
    with django_assert_max_num_queries(MOVE_QUERIES):
        apply_move(room_id=room.pk, user=user, action=action, expected_version=version)
    assert Round.objects.get(room=room).version == version + 1


def test_a_move_on_the_round_the_process_holds_reads_one_thing(
    table, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    room, by_seat = table
    user, action, version = _void_choice(room, by_seat)
    with django_capture_on_commit_callbacks(execute=True):
        apply_move(room_id=room.pk, user=user, action=action, expected_version=version)
    user, action, version = _void_choice(room, by_seat)
    with (
        django_assert_max_num_queries(HELD_MOVE_QUERIES),
        django_capture_on_commit_callbacks(execute=True),
    ):
        apply_move(room_id=room.pk, user=user, action=action, expected_version=version)
    assert Round.objects.get(room=room).version == version + 1


def test_a_payment_adds_two_queries_for_the_ledger(table):
    room, by_seat = table
    rng = random.Random(5)
    paid = 0
    for _ in range(400):
        rnd = Round.objects.get(room=room)
        engine = EngineRound.from_json(rnd.state)
        if engine.phase == "ended":
            break
        seat = engine.waiting_on()[0]
        action = action_to_dict(choose_action(engine, seat, "strong", rng))
        with CaptureQueriesContext(connection) as queries:
            result = apply_move(
                room_id=room.pk, user=by_seat[seat], action=action, expected_version=rnd.version
            )
        pays = any(e["type"] == "payment" for e in result.events)
        ends = any(e["type"] == "round_end" for e in result.events)
        paid += pays
        # A payment adds two: its events' ids and the ledger's rows; the end of the
        # round one, the room's status.
        assert len(queries) <= MOVE_QUERIES + 2 * pays + ends
    assert paid


def test_one_load_serves_every_viewer_and_rendering_reads_nothing(
    table, django_assert_max_num_queries
):
    room, by_seat = table
    load_snapshot(room.pk)  # the first load also sums the room's earlier rounds
    with django_assert_max_num_queries(LOAD_QUERIES):
        snap = load_snapshot(room.pk)
    with django_assert_max_num_queries(0), translation.override("zh-hans"):
        for user in by_seat.values():
            render_table(snap, user=user, csrf="").full()


def test_presence_of_every_open_socket_is_one_write(table, django_assert_max_num_queries):
    room, by_seat = table
    other = create_room(owner=by_seat[0], name="u", options={})
    pairs = {(room.pk, u.pk) for u in by_seat.values()} | {(other.pk, by_seat[0].pk)}
    with django_assert_max_num_queries(1):
        assert presence.mark_seen(pairs) == 5


def test_the_table_a_move_hands_over_is_the_table_the_database_holds(
    table, django_capture_on_commit_callbacks
):
    """The process that applied a move gives its sockets the table in memory instead of
    reading it back: every viewer must see exactly what a fresh load would show."""
    from games.play import snapshot

    room, by_seat = table
    user, action, version = _void_choice(room, by_seat)
    snapshot.forget_cached()
    with django_capture_on_commit_callbacks(execute=True):
        apply_move(room_id=room.pk, user=user, action=action, expected_version=version)
    (handed,) = snapshot._GIVEN.values()
    loaded = load_snapshot(room.pk)
    assert handed.version == loaded.version == version + 1
    with translation.override("zh-hans"):
        for viewer in by_seat.values():
            assert (
                render_table(handed, user=viewer, csrf="").full()
                == render_table(loaded, user=viewer, csrf="").full()
            )


# A table's page for a person seated there: their session and user, the room, the club
# guard (is it a club's room?), the table (its seats with their room and users, its latest
# round) and how many watch. The seats the page needs (who sits, the seats still free,
# the coach's switch) come from the table as loaded.
TABLE_PAGE_QUERIES = 7


def test_a_table_page_reads_the_table_once(table, django_assert_max_num_queries):
    from django.test import Client
    from django.urls import reverse

    room, by_seat = table
    client = Client()
    client.force_login(by_seat[0])
    client.get(reverse("table", args=[room.code]))  # once per process: earlier rounds' sums
    with django_assert_max_num_queries(TABLE_PAGE_QUERIES):
        assert client.get(reverse("table", args=[room.code])).status_code == 200


def test_a_socket_finds_its_room_and_its_seat_in_one_query(table, django_assert_num_queries):
    from games.table.consumers import TableConsumer

    # The lookup as the database thread runs it (database_sync_to_async's function):
    # through the wrapper it would close this test's connection inside its transaction.
    lookup = TableConsumer.__dict__["_lookup"].func
    room, by_seat = table
    socket = TableConsumer()
    socket.code = room.code
    for user, seated in ((by_seat[1], True), (create_room_owner(), False)):
        socket.user = user
        with django_assert_num_queries(1):
            assert lookup(socket) == (room.pk, seated)
    socket.code = "NOSUCH"
    assert lookup(socket) == (None, False)


def create_room_owner():
    from django.contrib.auth.models import User

    return User.objects.create_user("passer-by", password="x-long-password-1")


def test_a_second_tab_of_a_player_there_redraws_nobodys_table(
    table, monkeypatch, django_capture_on_commit_callbacks
):
    from games.play import absence, broadcast

    room, by_seat = table
    redrawn = []
    monkeypatch.setattr(broadcast, "broadcast_table_changed", lambda r, *a, **k: redrawn.append(r))
    with django_capture_on_commit_callbacks(execute=True):
        absence.seen(room_id=room.pk, user_id=by_seat[2].pk, shown_away=True)
    assert [r.pk for r in redrawn] == [room.pk]  # 离线 no more: the others see it at once
    redrawn.clear()
    with django_capture_on_commit_callbacks(execute=True):
        absence.seen(room_id=room.pk, user_id=by_seat[2].pk, shown_away=False)
    assert redrawn == []  # nothing on anybody's table changed
