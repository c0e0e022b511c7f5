"""The rules service: everything that changes rooms, seats and rounds in the database.

Every move goes through ``apply_action``: one transaction that locks the round row,
checks the expected version, lets the engine (``games.rules``) check and apply the move,
appends the events and payments, saves the new state with ``version + 1`` and, once the
transaction has committed, tells the room's channel group that the table changed.
Computer players, auto-play and timeouts act through ``apply_for_seat``: the same path
(``games.timers`` decides when).
"""

import copy
import hashlib
import logging
import secrets
import uuid
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from games import display, matches, move_sql, offers, timers
from games.models import SEATS, Event, LedgerEntry, Room, Round, RoundPlayer, Seat
from games.rules.bots import LEVELS
from games.rules.options import RoomOptions
from games.rules.round import CURRENT_SHUFFLE, IllegalAction, action_to_dict, parse_action
from games.rules.round import Round as EngineRound
from games.rules.tiles import parse_tiles, tile_str
from games.table import cues
from games.table.snapshot import TableSnapshot, snapshot_of_move
from games.table.snapshot import offer as offer_snapshot

logger = logging.getLogger(__name__)


class ServiceError(Exception):
    """A request that cannot be carried out; the message is shown to the player."""


class StaleVersion(ServiceError):
    pass


@dataclass(frozen=True)
class ActionResult:
    version: int
    duplicate: bool = False  # the same action had already been applied (a retry)
    events: tuple = ()


def room_group(code: str) -> str:
    return f"room-{code}"


def broadcast_table_changed(room: Room, version: int | None = None,
                            snapshot: TableSnapshot | None = None) -> None:
    """Tell every browser at the table to re-read it. Carries no tile: each consumer
    renders its own player's view. ``change`` names this change, so that the consumers
    of one process load the table once for it, or take ``snapshot``, the table this
    process already holds (``games.table.snapshot``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    change = uuid.uuid4().hex
    if snapshot is not None:
        offer_snapshot(room.pk, change, snapshot)
    try:
        async_to_sync(layer.group_send)(
            room_group(room.code), {"type": "table.changed", "version": version, "change": change},
        )
    except Exception:  # a lost notification must never undo a committed move
        logger.exception("could not notify room %s", room.code)


def _notify_on_commit(room: Room, version: int | None = None) -> None:
    transaction.on_commit(lambda: broadcast_table_changed(room, version))


def _notify_move_on_commit(rnd: Round, engine: EngineRound) -> None:
    """After a move commits, tell the room, handing over the table as this move left it:
    the round as it is now (a later step of the same transaction may change the object),
    the engine of this move, and the seats as committed."""
    moved = copy.copy(rnd)
    seats = timers.round_seats(rnd)

    def notify():
        broadcast_table_changed(rnd.room, moved.version,
                                snapshot=snapshot_of_move(moved, engine, seats))

    transaction.on_commit(notify)


LOBBY_GROUP = "lobby"


def broadcast_lobby_changed() -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})
    except Exception:
        logger.exception("could not notify the lobby")


def _notify_lobby_on_commit() -> None:
    """Rooms opened, seats taken or freed, rounds started or ended: not single moves."""
    transaction.on_commit(broadcast_lobby_changed)


def engine_message(exc: IllegalAction) -> str:
    """The engine's reason in the player's language, tiles and suits named in words."""
    params = dict(exc.params)
    try:
        if "tile" in params:
            params["tile"] = display.tile_name(params["tile"])
        if "suit" in params:
            params["suit"] = display.suit_name(params["suit"])
        if "tiles" in params:  # 换三张: "159s" -> 一条 五条 九条
            params["tiles"] = " ".join(
                str(display.tile_name(tile_str(t))) for t in parse_tiles(params["tiles"]))
    except ValueError:
        pass
    return gettext(exc.message) % params if params else gettext(exc.message)


# --- rooms and seats -------------------------------------------------------------------


def create_room(*, owner: AbstractBaseUser, name: str, options: dict) -> Room:
    """A new room with validated options; its owner takes seat 0 (东)."""
    try:
        validated = RoomOptions.from_dict(options).to_dict()
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    with transaction.atomic():
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    room = Room.objects.create(owner=owner, name=name, options=validated)
                break
            except IntegrityError:  # a code already taken: draw another
                continue
        else:
            raise ServiceError(_("Could not create the room, please try again."))
        Seat.objects.bulk_create(
            [Seat(room=room, index=i, user=owner if i == 0 else None) for i in range(SEATS)]
        )
        _notify_lobby_on_commit()
    return room


def _locked_room(room: Room) -> Room:
    return Room.objects.select_for_update().get(pk=room.pk)


def _ensure_between_rounds(room: Room) -> None:
    if room.status == Room.Status.PLAYING:
        raise ServiceError(_("A round is being played: wait until it ends."))


def seat_of(room: Room, user: AbstractBaseUser) -> Seat | None:
    if not user.is_authenticated:
        return None
    return room.seats.filter(user=user).first()


def take_seat(*, room: Room, user: AbstractBaseUser, index: int | None = None) -> Seat:
    with transaction.atomic():
        room = _locked_room(room)
        existing = seat_of(room, user)
        if existing is not None:
            return existing
        _ensure_between_rounds(room)
        _ensure_not_closed(room)
        empty = room.seats.select_for_update().filter(user__isnull=True, bot_level="")
        if index is not None:
            empty = empty.filter(index=index)
        seat = empty.order_by("index").first()
        if seat is None:
            raise ServiceError(_("That seat is taken.") if index is not None
                               else _("The table is full."))
        seat.user = user
        seat.ready = False
        seat.save(update_fields=["user", "ready"])
        _notify_on_commit(room)
        _notify_lobby_on_commit()
    return seat


def leave_seat(*, room: Room, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        room = _locked_room(room)
        _ensure_between_rounds(room)
        seat = seat_of(room, user)
        if seat is None:
            raise ServiceError(_("You are not seated at this table."))
        seat.user = None
        seat.ready = False
        seat.save(update_fields=["user", "ready"])
        _notify_on_commit(room)
        _notify_lobby_on_commit()


def _owner_only(room: Room, user: AbstractBaseUser) -> None:
    if room.owner_id != user.pk:
        raise ServiceError(_("Only the room's owner can seat or remove computer players."))


def add_bot(*, room: Room, user: AbstractBaseUser, index: int, level: str) -> Seat:
    if level not in LEVELS:
        raise ServiceError(_("Unknown computer player level."))
    with transaction.atomic():
        room = _locked_room(room)
        _owner_only(room, user)
        _ensure_between_rounds(room)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or not seat.is_empty:
            raise ServiceError(_("That seat is taken."))
        seat.bot_level = level
        seat.ready = True
        seat.save(update_fields=["bot_level", "ready"])
        _notify_on_commit(room)
        _notify_lobby_on_commit()
        _start_if_full(room)
    return seat


def fill_empty_seats(*, room: Room, user: AbstractBaseUser, level: str) -> list[Seat]:
    """Every empty seat gets a computer player of ``level``, in one transaction: the
    owner's one click instead of one per seat. People's seats are left alone. Same rules
    as ``add_bot``; when the table is then full it starts as it would after the last
    single computer (and, once everyone seated is ready, as ``set_ready`` would)."""
    if level not in LEVELS:
        raise ServiceError(_("Unknown computer player level."))
    with transaction.atomic():
        room = _locked_room(room)
        _owner_only(room, user)
        if room.status == Room.Status.CLOSED:
            raise ServiceError(_("This room is closed: no seat can be filled."))
        _ensure_between_rounds(room)
        empty = list(room.seats.select_for_update()
                     .filter(user__isnull=True, bot_level="").order_by("index"))
        if not empty:
            raise ServiceError(_("There is no empty seat to fill."))
        for seat in empty:
            seat.bot_level = level
            seat.ready = True
        Seat.objects.bulk_update(empty, ["bot_level", "ready"])
        started = _start_if_full(room)
        if started is None:  # a new round tells the table and the lobby itself
            _notify_on_commit(room)
            _notify_lobby_on_commit()
    return empty


def _start_if_full(room: Room) -> Round | None:
    """After a computer took a seat: a table of four computers plays its unattended
    rounds; a table with people starts once every person is ready, as set_ready would
    (the owner may have pressed 准备 before adding the computers, and would otherwise
    wait for nobody)."""
    if timers.all_computers(room):
        return start_unattended_round(room)
    return None if matches.no_more_rounds(room) else _maybe_start(room)


def remove_bot(*, room: Room, user: AbstractBaseUser, index: int) -> None:
    with transaction.atomic():
        room = _locked_room(room)
        _owner_only(room, user)
        _ensure_between_rounds(room)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or not seat.is_bot:
            raise ServiceError(_("There is no computer player in that seat."))
        seat.bot_level = ""
        seat.ready = False
        seat.save(update_fields=["bot_level", "ready"])
        _notify_on_commit(room)
        _notify_lobby_on_commit()


def set_ready(*, room: Room, user: AbstractBaseUser) -> Round | None:
    """The player is ready to play; when four seats are filled and every person is
    ready, the next round starts (and is returned)."""
    with transaction.atomic():
        room = _locked_room(room)
        seat = seat_of(room, user)
        if seat is None:
            raise ServiceError(_("You are not seated at this table."))
        _ensure_between_rounds(room)
        _ensure_rounds_left(room)
        seat.ready = True
        seat.last_seen = timezone.now()  # pressing the button is being here
        seat.save(update_fields=["ready", "last_seen"])
        _notify_on_commit(room)
        return _maybe_start(room)


def _ensure_not_closed(room: Room) -> None:
    """A closed room (its match is over, or nobody was there for half an hour:
    games.idle_rooms) takes no new person and deals no round. (Its owner may still seat
    or remove computer players: nothing is dealt for them either.)"""
    if room.status == Room.Status.CLOSED:
        raise ServiceError(_("This room has closed: open a new one in the lobby."))


def _ensure_rounds_left(room: Room) -> None:
    """A match of N rounds (RULES.md section 13) deals no round after its last."""
    if matches.no_more_rounds(room):
        length = matches.match_length(room.options)
        raise ServiceError(_("The match is over: all %(rounds)d rounds have been played. "
                             "Its final standings are on the table.") % {"rounds": length})


def _maybe_start(room: Room) -> Round | None:
    """Start the next round once four seats are filled and every person is ready. A
    person who has gone away (their table closed for longer than the grace period) does
    not hold the others up: the round starts and the computer plays for them (托管)
    until they take their seat back."""
    seats = list(room.seats.all())
    if room.status == Room.Status.PLAYING:
        return None
    now = timezone.now()
    away = [s for s in seats if s.user_id and not s.ready and timers.is_away(s, now)]
    if all(not s.is_empty for s in seats) and all(
            s.is_bot or s.ready or s in away for s in seats):
        if away:
            Seat.objects.filter(pk__in=[s.pk for s in away]).update(auto_play=True)
        return _start_round(room)
    return None


def free_seat(*, room: Room, user: AbstractBaseUser, index: int) -> None:
    """Between rounds the owner may free a seat whose person has gone away, so that a
    friend or a computer can take it."""
    with transaction.atomic():
        room = _locked_room(room)
        if room.owner_id != user.pk:
            raise ServiceError(_("Only the room's owner can free a seat."))
        _ensure_between_rounds(room)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or seat.user_id is None:
            raise ServiceError(_("Nobody sits there."))
        if seat.user_id == user.pk or not timers.is_away(seat, timezone.now()):
            raise ServiceError(_("Only the seat of a player who has gone away can be freed."))
        seat.user = None
        seat.ready = seat.auto_play = False
        seat.timeouts = 0
        seat.save(update_fields=["user", "ready", "auto_play", "timeouts"])
        _notify_on_commit(room)
        _notify_lobby_on_commit()


def set_auto_play(*, room: Room, user: AbstractBaseUser, on: bool) -> Seat:
    """托管 on or off, by the player; taking the seat back also clears missed deadlines."""
    with transaction.atomic():
        rnd = room.rounds.select_for_update().filter(status=Round.Status.PLAYING).first()
        seat = seat_of(room, user)
        if seat is None:
            raise ServiceError(_("You are not seated at this table."))
        seat.auto_play = on
        seat.timeouts = 0
        seat.last_seen = timezone.now()
        seat.save(update_fields=["auto_play", "timeouts", "last_seen"])
        if rnd is not None:  # the computer moves soon now, or the person's clock applies
            timers.schedule(rnd, EngineRound.from_json(rnd.state), new_decision=False)
            rnd.save(update_fields=["deadline", "decision_started_at"])
        _notify_on_commit(room)
    return seat


def _start_round(room: Room) -> Round:
    _ensure_rounds_left(room)  # every way a round starts comes through here
    _ensure_not_closed(room)
    previous = room.rounds.order_by("-number").first()
    if previous is None:
        dealer = secrets.randbelow(SEATS)  # the first dealer of a room is random
    else:
        dealer = previous.state["next_dealer"]
    seed = secrets.token_hex(16)
    engine = EngineRound.deal(seed, dealer, RoomOptions.from_dict(room.options),
                              shuffle=CURRENT_SHUFFLE)
    number = (previous.number + 1) if previous else 1
    rnd = Round.objects.create(
        room=room,
        number=number,
        dealer=dealer,
        seed=seed,
        seed_hash=hashlib.sha256(seed.encode()).hexdigest(),
        shuffle=CURRENT_SHUFFLE,
        state=engine.to_json(),
        version=0,
        last_event=1,
        cue=cues.dealt(),
    )
    RoundPlayer.objects.bulk_create(
        [RoundPlayer(round=rnd, seat=s.index, user_id=s.user_id, bot_level=s.bot_level)
         for s in room.seats.all()]
    )
    Event.objects.create(
        round=rnd, number=1, version=0, kind="round_started",
        data={"dealer": dealer, "seed_sha256": rnd.seed_hash, "shuffle": rnd.shuffle,
              "options": room.options},
    )
    room.status = Room.Status.PLAYING
    room.save(update_fields=["status"])
    _notify_lobby_on_commit()
    timers.schedule(rnd, engine, new_decision=True)
    rnd.save(update_fields=["deadline", "decision_started_at"])
    Seat.objects.filter(room=room, user__isnull=False).update(ready=False)
    return rnd


# --- moves -----------------------------------------------------------------------------


def apply_action(
    *, round_id: int, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    """Apply one player's move, atomically. Raises ServiceError (nothing changed) for a
    stranger, a stale version, an illegal move or a finished round. A retry of a move
    that was already applied returns ``duplicate=True`` instead of applying it again."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("room").get(pk=round_id)
        return _apply_for_user(rnd, user, action, expected_version)


def apply_move(
    *, room_id: int, user: AbstractBaseUser, action: dict, expected_version: int
) -> ActionResult:
    """``apply_action`` on the room's current round, found and locked in one query
    (the path of every move made at the table)."""
    with transaction.atomic():
        rnd = move_sql.current_round_locked(room_id)
        if rnd is None:
            raise ServiceError(_("No round is being played."))
        return _apply_for_user(rnd, user, action, expected_version)


def _apply_for_user(rnd: Round, user: AbstractBaseUser, action: dict,
                    expected_version: int) -> ActionResult:
    seats = timers.round_seats(rnd)
    seat = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if seat is None:
        raise ServiceError(_("You are not seated at this table."))
    result = _apply(rnd, seat.index, action, expected_version)
    if seat.timeouts and not result.duplicate:
        seat.timeouts = 0  # "two timeouts in a row": the player acted in between
        seat.save(update_fields=["timeouts"])
    return result


def _apply(
    rnd: Round, seat: int, action: dict, expected_version: int | None, by: str | None = None
) -> ActionResult:
    """``expected_version`` None: the page named no version one may move on (it showed a
    tile on offer, or sent a number no page was given)."""
    if rnd.status == Round.Status.ENDED:
        raise ServiceError(_("This round has ended."))
    stale = expected_version != rnd.version
    if stale and _already_applied(rnd, seat, action, expected_version):
        return ActionResult(version=rnd.version, duplicate=True)
    engine = EngineRound.from_json(rnd.state)
    before = rnd.state
    phase_before = engine.phase
    try:
        parsed = parse_action(action)
        offers.refuse_unless_asked(rnd, engine, seat, parsed)
        if stale and not _same_question_since(rnd, seat, expected_version):
            raise StaleVersion(_("The table has changed since you looked: try again."))
        # Only other players' answers to the same question came in between (a void
        # choice, a pass on the same discard): they do not make this answer stale.
        events = engine.apply(seat, parsed)
    except IllegalAction as exc:
        raise ServiceError(engine_message(exc)) from None
    new_decision = timers.is_new_decision(parsed[0], phase_before, engine)
    _record(rnd, seat, action_to_dict(parsed), events, engine, by, new_decision,
            before=before, parsed=parsed)
    return ActionResult(version=rnd.version, events=tuple(events))


SAME_QUESTION_EVENTS = ("action", "exchange_picked", "void_chosen", "claim_answered")


def _same_question_since(rnd: Round, seat: int, expected_version: int) -> bool:
    """Has the table only seen other players answer the question ``seat`` was looking
    at, since ``expected_version``? Any draw, discard, meld, win or reveal is news."""
    if expected_version is None or not 0 <= expected_version <= rnd.version:
        return False
    since = rnd.events.filter(version__gt=expected_version).values_list("kind", "seat")
    return all(kind in SAME_QUESTION_EVENTS and not (kind == "action" and who == seat)
               for kind, who in since)


def _already_applied(rnd: Round, seat: int, action: dict,
                     expected_version: int | None) -> bool:
    if expected_version is None:
        return False
    try:
        wanted = action_to_dict(parse_action(action))
    except IllegalAction:
        return False
    return Event.objects.filter(
        round=rnd, kind="action", seat=seat, version=expected_version + 1,
        data__action=wanted,
    ).exists()


def _record(
    rnd: Round, seat: int, action: dict, events: list[dict], engine: EngineRound,
    by: str | None, new_decision: bool, *, before: dict, parsed,
) -> None:
    now = timezone.now()
    rnd.version += 1
    number = rnd.last_event + 1
    data = {"action": action, "by": by} if by else {"action": action}
    rows = [Event(round=rnd, number=number, version=rnd.version, kind="action", seat=seat,
                  data=data)]
    for offset, event in enumerate(events, start=1):
        rows.append(Event(round=rnd, number=number + offset, version=rnd.version,
                          kind=event["type"], seat=event.get("seat"), data=event))
    move_sql.insert_events(rows)
    rnd.last_event = number + len(events)
    paying = [row for row in rows if row.kind == "payment"]
    if paying:
        ids = move_sql.event_ids(rnd.pk, [row.number for row in paying])
        users = {s.index: s.user_id for s in timers.round_seats(rnd)}
        LedgerEntry.objects.bulk_create([
            LedgerEntry(
                round=rnd, event_id=ids[row.number], payer_seat=row.data["payer"],
                payee_seat=row.data["payee"], payer_id=users.get(row.data["payer"]),
                payee_id=users.get(row.data["payee"]), amount=row.data["amount"],
                reason=row.data["reason"],
            )
            for row in paying
        ])
    rnd.state = engine.to_json()
    fields = ["state", "version", "last_event", "deadline", "decision_started_at"]
    if engine.phase == "ended":
        rnd.status = Round.Status.ENDED
        rnd.ended_at = now
        fields += ["status", "ended_at"]
        # After the last round of a match the room closes: nobody waits there for a
        # round any more (the table and the scoreboard still show the standings).
        status = (Room.Status.CLOSED if matches.is_final_round(rnd.room.options, rnd.number)
                  else Room.Status.OPEN)
        rnd.room.status = status
        Room.objects.filter(pk=rnd.room_id).update(status=status)
        _notify_lobby_on_commit()
    offers.after_move(rnd, before=before, seat=seat, action=parsed, engine=engine,
                      events=events, now=now)
    cue = cues.of_events(events, rnd.version)
    if cue is not None:
        rnd.cue = cue
    timers.schedule(rnd, engine, new_decision=new_decision, now=now)
    move_sql.save_round(rnd, fields + ["offer", "cue"])
    _notify_move_on_commit(rnd, engine)


# --- computer players, auto-play and timeouts ------------------------------------------


def apply_for_seat(rnd: Round, seat: int, action: dict, *, by: str) -> ActionResult:
    """A move made for a seat by the computer (``by``: computer or timeout), on a round
    the caller has locked. Goes the same way as a person's move."""
    return _apply(rnd, seat, action, rnd.version, by=by)


def end_offer_pause(rnd: Round, now) -> None:
    """The pause after a tile nobody took is over: show the table as it is (the next
    draw). No move: the version stays; the sockets are told, as after a move."""
    engine = EngineRound.from_json(rnd.state)
    rnd.offer = None
    timers.schedule(rnd, engine, new_decision=False, now=now)
    move_sql.save_round(rnd, ["offer", "deadline", "decision_started_at"])
    _notify_move_on_commit(rnd, engine)


def run_bots(*, round_id: int, limit: int = 2000) -> int:
    """Apply computer moves at once until a person is to act or the round ends (no
    pauses: for tests and tools; the site paces them through ``games.timers``)."""
    applied = 0
    while applied < limit:
        with transaction.atomic():
            rnd = Round.objects.select_for_update().select_related("room").get(pk=round_id)
            if offers.held_until(rnd) is not None:
                end_offer_pause(rnd, timezone.now())
            if not timers.computer_step(rnd, timezone.now()):
                break
        applied += 1
    return applied


def start_unattended_round(room: Room) -> Round | None:
    """Next round of a room where only computer players sit, while it has rounds left."""
    room = _locked_room(room)
    if room.auto_rounds <= 0 or not timers.all_computers(room):
        return None
    if room.status != Room.Status.OPEN or matches.no_more_rounds(room):
        return None
    _notify_on_commit(room)
    room.auto_rounds -= 1
    room.save(update_fields=["auto_rounds"])
    return _start_round(room)


def set_auto_rounds(*, room: Room, user: AbstractBaseUser, rounds: int) -> Room:
    """Let a table of four computer players play ``rounds`` rounds by themselves."""
    with transaction.atomic():
        room = _locked_room(room)
        _owner_only(room, user)
        room.auto_rounds = max(0, min(int(rounds), 100))
        room.save(update_fields=["auto_rounds"])
        start_unattended_round(room)
    return room


def set_watching(*, room: Room, user: AbstractBaseUser, allowed: bool) -> Room:
    """The owner lets people without a seat watch the table, or stops them. Switched
    off, the sockets of those watching are told and close (games.consumers)."""
    with transaction.atomic():
        room = _locked_room(room)
        if room.owner_id != user.pk:
            raise ServiceError(_("Only the room's owner can switch watching on or off."))
        if room.allow_watching != allowed:
            room.allow_watching = allowed
            room.save(update_fields=["allow_watching"])
            transaction.on_commit(lambda: _broadcast_watching(room))
    return room


def _broadcast_watching(room: Room) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(room_group(room.code), {
            "type": "table.watching", "allowed": room.allow_watching,
            "owner_id": room.owner_id})
    except Exception:  # those watching leave at their next page load
        logger.exception("could not tell room %s that watching changed", room.code)
