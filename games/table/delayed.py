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
from dataclasses import replace
from itertools import groupby

from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Room, Round
from games.play import cues
from games.play.rebuild import replay
from games.play.snapshot import TableSnapshot, earlier_rounds_scores
from games.rooms import audience
from games.rules.round import Round as EngineRound


def delay_of(room_id: int) -> int:
    """How many moves behind a watcher of the room sees its table (0: live)."""
    room = Room.objects.filter(pk=room_id).first()
    return audience.watch_delay(room) if room is not None else 0


def behind(snap: TableSnapshot, moves: int) -> TableSnapshot:
    """``snap`` as it stood ``moves`` moves earlier in its round (reads the round's log)."""
    rnd = snap.round
    if moves <= 0 or rnd is None or rnd.status == Round.Status.ENDED:
        return snap
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


def _moment(rnd: Round, steps: int) -> tuple[EngineRound, dict]:
    """The engine after the round's first ``steps`` moves, and the cue the table showed
    then (the latest public happening: games.play.cues), from one read of the log."""
    logged = list(rnd.events.filter(version__lte=steps).exclude(kind="round_started"))
    actions = [(e.seat, e.data["action"]) for e in logged if e.kind == "action"]
    cue = cues.dealt()
    for version, events in groupby(logged, key=lambda e: e.version):  # in the log's order
        happened = [e.data for e in events if e.kind != "action"]
        cue = cues.of_events(happened, version) or cue
    return replay(rnd, steps=steps, actions=actions), cue


_behind_async = database_sync_to_async(behind)


async def shared_behind(snap: TableSnapshot, moves: int) -> TableSnapshot:
    """``behind(snap, moves)``, rebuilt once for every watcher of this change here."""
    if moves <= 0 or snap.round is None or snap.round.status == Round.Status.ENDED:
        return snap
    loop = asyncio.get_running_loop()
    key = ("behind", moves)
    pending = snap.memo.get(key)
    if pending is None or pending.get_loop() is not loop:
        pending = snap.memo[key] = loop.create_task(_behind_async(snap, moves))
    # shield: one watcher going away must not cancel the rebuild the others wait on.
    return await asyncio.shield(pending)


def delay_for(room: Room, user) -> int:
    """How many moves behind ``user`` sees the room's table: none for its players."""
    if room.seats.filter(user_id=user.pk).exists():
        return 0
    return audience.watch_delay(room)


def as_seen_by(snap: TableSnapshot, room: Room, user) -> TableSnapshot:
    """The table a page shows ``user``: as it is to a player seated there, else behind
    by the room's delay."""
    if any(s.user_id == user.pk for s in snap.seats):
        return snap
    return behind(snap, audience.watch_delay(room))
