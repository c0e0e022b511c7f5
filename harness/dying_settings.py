"""Settings for a site process that dies by its own hand (SIGKILL: no clean-up, as when a
machine fails) at one instant of one move, for the tests of what such a death may lose
(tests/site/test_death_mid_move.py). The project's own settings otherwise.

``XUEZHAN_DIE_ON_MOVE`` = N: the N-th move this process writes. ``XUEZHAN_DIE_AT``:

- ``uncommitted``: its events and its round written, the transaction not committed;
- ``unsent``: committed, before anything of it is sent to any socket (the kill is a hook
  run after the commit, registered before the move's own hook that sends its table).

``XUEZHAN_DIE_HELD`` = 1: count only the moves written on a round held in memory (a
person's move on the process's live round, games.play.live: its write is checked against
the marks it started from). ``XUEZHAN_DIE_NOTE``: a file where the process writes, as it
dies, the version the move it dies in would have stored.
"""

import json
import os
import signal

from django.db import transaction
from django.db.backends.signals import connection_created

from xuezhan.settings import *  # noqa: F403

_DIE_AT = os.environ.get("XUEZHAN_DIE_AT", "")
_DIE_ON_MOVE = int(os.environ.get("XUEZHAN_DIE_ON_MOVE", "0"))
_HELD_ONLY = os.environ.get("XUEZHAN_DIE_HELD", "") == "1"
_NOTE = os.environ.get("XUEZHAN_DIE_NOTE", "")
HELD_WRITE = "IS NOT DISTINCT FROM"  # the checked write of a held round (move_sql)
_moves = [0]
_dying = [False]  # the move to die in has written its round: die once its events are


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _watch_moves(execute, sql, params, many, context):
    result = execute(sql, params, many, context)
    # A move writes its round's new state first, then its events
    # (games.play.moves.record; nothing else writes the state).
    if 'SET "state" = ' in sql and "games_round" in sql:
        if _HELD_ONLY and HELD_WRITE not in sql:
            return result
        # A held round's checked write that matched no row (the stored round had moved
        # on: games.play.live.Moved) is rolled back and taken again from the stored
        # round: it is no move, and a kill registered on its commit would never run.
        if context["cursor"].rowcount == 0:
            return result
        _moves[0] += 1
        if _moves[0] == _DIE_ON_MOVE:
            _note_version(sql, params)
            if _DIE_AT == "uncommitted":
                _dying[0] = True
            elif _DIE_AT == "unsent":
                transaction.on_commit(_die)
    elif _dying[0] and "INSERT INTO" in sql and "games_event" in sql:
        _die()
    return result


def _note_version(sql: str, params) -> None:
    """The version the dying move writes (its place among the SET clause's columns)."""
    if not _NOTE:
        return
    columns = sql.split(" SET ", 1)[1].split(" WHERE ", 1)[0].split(", ")
    place = next(i for i, column in enumerate(columns) if column.startswith('"version"'))
    with open(_NOTE, "w") as note:
        json.dump({"version": params[place]}, note)


def _on_connection_created(sender, connection, **kwargs) -> None:
    if _watch_moves not in connection.execute_wrappers:
        connection.execute_wrappers.append(_watch_moves)


connection_created.connect(_on_connection_created, dispatch_uid="xuezhan-dying-site")
