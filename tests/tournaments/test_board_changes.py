"""A tournament page's socket is sent the leaderboard's changes alone (issue 48: 200 rows
are 68 KB at each change): the rows that changed and the order of all, the whole board
when its shape changed; nothing when nothing it shows changed. Read from the real
template (templates/tournaments/_leaderboard.html), so that the two stay in step."""

import re
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation

from tournaments import board_changes, live
from tournaments.standings import Standing


def board(rows, *, status="running", tables=None):
    """The board as the socket renders it: ``rows`` (name, points, rounds) from the top,
    ranked as the standings rank (equal points share a rank); ``tables``: name -> (table
    number, room code) for those seated."""
    tables = tables or {}
    standings, rank = [], 0
    for index, (name, points, rounds) in enumerate(rows):
        if index == 0 or points != rows[index - 1][1]:
            rank = index + 1
        user_id = int(name[1:])
        standings.append(Standing(rank, user_id, user_id, name, points, rounds, False))
    context = {
        "tournament": SimpleNamespace(
            status=status, format="arena", get_status_display=lambda: status
        ),
        "rows": [{"row": row, "table": tables.get(row.name)} for row in standings],
        "tables_playing": len(set(tables.values())),
        "waiting": len(rows) - len(tables),
        "oob": True,
    }
    with translation.override("en"):
        return board_changes.read(render_to_string(live.BOARD_TEMPLATE, context))


FIELD = [(f"p{n}", 100 - n, 3) for n in range(1, 201)]  # 200 players, all different


def test_nothing_shown_changed_sends_nothing():
    assert board_changes.message(board(FIELD), board(FIELD)) is None


def test_the_first_board_and_a_change_of_shape_are_sent_whole():
    first = board(FIELD)
    assert board_changes.message(None, first) == first.whole
    finished = board(FIELD, status="finished")
    assert board_changes.message(first, finished) == finished.whole
    empty = board([])
    assert board_changes.message(empty, first) == first.whole


def test_a_round_ending_sends_its_players_rows_and_the_order_not_the_rows_that_moved():
    before = board(FIELD)
    # p150 wins 60 and climbs to the top; everybody above them goes down a place.
    after_rows = [("p150", 110, 4)] + [row for row in FIELD if row[0] != "p150"]
    after = board(after_rows)
    message = board_changes.message(before, after)
    rows = re.findall(r'<tr id="lb-(\d+)"', message)
    assert rows == ["150"]
    order = re.search(r'data-order="([^"]*)"', message).group(1).split()
    assert order[:3] == ["150:1", "1:2", "2:3"] and len(order) == 200
    assert "hx-swap-oob" in message and '<section id="leaderboard"' not in message
    # A twentieth of the whole board or less.
    assert len(message.encode()) * 20 < len(after.whole.encode())


def test_a_seating_sends_the_seated_rows_and_the_status_line():
    before = board(FIELD)
    after = board(FIELD, tables={"p7": (3, "ABC123"), "p9": (3, "ABC123")})
    message = board_changes.message(before, after)
    assert sorted(re.findall(r'<tr id="lb-(\d+)"', message)) == ["7", "9"]
    assert 'data-table="ABC123"' in message
    # The status line counts the tables being played: sent to swap in by its id.
    assert '<p id="leaderboard-status" hx-swap-oob="true"' in message
    assert "1 table being played" in message


def test_equal_points_share_a_rank_in_the_order():
    after = board([("p1", 5, 1), ("p2", 5, 1), ("p3", 0, 1)])
    before = board([("p1", 5, 1), ("p2", 4, 1), ("p3", 0, 1)])
    message = board_changes.message(before, after)
    assert re.search(r'data-order="([^"]*)"', message).group(1) == "1:1 2:1 3:3"
    assert re.findall(r'<tr id="lb-(\d+)"', message) == ["2"]
