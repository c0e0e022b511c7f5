"""One table as it stands after a change, loaded once and shared by every viewer.

A move changes a table; every socket at that table then shows the new state. Loading it
once per socket (four times a move, more with spectators) was most of the server's work,
so ``shared_snapshot`` loads it once per change and process and lets every consumer of
that change await the same load. The snapshot holds the engine state with every hidden
tile: it lives only in this process's memory and is cut down per viewer by
``games.table.parts``; nothing of it travels through the channel layer.
"""

import asyncio
import copy
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache

from channels.db import database_sync_to_async
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import get_language

from games.models import LedgerEntry, Round, Seat
from games.play import matches, offers
from games.play.homes import Home, home_of
from games.rules.round import Round as EngineRound
from games.words.labels import seat_label


@dataclass(frozen=True)
class TableSnapshot:
    room_id: int
    room_code: str
    owner_id: int
    room_status: str
    seats: tuple  # Seat rows by index, users loaded
    round: Round | None  # the room's latest round
    engine: EngineRound | None
    scores: tuple  # each seat's total over the room's rounds
    loaded_at: datetime
    # A tile on offer (games.play.offers): the round's version when it was offered, and the
    # engine at that moment while the table still shows it after nobody took it.
    offer_version: int | None = None
    held: EngineRound | None = None
    # A match of N rounds (games.play.matches): N, and its final standings once it is over.
    match_rounds: int | None = None
    standings: tuple | None = None
    # A sealed room (Room.sealed_until): a deal others play too, whose results are compared
    # on a page of its own (the daily challenge's, a set of deals').
    sealed: bool = False
    # Where the room belongs, a tournament or a club (games.play.homes): linked between
    # rounds.
    home: Home | None = None
    # What the viewers of this snapshot share once one of them has rendered it.
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def seat_of(self, user_id: int | None) -> Seat | None:
        """The seat ``user_id`` sits in at this table (None: not seated there)."""
        if user_id is None:
            return None
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    @property
    def version(self) -> int:
        return self.round.version if self.round else 0

    @property
    def names(self) -> tuple:
        """Each seat's display name, by index, in the active language (a computer
        player's name is translated), worked out once per language."""
        key = ("names", get_language())
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(seat_label(s) for s in self.seats)
        return found

    @property
    def shown(self) -> EngineRound | None:
        """The engine the table shows: the moment of the offer while it is held."""
        return self.held or self.engine

    @property
    def freshness(self) -> tuple:
        """Orders two snapshots of one table: a consumer never shows an older one."""
        return (self.round.pk if self.round else 0, self.version, self.loaded_at)


def snapshot_of_move(rnd: Round, engine: EngineRound, seats: list[Seat]) -> TableSnapshot:
    """The table right after a move, from what the move just applied holds in memory: no
    query (but the room's earlier totals, once per round and process). ``rnd`` must be a
    copy taken when the move was recorded, ``seats`` loaded with their users."""
    return _snapshot(rnd.room, seats, rnd, engine)


def revealed(held: TableSnapshot) -> TableSnapshot:
    """``held`` (a table showing the moment of an offer or a win) once its pause is over:
    the same round and engine, shown as they are."""
    rnd = copy.copy(held.round)
    rnd.offer = None
    return replace(
        held, round=rnd, held=None, offer_version=None, loaded_at=timezone.now(), memo={}
    )


def load_snapshot(room_id: int) -> TableSnapshot:
    """Two queries: the seats (with their room and users) and the latest round."""
    seats = list(
        Seat.objects.filter(room_id=room_id).select_related("room", "user").order_by("index")
    )
    rnd = Round.objects.filter(room_id=room_id).order_by("-number").first()
    if rnd is not None:
        offers.forget_if_over(rnd, timezone.now())
    engine = EngineRound.from_json(rnd.state) if rnd else None
    return _snapshot(seats[0].room, seats, rnd, engine)


def _snapshot(room, seats, rnd: Round | None, engine: EngineRound | None) -> TableSnapshot:
    scores = list(earlier_rounds_scores(room.pk, rnd.pk if rnd else None, len(seats)))
    if engine is not None:
        for seat, net in enumerate(engine.net()):
            scores[seat] += net
    match_rounds = matches.match_length(room.options)
    standings = None
    if (
        rnd is not None
        and rnd.status == Round.Status.ENDED
        and matches.is_final_round(room.options, rnd.number)
    ):
        # Once per process and match (a finished match never changes again).
        standings = matches.standings_after(room.pk, rnd.pk, match_rounds)
    return TableSnapshot(
        room_id=room.pk,
        room_code=room.code,
        owner_id=room.owner_id,
        room_status=room.status,
        seats=tuple(seats),
        round=rnd,
        engine=engine,
        scores=tuple(scores),
        loaded_at=timezone.now(),
        offer_version=rnd.offer["version"] if rnd is not None and rnd.offer else None,
        held=offers.held_engine(rnd) if rnd is not None else None,
        match_rounds=match_rounds,
        standings=standings,
        sealed=room.sealed_until is not None,
        home=home_of(room),
    )


# --- the room's totals before its latest round ------------------------------------------
# A room's score is a sum over its ledger, never a stored copy. The rounds before the
# latest one never change again, so their sum is kept per process, keyed by the latest
# round; the latest round's own payments come from its engine state, which is written in
# the same transaction as its ledger rows.


@lru_cache(maxsize=1024)
def earlier_rounds_scores(room_id: int, latest_round_id: int | None, players: int) -> tuple:
    sums = [0] * players
    entries = LedgerEntry.objects.filter(round__room_id=room_id)
    if latest_round_id is not None:
        entries = entries.exclude(round_id=latest_round_id)
    for row in entries.values("payee_seat").annotate(total=Sum("amount")):
        sums[row["payee_seat"]] += row["total"]
    for row in entries.values("payer_seat").annotate(total=Sum("amount")):
        sums[row["payer_seat"]] -= row["total"]
    return tuple(sums)


def forget_cached() -> None:
    """Drop what this process remembers (tests reuse row ids; a site never does)."""
    earlier_rounds_scores.cache_clear()
    matches.forget_cached()
    _LOADS.clear()
    _GIVEN.clear()


# --- snapshots handed over by the move just applied ----------------------------------------
# The process that applied a move already holds the table it leads to; it leaves it here
# (from its database thread) before it tells the room, so that the sockets of this
# process need not read the table back. Other processes load it.

_GIVEN: OrderedDict = OrderedDict()
_CHANGES_KEPT = 512  # per cache: far more changes than a process sees in a second


def _keep(cache: OrderedDict, key, value) -> None:
    cache[key] = value
    while len(cache) > _CHANGES_KEPT:
        cache.popitem(last=False)


def offer(room_id: int, change: str, snap: TableSnapshot) -> None:
    _keep(_GIVEN, (room_id, change), snap)


# --- one load per change ---------------------------------------------------------------

_LOADS: OrderedDict = OrderedDict()
_load_async = database_sync_to_async(load_snapshot)


async def shared_snapshot(room_id: int, change: str | None) -> TableSnapshot:
    """The table after the change named ``change`` (a token the service puts on its
    broadcast): the first consumer to ask loads it, the others in this process await the
    same load. Without a token (a socket that has just opened) it loads afresh."""
    if not change:
        return await _load_async(room_id)
    given = _GIVEN.get((room_id, change))
    if given is not None:
        return given
    loop = asyncio.get_running_loop()
    key = (room_id, change)
    pending = _LOADS.get(key)
    if pending is None or pending.get_loop() is not loop:
        pending = loop.create_task(_load_async(room_id))
        _keep(_LOADS, key, pending)
    # shield: one consumer going away must not cancel the load the others wait on.
    try:
        return await asyncio.shield(pending)
    except Exception:
        if _LOADS.get(key) is pending:
            del _LOADS[key]  # a failed load (the database away) is tried again, not kept
        raise
