"""Watching a table some moves behind its play (as riichi sites delay their streams), so
that somebody watching cannot coach a player over a call: a tournament's tables
(``tournaments.apps``: ``audience.watch_delay_sources``).

A watcher of such a table is shown the round as it stood ``moves`` moves ago, rebuilt
from the round's seed and its event log (``games.play.rebuild``: the same rebuild that
checks every round), with the scores of that moment and no clock, offer or cue of the
live table. The players at the table see it as it is. A round that has ended is shown
whole: nobody can be coached in it any more, and the next deal starts behind again.

The rebuilt table is made once per change and process, whatever the number of watchers
(they share it as they share the live one: ``games.play.snapshot``)."""

import asyncio
import copy
from collections import OrderedDict
from dataclasses import replace
from itertools import groupby
from typing import NamedTuple

from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Room, Round
from games.play import cues
from games.play.rebuild import play_on, replay, wrote_share_rows
from games.play.snapshot import TableSnapshot, earlier_rounds_scores
from games.rooms import audience
from games.rules.round import Round as EngineRound


def behind(snap: TableSnapshot, moves: int) -> TableSnapshot:
    """``snap`` as it stood ``moves`` moves earlier in its round (reads the round's log)."""
    if _shown_as_it_is(snap, moves):
        return snap
    rnd = snap.round
    steps = max(0, rnd.version - moves)
    engine, cue = _moment(rnd, steps)
    past = copy.copy(rnd)
    past.version = steps
    past.cue = cue
    # Nothing of the live moment: its clock, a tile on offer.
    past.offer = None
    past.deadline = None
    past.decision_started_at = None
    scores = list(earlier_rounds_scores(snap.room_id, rnd.pk, len(snap.seats)))
    for seat, net in enumerate(engine.net()):
        scores[seat] += net
    return replace(
        snap,
        round=past,
        engine=engine,
        held=None,
        offer_version=None,
        scores=tuple(scores),
        loaded_at=timezone.now(),
        memo={},
    )


class _Past(NamedTuple):
    """A round as a watcher was last shown it here: after ``steps`` moves."""

    steps: int
    state: dict  # the engine's JSON (an engine is changed by every move applied to it)
    cue: dict


# round id -> the moment last rebuilt for its watchers in this process: the next one is
# a move or two on from it, not a replay from the deal (6.6 ms late in a round).
_PAST: OrderedDict = OrderedDict()
_PAST_KEPT = 256


def _moment(rnd: Round, steps: int) -> tuple[EngineRound, dict]:
    """The engine after the round's first ``steps`` moves, and the cue the table showed
    then (the latest public happening: games.play.cues), from one read of the log: of
    the moves since the moment last rebuilt here, or of the whole round."""
    past = _PAST.get(rnd.pk)
    events = rnd.events.filter(version__lte=steps).exclude(kind="round_started")
    if past is not None and past.steps <= steps:
        logged = list(events.filter(version__gt=past.steps))
        engine = EngineRound.from_json(past.state)
        engine.share_rows = wrote_share_rows(rnd.state)
        engine = play_on(engine, _actions(logged))
        cue = past.cue
    else:
        logged = list(events)
        engine, cue = replay(rnd, steps=steps, actions=_actions(logged)), cues.dealt()
    for version, happened in groupby(logged, key=lambda e: e.version):  # in the log's order
        cue = cues.of_events([e.data for e in happened if e.kind != "action"], version) or cue
    _PAST[rnd.pk] = _Past(steps, engine.to_json(), cue)
    _PAST.move_to_end(rnd.pk)
    while len(_PAST) > _PAST_KEPT:
        _PAST.popitem(last=False)
    return engine, cue


def _actions(logged: list) -> list[tuple[int, dict]]:
    return [(e.seat, e.data["action"]) for e in logged if e.kind == "action"]


def forget() -> None:
    """Tests: nothing rebuilt is remembered (they number their rows again)."""
    _PAST.clear()


_behind_async = database_sync_to_async(behind)


async def shared_behind(snap: TableSnapshot, moves: int) -> TableSnapshot:
    """``behind(snap, moves)``, rebuilt once for every watcher of this change here."""
    if _shown_as_it_is(snap, moves):
        return snap
    loop = asyncio.get_running_loop()
    key = ("behind", moves)
    pending = snap.memo.get(key)
    if pending is None or pending.get_loop() is not loop:
        pending = snap.memo[key] = loop.create_task(_behind_async(snap, moves))
    # shield: one watcher going away must not cancel the rebuild the others wait on.
    return await asyncio.shield(pending)


def delay_for(room: Room, snap: TableSnapshot, user) -> int:
    """How many moves behind ``user`` sees the room's table (``snap``, as loaded): none
    for its players."""
    if snap.seat_of(user.pk) is not None:
        return 0
    return audience.watch_delay(room)


def _shown_as_it_is(snap: TableSnapshot, moves: int) -> bool:
    """No delay, no round, or a round over: nothing is kept back."""
    return moves <= 0 or snap.round is None or snap.round.status == Round.Status.ENDED
