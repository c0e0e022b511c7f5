"""When the next decision of a round falls due, as a pure function of the stored round:
the offer pause and a win's moment (both held in ``Round.offer``: nobody's decision until
they are over), a computer's delay, a person's clock (and the absence grace when all of
their sockets are gone), and who is away."""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Room, Round, Seat
from games.play import matches, move_sql, offers, reveals
from games.rules.round import Round as EngineRound

logger = logging.getLogger(__name__)


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
    return silent >= max(grace, timedelta(seconds=MISSED_HEARTBEATS * settings.PRESENCE_SECONDS))


def is_arriving(seat: Seat, now: datetime) -> bool:
    """Is this seated person not here yet but still expected? A table that seats people
    elsewhere (a tournament's new table: tournaments.tables.expected_by) counts them as
    seen at the time they are expected by, so that the grace of ``is_away`` runs from
    then; until that time they are on the way, not offline."""
    return (
        seat.user_id is not None
        and not seat.online
        and seat.last_seen is not None
        and seat.last_seen > now
    )


def held_by_a_live_process(room_id: int, now: datetime | None = None) -> bool:
    """Is a person of this room at their table in some process that is alive (their seat
    seen within the heartbeats)? Then that process drives the room; another that took
    one overdue step of it must not go on competing for its steps."""
    now = now or timezone.now()
    fresh = now - timedelta(seconds=MISSED_HEARTBEATS * settings.PRESENCE_SECONDS)
    return Seat.objects.filter(
        room_id=room_id, user__isnull=False, online=True, last_seen__gte=fresh
    ).exists()


def computer_decided(seats: list[Seat], now: datetime) -> set[int]:
    """Seats whose moves the computer makes now: computer players, auto-play, absence."""
    return {s.index for s in seats if s.is_bot or s.auto_play or is_away(s, now)}


def person_deadline(rnd: Round, engine: EngineRound) -> datetime | None:
    """When the pending decision's time runs out for the people it waits on."""
    return _clock_ends(rnd, engine, rnd.decision_started_at)


def _clock_ends(rnd: Round, engine: EngineRound, started: datetime | None) -> datetime | None:
    """``person_deadline`` for a decision that started at ``started``."""
    if started is None or engine.phase == "ended":
        return None
    if offers.is_win_moment(engine):
        return None  # the table held at a win: nobody's clock runs until it goes on
    lapse = offers.claim_lapses_at(rnd, engine)
    if lapse is not None:
        return lapse  # the secret claim window: answer within the pause or pass
    return started + timedelta(seconds=decision_seconds(engine))


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
    """Set the round's deadline after a change (the caller saves the round); the timer
    loop hears of it after commit. (A move computes it with ``next_deadline`` and tells
    the loop in its own hook after commit: games.play.moves.)"""
    rnd.deadline, rnd.decision_started_at = next_deadline(
        rnd, engine, new_decision=new_decision, now=now or timezone.now()
    )
    if rnd.deadline is not None:
        deadline = rnd.deadline
        transaction.on_commit(lambda: announce(deadline))


def next_deadline(
    rnd: Round, engine: EngineRound, *, new_decision: bool, now: datetime
) -> tuple[datetime | None, datetime | None]:
    """(deadline, decision_started_at) of ``rnd`` (its offer already the new one) once
    the change that led to ``engine`` is written."""
    room = rnd.room
    seats = round_seats(rnd)
    if engine.phase == "ended":
        unattended = (
            room.auto_rounds > 0
            and all(s.is_bot for s in seats)
            and not matches.is_final_round(room.options, rnd.number)
        )
        return (now + timedelta(seconds=settings.NEXT_ROUND_PAUSE) if unattended else None), None
    reveal = offers.held_until(rnd)
    if reveal is not None and reveal <= now:
        reveal = None  # a hold already over (its end is never written)
    # While the table shows a tile on offer that nobody took, or a win's moment, the next
    # decision is nobody's (computers' included): its clock starts at the end of the
    # pause. A process that shows that end by a timer of its own (games.play.reveals)
    # costs it no transaction: the deadline is already the next decision's. One that
    # cannot (the worker) takes a step at the end of the pause.
    start = reveal or now
    started = rnd.decision_started_at
    if new_decision or started is None:
        started = start
    if reveal is not None and not reveals.shown_here():
        return reveal, started
    if computer_decided(seats, now) & set(engine.waiting_on()):
        return start + timedelta(seconds=computer_pause(engine)), started
    return _clock_ends(rnd, engine, started), started


def computer_pause(engine: EngineRound) -> float:
    """A computer answers a tile on offer well within the offer's pause, so that its
    answer never makes an offer last longer than one nobody could claim."""
    if engine.phase in offers.OFFER_PHASES:
        return min(settings.BOT_DELAY_SECONDS, offers.pause_seconds(engine.options) / 2)
    return settings.BOT_DELAY_SECONDS


# Who wants to hear of a new deadline (the in-process timer loop, so that it wakes for a
# computer's move due in a moment instead of at its next look). Called after commit.
deadline_listeners: list = []


def announce(deadline: datetime) -> None:
    for listener in deadline_listeners:
        try:
            listener(deadline)
        except Exception:  # a listener must never undo or break a committed move
            logger.exception("deadline listener failed")


# Who wants to hear that something changed that may make a step due at once (a person's
# last socket left the room): the in-process timer loop (games.driver.wake, handed in by
# games.apps), so that it looks at the deadlines now rather than at its next tick. The
# table's sockets call ``wake`` without knowing of the loop, which imports them.
wake_listeners: list = []


def wake() -> None:
    for listener in wake_listeners:
        listener()


def is_new_decision(verb: str, phase_before: str, engine: EngineRound) -> bool:
    """An answer to a pending claim, 换三张 pick or void choice keeps that decision's clock
    running."""
    return not (verb in ANSWERS and engine.phase == phase_before)


def all_computers(room: Room) -> bool:
    return all(s.is_bot for s in room.seats.all())
