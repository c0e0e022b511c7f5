"""Time and absence (RULES.md section 11): deadlines, default moves, auto-play, presence.

Every round that waits on somebody has a ``deadline``: when a computer-decided seat (a
computer player, a seat on auto-play, a player who is away) is to move, a short pause
from now; otherwise the end of the person's time for the pending decision, counted from
``decision_started_at``. ``advance_due_rounds`` makes what is due happen: it claims due
rounds one at a time (``SELECT … FOR UPDATE SKIP LOCKED`` on PostgreSQL; SQLite's write
lock serialises the same way), re-reads them under the lock and applies one step through
the rules service. The web process runs it on a timer (``games.driver``) and so does
``manage.py run_worker``; any number of them may run together and no move is ever
applied twice: a second claimant finds the deadline moved on, or the row locked.
"""

import logging
import random
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from games import matches, move_sql, offers
from games.models import Room, Round, Seat
from games.rules.bots import choose_action
from games.rules.defaults import default_action
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict

logger = logging.getLogger(__name__)

AUTO_PLAY_LEVEL = "strong"  # 托管 plays like the strong computer player
TIMEOUTS_BEFORE_AUTO_PLAY = 2
ANSWERS = ("exchange", "void", "win", "pong", "kong", "pass")


def decision_seconds(engine: EngineRound) -> int:
    options = engine.options
    if engine.phase == "exchange":
        return options.exchange_seconds
    if engine.phase == "void":
        return options.void_seconds
    if engine.phase in ("claim", "rob"):
        return options.claim_seconds
    return options.turn_seconds


# A seat whose process stopped refreshing its presence (it died) counts as away after this
# many of its heartbeats went missing: a live socket is seen every PRESENCE_SECONDS.
MISSED_HEARTBEATS = 3


def is_away(seat: Seat, now: datetime) -> bool:
    """Is this seated person gone? Every socket of theirs closed at least the grace ago
    (``online`` false: absence costs the others seconds, not a turn), or no process has
    seen a socket of theirs for several heartbeats (the process holding it died)."""
    if seat.user_id is None or seat.last_seen is None:
        return seat.user_id is None
    silent = now - seat.last_seen
    grace = timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS)
    if not seat.online:
        return silent >= grace
    return silent >= max(grace, timedelta(
        seconds=MISSED_HEARTBEATS * settings.PRESENCE_SECONDS))


def computer_decided(seats: list[Seat], now: datetime) -> set[int]:
    """Seats whose moves the computer makes now: computer players, auto-play, absence."""
    return {s.index for s in seats if s.is_bot or s.auto_play or is_away(s, now)}


def person_deadline(rnd: Round, engine: EngineRound) -> datetime | None:
    """When the pending decision's time runs out for the people it waits on."""
    if rnd.decision_started_at is None or engine.phase == "ended":
        return None
    lapse = offers.claim_lapses_at(rnd, engine)
    if lapse is not None:
        return lapse  # the secret claim window: answer within the pause or pass
    return rnd.decision_started_at + timedelta(seconds=decision_seconds(engine))


def round_seats(rnd: Round) -> list[Seat]:
    """The seats of ``rnd``'s room with their players, read once per step (the caller
    holds the round's lock) and shared by everything the step does, down to the table
    handed to the sockets."""
    seats = getattr(rnd.room, "_seats_this_step", None)
    if seats is None:
        seats = move_sql.seats_with_names(rnd.room_id)
        rnd.room._seats_this_step = seats
    return seats


def schedule(rnd: Round, engine: EngineRound, *, new_decision: bool, now=None) -> None:
    """Set the round's deadline after a change (the caller saves the round)."""
    now = now or timezone.now()
    room = rnd.room
    seats = round_seats(rnd)
    if engine.phase == "ended":
        rnd.decision_started_at = None
        unattended = (room.auto_rounds > 0 and all(s.is_bot for s in seats)
                      and not matches.is_final_round(room.options, rnd.number))
        rnd.deadline = now + timedelta(seconds=settings.NEXT_ROUND_PAUSE) if unattended else None
    elif (reveal := offers.held_until(rnd)) is not None and reveal > now:
        # The table shows a tile on offer that nobody took: the next decision is nobody's
        # until the pause is over and the table shows it; then this runs again.
        if new_decision or rnd.decision_started_at is None:
            rnd.decision_started_at = reveal
        rnd.deadline = reveal
    else:
        if new_decision or rnd.decision_started_at is None:
            rnd.decision_started_at = now
        if computer_decided(seats, now) & set(engine.waiting_on()):
            rnd.deadline = now + timedelta(seconds=_computer_pause(engine))
        else:
            rnd.deadline = person_deadline(rnd, engine)
    if rnd.deadline is not None:
        deadline = rnd.deadline
        transaction.on_commit(lambda: _announce(deadline))


def _computer_pause(engine: EngineRound) -> float:
    """A computer answers a tile on offer well within the offer's pause, so that its
    answer never makes an offer last longer than one nobody could claim."""
    if engine.phase in offers.OFFER_PHASES:
        return min(settings.BOT_DELAY_SECONDS, offers.pause_seconds(engine.options) / 2)
    return settings.BOT_DELAY_SECONDS


# Who wants to hear of a new deadline (the in-process timer loop, so that it wakes for a
# computer's move due in a moment instead of at its next look). Called after commit.
deadline_listeners: list = []


def _announce(deadline: datetime) -> None:
    for listener in deadline_listeners:
        try:
            listener(deadline)
        except Exception:  # a listener must never undo or break a committed move
            logger.exception("deadline listener failed")


def is_new_decision(verb: str, phase_before: str, engine: EngineRound) -> bool:
    """An answer to a pending claim, 换三张 pick or void choice keeps that decision's clock
    running."""
    return not (verb in ANSWERS and engine.phase == phase_before)


# --- making due things happen ----------------------------------------------------------


def advance_due_rounds(*, now=None, limit: int = 200) -> float | None:
    """Apply one due step to each due round, as many as ``limit``; return the seconds
    until the next deadline (None when no round has one)."""
    for _ in range(limit):
        if not _advance_one(now):
            break
    upcoming = Round.objects.filter(deadline__isnull=False).aggregate(first=Min("deadline"))
    if upcoming["first"] is None:
        return None
    return max((upcoming["first"] - timezone.now()).total_seconds(), 0.0)


def _advance_one(now) -> bool:
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
    from games import services

    if rnd.status == Round.Status.ENDED:
        rnd.deadline = None
        rnd.save(update_fields=["deadline"])
        services.start_unattended_round(rnd.room)
        return
    reveal = offers.held_until(rnd)
    if reveal is not None:
        if now >= reveal:
            services.end_offer_pause(rnd, now)
        else:
            rnd.deadline = reveal
            rnd.save(update_fields=["deadline"])
        return
    if computer_step(rnd, now):
        return
    engine = EngineRound.from_json(rnd.state)
    seats = {s.index: s for s in rnd.room.seats.select_related("user")}
    waiting = engine.waiting_on()
    due = person_deadline(rnd, engine)
    if due is not None and now < due:
        rnd.deadline = due  # not yet: somebody moved the deadline early (a disconnection)
        rnd.save(update_fields=["deadline"])
        return
    for seat in waiting:
        _time_out(rnd, seats[seat])


def computer_step(rnd: Round, now: datetime) -> bool:
    """If the round waits on a computer-decided seat, make that seat's move."""
    from games import services

    if rnd.status == Round.Status.ENDED or offers.held_until(rnd) is not None:
        return False  # nothing to decide while the table shows a tile on offer
    engine = EngineRound.from_json(rnd.state)
    seats = {s.index: s for s in round_seats(rnd)}
    automatic = computer_decided(list(seats.values()), now)
    seat = next((s for s in engine.waiting_on() if s in automatic), None)
    if seat is None:
        return False
    level = seats[seat].bot_level or AUTO_PLAY_LEVEL
    rng = random.Random(f"{rnd.seed}:{rnd.version}:{seat}")  # a replayed decision is the same
    action = action_to_dict(choose_action(engine, seat, level, rng))
    services.apply_for_seat(rnd, seat, action, by="computer")
    return True


def _time_out(rnd: Round, seat: Seat) -> None:
    """The default move for a person who did not act in time; two in a row: auto-play."""
    from games import services

    engine = EngineRound.from_json(rnd.state)
    if seat.index not in engine.waiting_on():
        return
    lapsed = offers.claim_lapses_at(rnd, engine) is not None
    action = action_to_dict(default_action(engine, seat.index))
    services.apply_for_seat(rnd, seat.index, action, by="timeout")
    if lapsed:
        return  # a secret claim window closing is a pass, not a missed turn
    seat.timeouts += 1
    fields = ["timeouts"]
    if seat.timeouts >= TIMEOUTS_BEFORE_AUTO_PLAY and not seat.auto_play:
        seat.auto_play = True
        fields.append("auto_play")
    seat.save(update_fields=fields)


# --- presence --------------------------------------------------------------------------


def seen(*, room_id: int, user_id: int) -> None:
    """The player's table socket is open (called on connect and as a heartbeat)."""
    now = timezone.now()
    updated = Seat.objects.filter(room_id=room_id, user_id=user_id).update(
        last_seen=now, online=True)
    if updated:
        _reschedule_current(room_id, now)
        _tell_the_table(room_id)  # the others see the player is back at once


def left(*, room_id: int, user_id: int, still_here: bool = False) -> None:
    """The player's socket closed: after the grace period their seat plays itself.
    ``still_here``: another socket of theirs is still open (a second tab)."""
    now = timezone.now()
    Seat.objects.filter(room_id=room_id, user_id=user_id).update(
        last_seen=now, online=still_here)
    grace = now + timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS)
    with transaction.atomic():
        rnd = (
            Round.objects.select_for_update()
            .filter(room_id=room_id, status=Round.Status.PLAYING)
            .first()
        )
        if rnd is not None and (rnd.deadline is None or rnd.deadline > grace):
            rnd.deadline = grace
            rnd.save(update_fields=["deadline"])
    if not still_here:
        _tell_the_table(room_id)  # 离线 shows at once


def _tell_the_table(room_id: int) -> None:
    from games import services

    room = Room.objects.filter(pk=room_id).only("pk", "code").first()
    if room is not None:
        transaction.on_commit(lambda: services.broadcast_table_changed(room))


def _reschedule_current(room_id: int, now: datetime) -> None:
    """A player came back: their own clock applies again, not the absence's."""
    with transaction.atomic():
        rnd = (
            Round.objects.select_for_update()
            .select_related("room")
            .filter(room_id=room_id, status=Round.Status.PLAYING)
            .first()
        )
        if rnd is None:
            return
        before = rnd.deadline
        schedule(rnd, EngineRound.from_json(rnd.state), new_decision=False, now=now)
        if rnd.deadline != before:
            rnd.save(update_fields=["deadline"])


def all_computers(room: Room) -> bool:
    return all(s.is_bot for s in room.seats.all())
