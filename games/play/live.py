"""The live rounds of this process: each room's round as this process last committed it,
kept in memory between moves so that a move need not read it back.

A room's moves come to one process (the proxy pins a room to a process; ``make run`` is
one process), so the round that process committed last is almost always still the
stored one. Almost: a drain or a change of the hash ring sends a room elsewhere for a
while, the worker takes a step when a process died, and the absence and outage rules
move a deadline. So nothing here is trusted: the move writes the round only where the
stored row still holds what the memory copy holds (``Marks``: the version, which every
move counts up, and the deadline and decision clock, which are all that anybody else
writes of a round in play), and when the row has changed (``Moved``) the move is rolled
back and taken again from the stored round, as without memory.

What is kept is the model row (its engine state as JSON), not an engine: the engine a
move produced is the one the sockets' event loop renders the table from, while the next
move would change its copy on the database thread; rebuilding it from the JSON costs
25–40 µs. The room and the seats are read with every move (one query): presence
heartbeats of every process, 托管, the absence rules and the seating write them, and a
stale seat would decide who the computer plays for.

A process that starts (or restarts) holds nothing and reads every room's round at its
first move; a move that fails drops the copy.
"""

from typing import NamedTuple

from games.models import Round


class Moved(Exception):
    """The stored round is no longer the one the move started from: another process,
    a step or a rule of absence wrote it since. Nothing of the move is kept."""


class Marks(NamedTuple):
    """What a move expects the stored round to hold when it writes it."""

    version: int
    deadline: object
    decision_started_at: object

    @classmethod
    def of(cls, rnd: Round) -> "Marks":
        return cls(rnd.version, rnd.deadline, rnd.decision_started_at)


# room id -> the round as committed by this process (not its room: read with each move).
_rounds: dict[int, Round] = {}


def take(room_id: int) -> Round | None:
    """The room's round as this process committed it last, taken out (a move that
    fails leaves nothing behind); None when this process holds none."""
    return _rounds.pop(room_id, None)


def put_back(rnd: Round) -> None:
    """A round taken by a move that wrote nothing (refused, or a retry already applied)."""
    _rounds[rnd.room_id] = rnd


def hold(rnd: Round) -> None:
    """After a move's commit: hold ``rnd`` (a copy of the round as committed, shared with
    nothing else). A finished round is let go: the next one is dealt in a row of its own."""
    if rnd.status == Round.Status.ENDED:
        _rounds.pop(rnd.room_id, None)
    else:
        _rounds[rnd.room_id] = rnd


def forget(room_id: int | None = None) -> None:
    """Drop one room's round, or every round (tests: each test numbers its rows again)."""
    if room_id is None:
        _rounds.clear()
    else:
        _rounds.pop(room_id, None)


def held() -> int:
    """How many rounds this process holds."""
    return len(_rounds)
