"""The tournament page as the players read it: regexes over the markup the site sends
(templates/tournaments/detail.html and _leaderboard.html), as tournament-live.js reads it:
the reader's id (``data-me``), their row of the leaderboard (``tr data-user``) with their
rounds and, while they are seated, their table's room code (``data-table``), from the
whole board or from the changes the socket sends after it."""

import re
from dataclasses import dataclass

from benchmarks.load.markup import text_of

ME_RE = re.compile(r"""class="tournament-live"\s+data-me="(\d*)\"""")
BOARD_RE = re.compile(r"""<section id="leaderboard"[^>]*\bdata-status="(\w+)\"""")
TD_RE = re.compile(r"<td\b[^>]*>(.*?)</td>", re.S)
CHANGES_RE = re.compile(r"""<div id="leaderboard-changes"[^>]*\bdata-order=""")
STATUS_LINE_RE = re.compile(r'\s*<p id="leaderboard-status"')
NOTE_RE = re.compile(r"""<p id="tournament-note"[^>]*>(.*?)</p>""", re.S)
CODE_RE = re.compile(r"/tournaments/([^/]+)/$")


@dataclass(frozen=True)
class Row:
    rounds: int  # the Rounds column
    table: str | None  # the room code of the table they are seated at, if any


def me(page: str) -> int | None:
    found = ME_RE.search(page)
    return int(found.group(1)) if found and found.group(1) else None


def status(frame: str) -> str | None:
    """The tournament's status a leaderboard shows (scheduled, running, finished), or
    None when ``frame`` holds no leaderboard."""
    found = BOARD_RE.search(frame)
    return found.group(1) if found else None


def is_changes(frame: str) -> bool:
    """Whether ``frame`` holds the leaderboard's changes alone (tournaments.board_changes):
    the rows that changed, a row that is not there did not."""
    return CHANGES_RE.search(frame) is not None or STATUS_LINE_RE.match(frame) is not None


def row_pattern(user_id: int) -> re.Pattern:
    return re.compile(
        rf"""<tr id="lb-{user_id}" data-user="{user_id}"(?: data-table="([^"]*)")?>(.*?)</tr>""",
        re.S,
    )


def row_of(frame: str, pattern: re.Pattern) -> Row | None:
    """The reader's row (``pattern``: row_pattern of their id), or None if it has none."""
    found = pattern.search(frame)
    if found is None:
        return None
    cells = TD_RE.findall(found.group(2))  # rank, points, rounds, table (the name is a th)
    try:
        rounds = int(text_of(cells[2]))
    except (IndexError, ValueError):
        return None
    return Row(rounds, found.group(1) or None)


def note(frame: str) -> str | None:
    """The page's note, when the socket says why it stopped updating."""
    found = NOTE_RE.search(frame)
    return text_of(found.group(1)) if found else None
