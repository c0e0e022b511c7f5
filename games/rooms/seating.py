"""Rooms and seats before and between rounds: creating a room, taking and leaving seats,
computer players, ready (which deals the round when all are), freeing an absent
person's seat, auto-play, auto rounds and the watching switch. A sealed room keeps the
seats it was dealt with (``ensure_seats_unsealed``)."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Room, Round, RoundPlayer, Seat, insert_room
from games.play import broadcast, deadlines, dealing, homes, matches
from games.play.errors import ServiceError, StaleVersion
from games.players.computer import LEVELS
from games.rooms.origins import Origin
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound


def create_room(
    *, owner: AbstractBaseUser, name: str, options: dict, origin: Origin | None = None
) -> Room:
    """A new room with validated options and a seat for each of its players (four,
    three or two); its owner takes seat 0 (东), from ``origin`` (see ``take_seat``)."""
    try:
        validated = RoomOptions.from_dict(options).to_dict()
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    with transaction.atomic():
        room = insert_room(owner=owner, name=name, options=validated)
        if room is None:
            raise ServiceError(_("Could not create the room, please try again."))
        seats = [
            Seat(room=room, index=i, user=owner if i == 0 else None) for i in range(room.players)
        ]
        _note_origin(seats[0], origin)
        Seat.objects.bulk_create(seats)
        broadcast.notify_lobby_on_commit(room)
    return room


def ensure_between_rounds(room: Room) -> None:
    if room.status == Room.Status.PLAYING:
        raise ServiceError(_("A round is being played: wait until it ends."))


def ensure_seats_unsealed(room: Room) -> None:
    """A sealed room (``Room.sealed_until``: a deal others play too, the daily challenge's
    or a set's) keeps the seats it was dealt with, deal after deal: its person against
    the same three 大师, so that the results compare with the others' and with 大师's own.
    Nobody adds, removes or swaps its computers, fills or frees its seats, and only its
    owner sits there, in their own seat (``take_seat``). Such tables are seated by the
    code that makes them (challenge.tables), not through here."""
    if room.sealed_until is not None:
        raise ServiceError(
            _(
                "The seats at this table are fixed: everybody plays its deals "
                "against the same computer players, so that the results "
                "compare."
            )
        )
    ensure_seats_not_kept(room)


def ensure_seats_not_kept(room: Room) -> None:
    """A room whose place seats it itself (games.play.homes: a tournament's table, which
    its clock seats and deals) keeps its seats: neither its owner nor its players change
    them, nor deal its next round by being ready, between rounds of its stage included,
    while its settlement is shown before the clock deals again."""
    home = homes.home_of(room)
    if home is not None and home.seats_kept_because:
        raise ServiceError(str(home.seats_kept_because))


def _own_sealed_seat(room: Room, user: AbstractBaseUser, index: int | None) -> int | None:
    """Where the owner of a sealed room may sit: the seat they were dealt in there."""
    if room.owner_id != user.pk:
        raise ServiceError(_("Only the player this table was made for can sit at it."))
    own = (
        RoundPlayer.objects.filter(round__room=room, user=user)
        .order_by("round__number")
        .values_list("seat", flat=True)
        .first()
    )
    if own is not None and index not in (None, own):
        ensure_seats_unsealed(room)
    return own if own is not None else index


def seat_of(room: Room, user: AbstractBaseUser) -> Seat | None:
    if not user.is_authenticated:
        return None
    return room.seats.filter(user=user).first()


# Who else may refuse a seat: functions of (room, user) that answer why not (a message in
# the active language) or None; ``user`` None asks for a computer player. ``clubs.apps``
# adds its own: only a club's members sit at its tables, and computers only where the
# club's table allows them (games never imports clubs).
seat_guards: list[Callable[[Room, AbstractBaseUser | None], str | None]] = []


def ensure_guards_allow(room: Room, user: AbstractBaseUser | None) -> None:
    for guard in seat_guards:
        if (refused := guard(room, user)) is not None:
            raise ServiceError(refused)


def take_seat(
    *, room: Room, user: AbstractBaseUser, index: int | None = None, origin: Origin | None = None
) -> Seat:
    """``user`` sits at ``room`` (at ``index``, or the first free seat); ``origin``: where
    they sat down from, to warn the table of two players from one network or browser."""
    with transaction.atomic():
        room = dealing.locked_room(room)
        existing = seat_of(room, user)
        if existing is not None:
            return existing
        if room.sealed_until is not None:
            index = _own_sealed_seat(room, user, index)
        ensure_between_rounds(room)
        dealing.ensure_not_closed(room)
        ensure_guards_allow(room, user)
        empty = room.seats.select_for_update().filter(user__isnull=True, bot_level="")
        if index is not None:
            empty = empty.filter(index=index)
        seat = empty.order_by("index").first()
        if seat is None:
            raise ServiceError(
                _("That seat is taken.") if index is not None else _("The table is full.")
            )
        seat.user = user
        seat.ready = False
        _note_origin(seat, origin)
        seat.save(update_fields=["user", "ready", "address_key", "browser_accounts"])
        broadcast.notify_on_commit(room)
        broadcast.notify_lobby_on_commit(room)
    return seat


def _note_origin(seat: Seat, origin: Origin | None) -> None:
    seat.address_key = origin.address_key if origin else ""
    seat.browser_accounts = list(origin.browser_accounts) if origin else []


def leave_seat(*, room: Room, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        room = dealing.locked_room(room)
        ensure_seats_not_kept(room)
        ensure_between_rounds(room)
        seat = seat_of(room, user)
        if seat is None:
            raise ServiceError(_("You are not seated at this table."))
        seat.user = None
        seat.ready = False
        seat.address_key, seat.browser_accounts = "", []
        seat.save(update_fields=["user", "ready", "address_key", "browser_accounts"])
        broadcast.notify_on_commit(room)
        broadcast.notify_lobby_on_commit(room)


def owner_only(room: Room, user: AbstractBaseUser) -> None:
    if room.owner_id != user.pk:
        raise ServiceError(_("Only the room's owner can seat or remove computer players."))


def add_bot(*, room: Room, user: AbstractBaseUser, index: int, level: str) -> Seat:
    if level not in LEVELS:
        raise ServiceError(_("Unknown computer player level."))
    with transaction.atomic():
        room = dealing.locked_room(room)
        owner_only(room, user)
        ensure_seats_unsealed(room)
        ensure_between_rounds(room)
        ensure_guards_allow(room, None)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or not seat.is_empty:
            raise ServiceError(_("That seat is taken."))
        seat.bot_level = level
        seat.ready = True
        seat.save(update_fields=["bot_level", "ready"])
        broadcast.notify_on_commit(room)
        broadcast.notify_lobby_on_commit(room)
        start_if_full(room)
    return seat


def fill_empty_seats(*, room: Room, user: AbstractBaseUser, level: str) -> list[Seat]:
    """Every empty seat gets a computer player of ``level``, in one transaction: the
    owner's one click instead of one per seat. People's seats are left alone. Same rules
    as ``add_bot``; when the table is then full it starts as it would after the last
    single computer (and, once everyone seated is ready, as ``set_ready`` would)."""
    if level not in LEVELS:
        raise ServiceError(_("Unknown computer player level."))
    with transaction.atomic():
        room = dealing.locked_room(room)
        owner_only(room, user)
        ensure_seats_unsealed(room)
        if room.status == Room.Status.CLOSED:
            raise ServiceError(_("This room is closed: no seat can be filled."))
        ensure_between_rounds(room)
        ensure_guards_allow(room, None)
        empty = list(
            room.seats.select_for_update().filter(user__isnull=True, bot_level="").order_by("index")
        )
        if not empty:
            raise ServiceError(_("There is no empty seat to fill."))
        for seat in empty:
            seat.bot_level = level
            seat.ready = True
        Seat.objects.bulk_update(empty, ["bot_level", "ready"])
        started = start_if_full(room)
        if started is None:  # a new round tells the table and the lobby itself
            broadcast.notify_on_commit(room)
            broadcast.notify_lobby_on_commit(room)
    return empty


def start_if_full(room: Room) -> Round | None:
    """After a computer took a seat: a table of four computers plays its unattended
    rounds; a table with people starts once every person is ready, as set_ready would
    (the owner may have pressed 准备 before adding the computers, and would otherwise
    wait for nobody)."""
    if deadlines.all_computers(room):
        return dealing.start_unattended_round(room)
    return None if matches.no_more_rounds(room) else maybe_start(room)


def remove_bot(*, room: Room, user: AbstractBaseUser, index: int) -> None:
    with transaction.atomic():
        room = dealing.locked_room(room)
        owner_only(room, user)
        ensure_seats_unsealed(room)
        ensure_between_rounds(room)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or not seat.is_bot:
            raise ServiceError(_("There is no computer player in that seat."))
        seat.bot_level = ""
        seat.ready = False
        seat.save(update_fields=["bot_level", "ready"])
        broadcast.notify_on_commit(room)
        broadcast.notify_lobby_on_commit(room)


def set_ready(*, room: Room, user: AbstractBaseUser) -> Round | None:
    """The player is ready to play; when four seats are filled and every person is
    ready, the next round starts (and is returned)."""
    with transaction.atomic():
        room = dealing.locked_room(room)
        seat = seat_of(room, user)
        if seat is None:
            raise ServiceError(_("You are not seated at this table."))
        ensure_seats_not_kept(room)  # its place deals it (a tournament's clock)
        if room.status == Room.Status.PLAYING:
            # The button is shown only between rounds: this press came before the round
            # began (a page sends a click its dead socket never answered again on the
            # next one, and this very press may have dealt it). The table moved past it.
            raise StaleVersion(_("The round has already started."))
        dealing.ensure_rounds_left(room)
        seat.ready = True
        seat.last_seen = timezone.now()  # pressing the button is being here
        seat.save(update_fields=["ready", "last_seen"])
        broadcast.notify_on_commit(room)
        return maybe_start(room)


def maybe_start(room: Room) -> Round | None:
    """Start the next round once four seats are filled and every person is ready. A
    person who has gone away (their table closed for longer than the grace period) does
    not hold the others up: the round starts and the computer plays for them (托管)
    until they take their seat back."""
    seats = list(room.seats.all())
    if room.status == Room.Status.PLAYING:
        return None
    now = timezone.now()
    away = [s for s in seats if s.user_id and not s.ready and deadlines.is_away(s, now)]
    if all(not s.is_empty for s in seats) and all(s.is_bot or s.ready or s in away for s in seats):
        if away:
            Seat.objects.filter(pk__in=[s.pk for s in away]).update(auto_play=True)
        return dealing.start_round(room)
    return None


def free_seat(*, room: Room, user: AbstractBaseUser, index: int) -> None:
    """Between rounds the owner may free a seat whose person has gone away, so that a
    friend or a computer can take it."""
    with transaction.atomic():
        room = dealing.locked_room(room)
        if room.owner_id != user.pk:
            raise ServiceError(_("Only the room's owner can free a seat."))
        ensure_seats_unsealed(room)
        ensure_between_rounds(room)
        seat = room.seats.select_for_update().filter(index=index).first()
        if seat is None or seat.user_id is None:
            raise ServiceError(_("Nobody sits there."))
        if seat.user_id == user.pk or not deadlines.is_away(seat, timezone.now()):
            raise ServiceError(_("Only the seat of a player who has gone away can be freed."))
        seat.user = None
        seat.ready = seat.auto_play = False
        seat.timeouts = 0
        seat.address_key, seat.browser_accounts = "", []
        seat.save(
            update_fields=[
                "user",
                "ready",
                "auto_play",
                "timeouts",
                "address_key",
                "browser_accounts",
            ]
        )
        broadcast.notify_on_commit(room)
        broadcast.notify_lobby_on_commit(room)


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
            deadlines.schedule(rnd, EngineRound.from_json(rnd.state), new_decision=False)
            rnd.save(update_fields=["deadline", "decision_started_at"])
        broadcast.notify_on_commit(room)
    return seat


def set_auto_rounds(*, room: Room, user: AbstractBaseUser, rounds: int) -> Room:
    """Let a table of four computer players play ``rounds`` rounds by themselves."""
    with transaction.atomic():
        room = dealing.locked_room(room)
        owner_only(room, user)
        room.auto_rounds = max(0, min(int(rounds), 100))
        room.save(update_fields=["auto_rounds"])
        dealing.start_unattended_round(room)
    return room


def set_watching(*, room: Room, user: AbstractBaseUser, allowed: bool) -> Room:
    """The owner lets people without a seat watch the table, or stops them. Switched
    off, the sockets of those watching are told and close (games.table.consumers)."""
    with transaction.atomic():
        room = dealing.locked_room(room)
        if room.owner_id != user.pk:
            raise ServiceError(_("Only the room's owner can switch watching on or off."))
        if room.sealed_until is not None:
            raise ServiceError(
                _("Nobody may watch a daily challenge: others will play the same deal.")
            )
        if room.allow_watching != allowed:
            room.allow_watching = allowed
            room.save(update_fields=["allow_watching"])
            transaction.on_commit(lambda: broadcast.broadcast_watching(room))
    return room
