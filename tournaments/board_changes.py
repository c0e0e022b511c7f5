"""What a tournament page's socket is sent when its leaderboard changes: not the whole
board (200 rows are 68 KB, at every round's end and every seating, to every open page,
phones included) but the rows that changed and the order of all, which
static/js/tournament-live.js applies; the whole board when its shape changed (the first
row, the tournament's status) and to a page that just opened its socket.

Pure functions over the board as rendered (templates/tournaments/_leaderboard.html):
each row is ``<tr id="lb-<user id>" …>`` with its rank cell first, and the status line
is ``<p id="leaderboard-status" …>``. A row whose rank alone moved is not sent again: the
order carries each row's rank."""

import re
from dataclasses import dataclass

ROW_RE = re.compile(r'<tr id="lb-(\d+)"[^>]*>.*?</tr>', re.S)
# The rank cell, first in its row: its number is left out when rows are compared.
RANK_RE = re.compile(r'(<td class="lb-rank"[^>]*>)(\d+)(</td>)')
STATUS_RE = re.compile(r'<p id="leaderboard-status"[^>]*>.*?</p>', re.S)
SHAPE_RE = re.compile(r'<section id="leaderboard"[^>]*\bdata-status="(\w*)"')
DELTA_ID = "leaderboard-changes"
STATUS_ID = ' id="leaderboard-status"'


@dataclass(frozen=True, slots=True)
class Board:
    """One rendering of the leaderboard, read for comparing with the next."""

    whole: str  # the section as sent whole (hx-swap-oob)
    shape: tuple  # (the tournament's status, whether it has rows): a change sends it whole
    rows: dict  # user id -> the row's markup, its rank number left out
    markup: dict  # user id -> the row's markup as rendered
    order: tuple  # ((user id, rank), …) from the top
    status: str  # the status line's markup


def read(whole: str) -> Board:
    rows, markup, order = {}, {}, []
    for found in ROW_RE.finditer(whole):
        user_id, row = int(found.group(1)), found.group(0)
        rank = RANK_RE.search(row)
        markup[user_id] = row
        rows[user_id] = RANK_RE.sub(r"\1\3", row, count=1)
        order.append((user_id, int(rank.group(2)) if rank else 0))
    status = STATUS_RE.search(whole)
    shape = SHAPE_RE.search(whole)
    return Board(
        whole=whole,
        shape=(shape.group(1) if shape else "", bool(rows)),
        rows=rows,
        markup=markup,
        order=tuple(order),
        status=status.group(0) if status else "",
    )


def message(before: Board | None, after: Board) -> str | None:
    """What a page that shows ``before`` is sent to show ``after``: the whole board, the
    changes alone, or None when nothing it shows changed."""
    if before is None or before.shape != after.shape:
        return after.whole
    changed = [
        after.markup[user_id]
        for user_id, row in after.rows.items()
        if before.rows.get(user_id) != row
    ]
    parts = []
    if after.status != before.status:
        parts.append(
            after.status.replace(
                ' id="leaderboard-status"', ' id="leaderboard-status" hx-swap-oob="true"', 1
            )
        )
    if changed or after.order != before.order:
        order = " ".join(f"{user_id}:{rank}" for user_id, rank in after.order)
        parts.append(
            f'<div id="{DELTA_ID}" hx-swap-oob="true" hidden data-order="{order}">'
            f"<table><tbody>{''.join(changed)}</tbody></table></div>"
        )
    return "".join(parts) or None
