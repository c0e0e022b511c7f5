"""The coach (教练) at the table: the switch in the table's settings, and the panel that
shows a seat's pending decision as 大师 (the expert computer player) sees it.

A room allows the coach when its owner chose so (option ``coaching``; its rounds are then
not ranked). Each person seated there switches it on or off for their own seat
(``Seat.coach_for``); it is on only while that person sits there. The panel is one of the
viewer's own parts of the table (``me-coach``, games.table.parts), rendered from
``games.players.coach.advise`` — which reads nothing but that seat's own view — only while
the seat has a decision to make, and never for a watcher.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.template.loader import get_template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Room, Seat
from games.play import broadcast
from games.play.errors import ServiceError
from games.players import coach
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.rules.tiles import tile_str
from games.words import coach_words, labels

PART_ID = "me-coach"
CANDIDATES_SHOWN = 4  # the panel's rows: 大师's choice and the next three


class SwitchRefused(ServiceError):
    """The switch was not flipped (nothing changed); the message says why."""


def room_allows(options: dict | None) -> bool:
    """Does a room with these stored options allow the coach?"""
    return bool((options or {}).get("coaching"))


def set_coach(*, room: Room, user: AbstractBaseUser, on: bool) -> Seat:
    """Switch the coach on or off for ``user``'s own seat at ``room``. Refused, changing
    nothing, for somebody without a seat there (a watcher, a stranger) and in a room
    that does not allow the coach. The table is told, so that the player's page shows
    (or drops) the panel."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not room_allows(room.options):
            raise SwitchRefused(gettext_lazy("This room does not allow the coach."))
        seat = (
            Seat.objects.select_for_update().filter(room=room, user=user).first()
            if user.is_authenticated
            else None
        )
        if seat is None:
            raise SwitchRefused(
                gettext_lazy("Only a player seated at this table can switch the coach on or off.")
            )
        wanted = user.pk if on else None
        if seat.coach_for_id != wanted:
            seat.coach_for_id = wanted
            seat.save(update_fields=["coach_for"])
            broadcast.notify_on_commit(room)
    return seat


def advice_for(snap, viewer: int):
    """大师's view of ``viewer``'s decision in the table ``snap`` shows, worked out once
    per snapshot (every render of one change asks the same)."""
    key = ("coach", viewer)
    if key not in snap.memo:
        snap.memo[key] = coach.advise(snap.shown, viewer)
    return snap.memo[key]


def shown_for(options: RoomOptions, seat: Seat) -> bool:
    """Is the panel on for this seat: the room allows it, its person switched it on and
    is not letting the computer play (托管)?"""
    return options.coaching and seat.coach_on and not seat.auto_play


def hand_mark(snap, viewer: int) -> str:
    """The tile the panel marks ★ (大师's discard), to be marked in the hand as well: ""
    when the panel is off or 大师's answer is no discard."""
    if not shown_for(snap.shown.options, snap.seats[viewer]):
        return ""
    advice = advice_for(snap, viewer)
    if advice is None:
        return ""
    chosen = next((c.tile for c in advice.discards if c.chosen), None)
    if chosen is None and advice.choice[0] == "discard":
        chosen = advice.choice[1]
    return tile_str(chosen) if chosen is not None else ""


def panel(engine: EngineRound, viewer: int, advice: "coach.Advice | None") -> str:
    """The ``me-coach`` part for ``viewer``: the advice in words, or an empty element
    when there is none to show (kept, so that a later update has a place to go)."""
    if advice is None:
        return f'<div id="{PART_ID}"></div>'
    verb = advice.choice[0]
    reason = ""
    if advice.reason != "discard":
        reason = coach_words.reason_words(advice.reason, advice.figures)
    rows = tuple(
        _row(engine, viewer, candidate) for candidate in advice.discards[:CANDIDATES_SHOWN]
    )
    more = max(0, len(advice.discards) - CANDIDATES_SHOWN)
    choice = coach_words.action_words(advice.choice, coach_words.BUTTON_VERBS)
    return (
        get_template("games/table/_coach.html")
        .render(
            {
                "part_id": PART_ID,
                "choice": choice,
                "verb": verb,
                "reason": reason,
                "rows": rows,
                "more": more,
            }
        )
        .strip()
    )


def _row(engine: EngineRound, viewer: int, candidate: "coach.DiscardAdvice") -> dict:
    """One candidate discard on one line: tile, steps after it, tiles that help (their
    unseen copies), the highest chance to deal in and to whom, the waits once ready."""
    danger = ""
    if candidate.danger:
        seat, chance = max(candidate.danger, key=lambda item: (item[1], -item[0]))
        danger = f"{labels.SEAT_WINDS[seat]} {round(chance * 100)}%"
    return {
        "tile": tile_str(candidate.tile),
        "steps": _steps(candidate.shanten),
        "effective": candidate.effective_total,
        "waits": tuple((w.tile, w.unseen, w.fan) for w in candidate.waits),
        "danger": danger,
        "chosen": candidate.chosen,
    }


def _steps(shanten: int) -> str:
    """向听 in a few characters: 听牌 when ready, else the number of steps."""
    if shanten <= 0:
        return _("ready")
    return str(shanten)
