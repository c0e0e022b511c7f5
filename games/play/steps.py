"""The steps of due rounds: a computer's move, a person's timed-out decision (the
default move, and auto-play after repeated timeouts), an offer's pause ending, the next
round of an unattended table. Run by the in-process loop (games.driver) and the worker."""

import logging
import random
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from games.models import Round, Seat
from games.play import deadlines, dealing, moves, offers
from games.rules.computer import choose_action
from games.rules.defaults import default_action
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


def advance_due_rounds(*, now=None, limit: int = 200) -> float | None:
    """Apply one due step to each due round, as many as ``limit``; return the seconds
    until the next deadline (None when no round has one)."""
    for _ in range(limit):
        if not advance_one(now):
            break
    upcoming = Round.objects.filter(deadline__isnull=False).aggregate(first=Min("deadline"))
    if upcoming["first"] is None:
        return None
    return max((upcoming["first"] - timezone.now()).total_seconds(), 0.0)


def advance_one(now) -> bool:
    with transaction.atomic():
        current = now or timezone.now()
        rnd = (
            Round.objects.select_for_update(skip_locked=True)
            .select_related("room")
            .filter(deadline__lte=current)
            .order_by("deadline")
            .first()
        )
        if rnd is None:
            return False
        try:
            with transaction.atomic():  # a savepoint: a failed step leaves nothing behind
                step(rnd, current)
        except Exception:
            # A round that fails must not stop the others: log it and look again later.
            logger.exception("round %s: due step failed", rnd.pk)
            Round.objects.filter(pk=rnd.pk).update(deadline=current + timedelta(seconds=30))
    return True


def step(rnd: Round, now: datetime) -> None:
    """The one thing due in ``rnd`` (locked by the caller)."""

    if rnd.status == Round.Status.ENDED:
        rnd.deadline = None
        rnd.save(update_fields=["deadline"])
        dealing.start_unattended_round(rnd.room)
        return
    reveal = offers.held_until(rnd)
    if reveal is not None:
        if now >= reveal:
            moves.end_offer_pause(rnd, now)
        else:
            rnd.deadline = reveal
            rnd.save(update_fields=["deadline"])
        return
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
        return False  # nothing to decide while the table shows a tile on offer
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
