"""One move, applied once, in one transaction, on one straight path: the round (held in
memory by this process, games.play.live, or locked as stored), the guards (a retry already
applied, a seat not asked, a stale page), the engine, the next offer, cue and deadline,
one write of the round, then its events and payments, and one hook after commit that
shows the table, holds the round and tells the timer loop. Also the end of an offer's
pause where a step writes it."""

import copy

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Event, LedgerEntry, Room, Round
from games.play import broadcast, cues, deadlines, live, matches, move_sql, offers
from games.play.errors import ActionResult, ServiceError, StaleVersion, engine_message
from games.rules.round import IllegalAction, action_to_dict, parse_action
from games.rules.round import Round as EngineRound


def apply_action(
    *, round_id: int, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    """Apply one player's move, atomically. Raises ServiceError (nothing changed) for a
    stranger, a stale version, an illegal move or a finished round. A retry of a move
    that was already applied returns ``duplicate=True`` instead of applying it again."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("room").get(pk=round_id)
        return apply_for_user(rnd, user, action, expected_version)


def apply_move(
    *, room_id: int, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    """``apply_action`` on the room's current round (the path of every move made at the
    table): the round this process holds in memory when it has one (games.play.live),
    else the stored one, found and locked in one query."""
    held = live.take(room_id)
    if held is not None:
        try:
            with transaction.atomic():
                result = _apply_on_held(held, user, action, expected_version)
        except (live.Moved, ServiceError):
            # Written elsewhere since (rolled back), or refused: a refusal is given from
            # the stored round only, since the copy held may be behind the page that
            # sent the move. Both are taken again as without memory.
            pass
        else:
            if result.duplicate:
                live.put_back(held)
            return result
    with transaction.atomic():
        rnd = move_sql.current_round_locked(room_id)
        if rnd is None:
            raise ServiceError(_("No round is being played."))
        return apply_for_user(rnd, user, action, expected_version)


def _apply_on_held(
    held: Round, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    """The move on the round in memory, with the room and seats read as they are now."""
    room, seats = move_sql.room_with_seats(held.room_id)
    room._seats_this_step = seats  # deadlines.round_seats: read once per step
    held.room = room
    return apply_for_user(held, user, action, expected_version)


def apply_for_user(
    rnd: Round, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    seats = deadlines.round_seats(rnd)
    seat = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if seat is None:
        raise ServiceError(_("You are not seated at this table."))
    result = apply(rnd, seat.index, action, expected_version)
    if seat.timeouts and not result.duplicate:
        seat.timeouts = 0  # "two timeouts in a row": the player acted in between
        seat.save(update_fields=["timeouts"])
    return result


def apply(
    rnd: Round, seat: int, action: dict, expected_version: int | None, by: str | None = None
) -> ActionResult:
    """``expected_version`` None: the page named no version one may move on (it showed a
    tile on offer, or sent a number no page was given)."""
    if rnd.status == Round.Status.ENDED:
        raise ServiceError(_("This round has ended."))
    now = timezone.now()
    marks = live.Marks.of(rnd)  # what the stored round holds, if nobody wrote it since
    offers.forget_if_over(rnd, now)  # a pause's end is never written
    stale = expected_version != rnd.version
    if stale and already_applied(rnd, seat, action, expected_version):
        # A retry: the page sent it again after its socket closed, or the server after
        # the database's answer to the commit was lost. The first attempt's update may
        # never have reached the table (its process died, or never learnt it had
        # committed): every socket of the room loads the table again.
        broadcast.notify_on_commit(rnd.room)
        return ActionResult(version=rnd.version, duplicate=True)
    engine = EngineRound.from_json(rnd.state)
    before = rnd.state
    phase_before = engine.phase
    try:
        parsed = parse_action(action)
        offers.refuse_unless_asked(rnd, engine, seat, parsed, expected_version)
        if stale and not same_question_since(rnd, seat, expected_version):
            raise StaleVersion(_("The table has changed since you looked: try again."))
        # Only other players' answers to the same question came in between (a void
        # choice, a pass on the same discard): they do not make this answer stale.
        engine.keep_offer_moment = True  # the moment of a tile nobody may claim (offers)
        events = engine.apply(seat, parsed)
    except IllegalAction as exc:
        raise ServiceError(engine_message(exc)) from None
    new_decision = deadlines.is_new_decision(parsed[0], phase_before, engine)
    record(
        rnd,
        seat,
        action_to_dict(parsed),
        events,
        engine,
        by,
        new_decision,
        before=before,
        parsed=parsed,
        now=now,
        marks=marks,
    )
    return ActionResult(version=rnd.version, events=tuple(events))


SAME_QUESTION_EVENTS = ("action", "exchange_picked", "void_chosen", "claim_answered")


def same_question_since(rnd: Round, seat: int, expected_version: int) -> bool:
    """Has the table only seen other players answer the question ``seat`` was looking
    at, since ``expected_version``? Any draw, discard, meld, win or reveal is news."""
    if expected_version is None or not 0 <= expected_version <= rnd.version:
        return False
    since = rnd.events.filter(version__gt=expected_version).values_list("kind", "seat")
    return all(
        kind in SAME_QUESTION_EVENTS and not (kind == "action" and who == seat)
        for kind, who in since
    )


def already_applied(rnd: Round, seat: int, action: dict, expected_version: int | None) -> bool:
    if expected_version is None:
        return False
    try:
        wanted = action_to_dict(parse_action(action))
    except IllegalAction:
        return False
    return Event.objects.filter(
        round=rnd,
        kind="action",
        seat=seat,
        version=expected_version + 1,
        data__action=wanted,
    ).exists()


def record(
    rnd: Round,
    seat: int,
    action: dict,
    events: list[dict],
    engine: EngineRound,
    by: str | None,
    new_decision: bool,
    *,
    before: dict,
    parsed,
    now,
    marks: live.Marks | None = None,
) -> None:
    """Write what the move changed: the round first, only where it is still the one the
    move started from (``marks``; games.play.live), then its events and payments. Then,
    after commit, the table is shown and this process holds the round."""
    rnd.version += 1
    number = rnd.last_event + 1
    data = {"action": action, "by": by} if by else {"action": action}
    rows = [move_sql.NewEvent(rnd.pk, number, rnd.version, "action", seat, data)]
    rows += [
        move_sql.NewEvent(rnd.pk, number + offset, rnd.version, e["type"], e.get("seat"), e)
        for offset, e in enumerate(events, start=1)
    ]
    rnd.last_event = number + len(events)
    rnd.state = engine.to_json()
    fields = ["state", "version", "last_event", "deadline", "decision_started_at"]
    if engine.phase == "ended":
        rnd.status = Round.Status.ENDED
        rnd.ended_at = now
        fields += ["status", "ended_at"]
    rnd.offer = offers.after_move(
        rnd, before=before, seat=seat, action=parsed, engine=engine, events=events, now=now
    )
    rnd.cue = cues.of_events(events, rnd.version) or rnd.cue
    rnd.deadline, rnd.decision_started_at = deadlines.next_deadline(
        rnd, engine, new_decision=new_decision, now=now
    )
    # The round before the events: a second writer of the same version waits on the
    # row (PostgreSQL) and then finds it moved, instead of failing on the events' numbers.
    move_sql.save_round(rnd, fields + ["offer", "cue"], expected=marks)
    move_sql.insert_events(rows)
    _record_payments(rnd, [row for row in rows if row.kind == "payment"])
    if engine.phase == "ended":
        _close_or_reopen(rnd)
    _after_commit(rnd, engine, lobby=engine.phase == "ended")


def _record_payments(rnd: Round, paying: list) -> None:
    """The ledger rows of the move's payments, each pointing at its event."""
    if not paying:
        return
    ids = move_sql.event_ids(rnd.pk, [row.number for row in paying])
    users = {s.index: s.user_id for s in deadlines.round_seats(rnd)}
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(
                round=rnd,
                event_id=ids[row.number],
                payer_seat=row.data["payer"],
                payee_seat=row.data["payee"],
                payer_id=users.get(row.data["payer"]),
                payee_id=users.get(row.data["payee"]),
                amount=row.data["amount"],
                reason=row.data["reason"],
            )
            for row in paying
        ]
    )


def _close_or_reopen(rnd: Round) -> None:
    """After the last round of a match the room closes: nobody waits there for a round
    any more (the table and the scoreboard still show the standings)."""
    status = (
        Room.Status.CLOSED
        if matches.is_final_round(rnd.room.options, rnd.number)
        else Room.Status.OPEN
    )
    rnd.room.status = status
    Room.objects.filter(pk=rnd.room_id).update(status=status)


def _after_commit(rnd: Round, engine: EngineRound, *, lobby: bool = False) -> None:
    """The one hook of a move after commit: this process holds the round as it stands
    (games.play.live), the room is shown the table the move left (broadcast), the timer
    loop hears of the next deadline, and the lobby of a round that ended. What they get
    is taken now: a later move of the same transaction (a step's) changes ``rnd``."""
    moved = copy.copy(rnd)
    held = copy.copy(rnd)  # not ``moved``: the next move changes it while ``moved`` is shown
    seats = deadlines.round_seats(rnd)

    def after() -> None:
        live.hold(held)
        broadcast.table_moved(moved, engine, seats)
        if moved.deadline is not None:
            deadlines.announce(moved.deadline)
        if lobby:
            broadcast.broadcast_lobby_changed([moved.room])

    transaction.on_commit(after)


def apply_for_seat(rnd: Round, seat: int, action: dict, *, by: str) -> ActionResult:
    """A move made for a seat by the computer (``by``: computer or timeout), on a round
    the caller has locked. Goes the same way as a person's move."""
    return apply(rnd, seat, action, rnd.version, by=by)


def end_offer_pause(rnd: Round, now) -> None:
    """The pause after a tile nobody took is over: show the table as it is (the next
    draw). No move: the version stays; the sockets are told, as after a move."""
    engine = EngineRound.from_json(rnd.state)
    rnd.offer = None
    rnd.deadline, rnd.decision_started_at = deadlines.next_deadline(
        rnd, engine, new_decision=False, now=now
    )
    move_sql.save_round(rnd, ["offer", "deadline", "decision_started_at"])
    _after_commit(rnd, engine)
