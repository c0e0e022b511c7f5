"""Read-side queries: the lobby, and the table as one player may see it."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Sum
from django.utils import timezone

from games import labels, timers
from games.models import SEATS, LedgerEntry, Room, Round, Seat
from games.rules.hints import current_waits, discard_hints
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound


def open_rooms(*, limit: int = 50) -> list[Room]:
    """Rooms people can look at or join, newest first, with their seats."""
    return list(
        Room.objects.exclude(status=Room.Status.CLOSED)
        .select_related("owner")
        .prefetch_related("seats__user")[:limit]
    )


def lobby_rooms() -> list[dict]:
    """The lobby's list: each open room with its players and a summary of its rules."""
    return [
        {"room": room, "seats": [seat_label(s) for s in room.seats.all()],
         "summary": options_summary(room.options)}
        for room in open_rooms()
    ]


def room_scores(*, room: Room) -> list[int]:
    """Each seat's total over the room's rounds: a sum over the ledger, never stored."""
    totals = [0] * SEATS
    entries = LedgerEntry.objects.filter(round__room=room)
    for row in entries.values("payee_seat").annotate(total=Sum("amount")):
        totals[row["payee_seat"]] += row["total"]
    for row in entries.values("payer_seat").annotate(total=Sum("amount")):
        totals[row["payer_seat"]] -= row["total"]
    return totals


def seat_label(seat: Seat) -> str:
    """A person's user name; a computer player is named by its seat, so that three of
    them at one table can be told apart."""
    if seat.user_id:
        return seat.user.username
    if seat.bot_level:
        return labels.bot_name(seat.index, seat.bot_level)
    return ""


def options_summary(options: dict) -> list[str]:
    """A few words on what makes this room's rules special."""
    parsed = RoomOptions.from_dict(options)
    from django.utils.translation import gettext as _

    cap = _("no cap") if parsed.cap is None else _("cap %(fan)d fan") % {"fan": parsed.cap}
    words = [_("base %(base)d") % {"base": parsed.base}, cap]
    if parsed.zimo_bonus != "none":
        words.append(_("self-drawn bonus: %(kind)s") % {
            "kind": _("+base") if parsed.zimo_bonus == "base" else _("+1 fan")})
    for name, text in (("haidi", _("last-tile extras")), ("jingoudiao", _("golden hook")),
                       ("ready_difference", _("ready difference"))):
        if getattr(parsed, name):
            words.append(str(text))
    if not parsed.kong_transfer:
        words.append(_("no call transfer"))
    return words


@dataclass
class PlayerPlace:
    """One seat as the viewer sees it."""

    index: int
    wind: str
    name: str
    is_me: bool
    is_bot: bool
    auto_play: bool
    ready: bool
    score: int
    empty: bool
    position: str  # bottom (the viewer), right, top, left
    engine: dict = field(default_factory=dict)  # the engine view of this seat, if a round


@dataclass
class TableContext:
    room: Room
    seats: list[PlayerPlace]
    me: PlayerPlace | None
    round: Round | None
    view: dict | None
    version: int
    between_rounds: bool
    legal: dict
    hints: dict
    waits: list
    payments: list[dict]
    wins: list[dict]
    is_owner: bool
    seconds_left: int | None = None  # of the pending decision, for the people it waits on
    waiting_on: list[int] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # the viewer's tiles, the drawn one apart
    drawn: str | None = None
    my_void: str | None = None


POSITIONS = ["bottom", "right", "top", "left"]
WIN_REASONS = ("ron", "zimo", "rob_kong", "kong_transfer")


def _legal_by_kind(view: dict) -> dict:
    """The viewer's legal actions grouped the way the table shows them."""
    grouped: dict = defaultdict(list)
    for action in view["legal"]:
        kind = action["type"]
        if kind in ("discard", "concealed_kong", "added_kong"):
            grouped[kind].append(action["tile"])
        elif kind == "void":
            grouped["void"].append(action["suit"])
        else:
            grouped["verbs"].append(kind)
    return dict(grouped)


def table_context(*, room: Room, user: AbstractBaseUser) -> TableContext:
    seats = list(room.seats.select_related("user").order_by("index"))
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    viewer = mine.index if mine else None
    rnd = room.rounds.order_by("-number").first()
    engine = EngineRound.from_json(rnd.state) if rnd else None
    view = engine.view(viewer) if engine else None
    scores = room_scores(room=room)
    names = {s.index: seat_label(s) for s in seats}
    places = []
    for seat in seats:
        offset = (seat.index - (viewer if viewer is not None else 0)) % SEATS
        places.append(
            PlayerPlace(
                index=seat.index,
                wind=str(labels.SEAT_WINDS[seat.index]),
                name=names[seat.index],
                is_me=seat.index == viewer,
                is_bot=seat.is_bot,
                auto_play=seat.auto_play,
                ready=seat.ready or seat.is_bot,
                score=scores[seat.index],
                empty=seat.is_empty,
                position=POSITIONS[offset],
                engine=view["players"][seat.index] if view else {},
            )
        )
    me = next((p for p in places if p.is_me), None)
    legal = _legal_by_kind(view) if view and viewer is not None else {}
    hints, waits = {}, []
    if engine is not None and viewer is not None and engine.phase != "ended":
        hints = {tile: list(found) for tile, found in discard_hints(engine, viewer).items()}
        if not hints and not engine.out[viewer]:
            waits = current_waits(engine, viewer)
    wins = [
        dict(w, name=names[w["seat"]], how_label=labels.HOW.get(w["how"], w["how"]),
             from_name=names.get(w["from"]), patterns_text=labels.describe_patterns(w["patterns"]))
        for w in (view["winners"] if view else [])
    ]
    win_of = {w["seat"]: w for w in wins}
    payments = [
        dict(e, payer_name=names[e["payer"]], payee_name=names[e["payee"]],
             reason_label=labels.REASONS.get(e["reason"], e["reason"]),
             patterns_text=win_of[e["payee"]]["patterns_text"]
             if e["reason"] in WIN_REASONS and e["payee"] in win_of else "")
        for e in (view["ledger"] if view else [])
    ]
    hand, drawn, my_void = [], None, None
    if view and viewer is not None:
        hand = list(view["hand"])
        drawn = view["drawn"]
        if drawn is not None:
            hand.remove(drawn)
        my_void = view["players"][viewer]["void"]
    seconds_left = None
    if engine is not None and engine.phase != "ended":
        due = timers.person_deadline(rnd, engine)
        if due is not None:
            seconds_left = max(0, int((due - timezone.now()).total_seconds() + 0.999))
    return TableContext(
        room=room,
        seats=places,
        me=me,
        round=rnd,
        view=view,
        version=rnd.version if rnd else 0,
        between_rounds=rnd is None or rnd.status == Round.Status.ENDED,
        legal=legal,
        hints=hints,
        waits=waits,
        payments=payments,
        wins=wins,
        is_owner=user.is_authenticated and room.owner_id == user.pk,
        seconds_left=seconds_left,
        waiting_on=engine.waiting_on() if engine else [],
        hand=hand,
        drawn=drawn,
        my_void=my_void,
    )

