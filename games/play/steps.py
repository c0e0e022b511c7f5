"""The steps of due rounds: a computer's move, a person's timed-out decision (the
default move, and auto-play after repeated timeouts), an offer's pause or a win's moment
ending (games.play.offers), the next round of an unattended table. Run by the in-process
loop (games.driver) and the worker."""

import logging
import random
import time
from datetime import datetime, timedelta

from django.db import DatabaseError, transaction
from django.db.models import Min, Q
from django.utils import timezone

from games.models import Room, Round, Seat
from games.play import broadcast, deadlines, dealing, moves, offers
from games.players.computer import choose_action
from games.players.defaults import default_action
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict

logger = logging.getLogger(__name__)


def run_bots(*, round_id: int, limit: int = 2000) -> int:
    """Apply computer moves at once until a person is to act or the round ends (no
    pauses: for tests and tools; the site paces them through ``games.play.deadlines``)."""
    applied = 0
    while applied < limit:
        with transaction.atomic():
            rnd = Round.objects.select_for_update().select_related("room").get(pk=round_id)
            if offers.held_until(rnd) is not None:
                moves.end_offer_pause(rnd, timezone.now())
            if not computer_step(rnd, timezone.now()):
                break
        applied += 1
    return applied


AUTO_PLAY_LEVEL = "strong"  # 托管 plays like the strong computer player


TIMEOUTS_BEFORE_AUTO_PLAY = 2


class AdoptedRooms:
    """Rooms a process drives on at once although it holds no socket of theirs: its own
    whose last socket left (the people closed their pages and their seats play
    themselves), or one whose overdue step it took while no live process held the room's
    people (their process died). Without this, such a round would move only at the
    takeover delay of every step. Forgotten ``SECONDS`` later: a round of computers and
    auto-play ends well within that."""

    SECONDS = 300.0

    def __init__(self) -> None:
        self._at: dict[int, float] = {}  # room id -> when it was adopted

    def add(self, room_id: int) -> None:
        self._at[room_id] = time.monotonic()

    def __contains__(self, room_id: int) -> bool:
        return room_id in self._at

    def rooms(self) -> set[int]:
        forget_before = time.monotonic() - self.SECONDS
        self._at = {r: at for r, at in self._at.items() if at >= forget_before}
        return set(self._at)

    def clear(self) -> None:
        self._at.clear()


def advance_due_rounds(
    *, now=None, limit: int = 200, here: set[int] | None = None, takeover: float = 0.0, stepped=None
) -> float | None:
    """Apply one due step to each due round, as many as ``limit``; return the seconds
    until the next step this caller would take (None when no round has a deadline).

    ``here``: the rooms whose sockets this process holds, whose steps it takes the
    moment they fall due; a round of any other room only ``takeover`` seconds after
    its deadline (its own process died or is draining). None: every room is here.
    ``stepped(room_id)`` hears of every room a step was taken in (the caller drives an
    orphaned room on from then on, games.table.local_sockets.adopt)."""
    current = now or timezone.now()
    late = current - timedelta(seconds=takeover)
    if here is None or not takeover:
        due = Q(deadline__lte=current)
    else:
        due = Q(deadline__lte=current, room_id__in=here) | Q(deadline__lte=late)
    # One query while nothing is due (most looks): the claim's transaction only after.
    wait = _next_step_in(current, here, takeover)
    if wait is not None and wait > 0:
        return wait
    for _ in range(limit):
        room_id = advance_one(current if now else None, due)
        if room_id is None:
            break
        if stepped is not None:
            stepped(room_id)
    return _next_step_in(timezone.now(), here, takeover)


def _next_step_in(current, here: set[int] | None, takeover: float) -> float | None:
    if here is None or not takeover:
        first = Round.objects.filter(deadline__isnull=False).aggregate(at=Min("deadline"))["at"]
    else:
        firsts = Round.objects.filter(deadline__isnull=False).aggregate(
            here=Min("deadline", filter=Q(room_id__in=here)),
            elsewhere=Min("deadline", filter=~Q(room_id__in=here)),
        )
        candidates = [firsts["here"]] if firsts["here"] else []
        if firsts["elsewhere"]:
            candidates.append(firsts["elsewhere"] + timedelta(seconds=takeover))
        first = min(candidates, default=None)
    if first is None:
        return None
    return max((first - current).total_seconds(), 0.0)


# Rooms whose step failed on a database error: it may have committed all the same (the
# answer to the commit was lost), and then nobody told the table. Told at the next look.
_unsure_rooms: dict[int, Room] = {}


def advance_one(now, due: Q | None = None) -> int | None:
    """One due step of one round (the first due); the room's id, None if none was due."""
    for room in list(_unsure_rooms.values()):
        broadcast.broadcast_table_changed(room)
        _unsure_rooms.pop(room.pk, None)
    claimed = []
    try:
        return _advance_one(now, due, claimed)
    except DatabaseError:
        for rnd in claimed:
            _unsure_rooms[rnd.room_id] = rnd.room
        raise


def _advance_one(now, due: Q | None, claimed: list) -> int | None:
    with transaction.atomic():
        current = now or timezone.now()
        rnd = (
            Round.objects.select_for_update(skip_locked=True)
            .select_related("room")
            .filter(due if due is not None else Q(deadline__lte=current))
            .order_by("deadline")
            .first()
        )
        if rnd is None:
            return None
        claimed.append(rnd)
        try:
            with transaction.atomic():  # a savepoint: a failed step leaves nothing behind
                step(rnd, current)
        except Exception:
            # A round that fails must not stop the others: log it and look again later.
            logger.exception("round %s: due step failed", rnd.pk)
            Round.objects.filter(pk=rnd.pk).update(deadline=current + timedelta(seconds=30))
    return rnd.room_id


def step(rnd: Round, now: datetime) -> None:
    """The one thing due in ``rnd`` (locked by the caller)."""

    if rnd.status == Round.Status.ENDED:
        rnd.deadline = None
        rnd.save(update_fields=["deadline"])
        dealing.start_unattended_round(rnd.room)
        return
    reveal = offers.held_until(rnd)
    if reveal is not None:
        if now < reveal:
            rnd.deadline = reveal  # not yet (another process's clock ran ahead)
            rnd.save(update_fields=["deadline"])
            return
        if rnd.deadline is None or rnd.deadline <= reveal:
            # The end of the pause was due itself: no process showed it by a timer
            # (games.play.reveals). Shown now, with a write of its own.
            moves.end_offer_pause(rnd, now)
            return
        # Shown by the timer of the process that made the move; nothing was written.
        offers.forget_if_over(rnd, now)
    if computer_step(rnd, now):
        return
    engine = EngineRound.from_json(rnd.state)
    seats = {s.index: s for s in rnd.room.seats.select_related("user")}
    waiting = engine.waiting_on()
    due = deadlines.person_deadline(rnd, engine)
    if due is not None and now < due:
        rnd.deadline = due  # not yet: somebody moved the deadline early (a disconnection)
        rnd.save(update_fields=["deadline"])
        return
    for seat in waiting:
        time_out(rnd, seats[seat])


def computer_step(rnd: Round, now: datetime) -> bool:
    """If the round waits on a computer-decided seat, make that seat's move."""

    if rnd.status == Round.Status.ENDED or offers.held_until(rnd) is not None:
        return False  # nothing to decide while the table shows a tile on offer or a win
    engine = EngineRound.from_json(rnd.state)
    seats = {s.index: s for s in deadlines.round_seats(rnd)}
    automatic = deadlines.computer_decided(list(seats.values()), now)
    seat = next((s for s in engine.waiting_on() if s in automatic), None)
    if seat is None:
        return False
    level = seats[seat].bot_level or AUTO_PLAY_LEVEL
    rng = random.Random(f"{rnd.seed}:{rnd.version}:{seat}")  # a replayed decision is the same
    action = action_to_dict(choose_action(engine, seat, level, rng))
    moves.apply_for_seat(rnd, seat, action, by="computer")
    return True


def time_out(rnd: Round, seat: Seat) -> None:
    """The default move for a person who did not act in time; two in a row: auto-play."""

    engine = EngineRound.from_json(rnd.state)
    if seat.index not in engine.waiting_on():
        return
    lapsed = offers.claim_lapses_at(rnd, engine) is not None
    action = action_to_dict(default_action(engine, seat.index))
    moves.apply_for_seat(rnd, seat.index, action, by="timeout")
    if lapsed:
        return  # a secret claim window closing is a pass, not a missed turn
    seat.timeouts += 1
    fields = ["timeouts"]
    if seat.timeouts >= TIMEOUTS_BEFORE_AUTO_PLAY and not seat.auto_play:
        seat.auto_play = True
        fields.append("auto_play")
    seat.save(update_fields=fields)
