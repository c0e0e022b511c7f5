"""The table's centre (``center``): the wall, whose turn, the countdown and the last
discard. Each line is a part of its own, remembered by its few values: the wall's line by
its count, the countdown by its number, and so on. The centre as a whole changes with
every move and every second and differs between the player to act and the others, so
rendered whole it was rendered again for nearly every viewer of every change; its lines
are each rendered once per language for every table of the process."""

from django.utils import timezone

from games.play import offers
from games.play.deadlines import person_deadline
from games.play.snapshot import TableSnapshot
from games.table.part_cache import render_part
from games.words import labels

_OPEN = '<section id="center" class="center" aria-live="polite">\n  '
# The status lines that ended with a line break in the centre's single template.
_STATUS_THEN_BREAK = ("exchange", "void", "turn")


def center_html(
    *,
    seconds_left: int | None,
    my_clock: bool,
    wall_count: int,
    phase: str,
    my_turn: bool,
    current_wind: str,
    last_discard: tuple | None,
    on_offer: bool,
    exchange_direction: str | None,
) -> str:
    """The centre, in the active language, from its lines."""
    status = render_part(
        "_center_status.html",
        phase=phase,
        my_turn=my_turn,
        current_wind=current_wind,
        exchange_direction=exchange_direction,
    )
    if phase in _STATUS_THEN_BREAK:
        status += "\n  "
    clock = (
        render_part("_center_clock.html", seconds_left=seconds_left, my_clock=my_clock)
        if seconds_left is not None
        else ""
    )
    discard = (
        render_part("_center_discard.html", last_discard=last_discard, on_offer=on_offer)
        if last_discard
        else ""
    )
    wall = render_part("_center_wall.html", wall_count=wall_count)
    return f"{_OPEN}{wall}\n  {status}\n  {clock}\n  {discard}\n</section>"


def center(snap: TableSnapshot, view: dict, viewer: int | None, winds, cue: dict) -> str:
    """The centre of ``snap`` as the viewer of ``view`` sees it (``cue``: the table's
    latest happening)."""
    engine = snap.shown
    seconds_left = None
    waiting = engine.waiting_on()
    # While a tile is on offer only those asked see a clock: anyone else seeing one would
    # learn that somebody may claim (games.play.offers).
    if engine.phase != "ended" and (
        engine.phase not in offers.OFFER_PHASES or offers.is_asked(engine, viewer)
    ):
        due = person_deadline(snap.round, engine)
        if due is not None:
            seconds_left = max(0, int((due - timezone.now()).total_seconds() + 0.999))
    me_auto = viewer is not None and snap.seats[viewer].auto_play
    claim = view["claim"] or {}
    # The last discard, named by its thrower's wind: "南 打出 三万".
    last_discard = None
    if claim:
        last_discard = (winds[claim["source"]], claim["tile"], claim["kind"])
    elif cue.get("kind") == "discard" and view["phase"] == "turn":
        last_discard = (winds[cue["seat"]], cue["tile"], "discard")
    current = view["current"]
    return center_html(
        seconds_left=seconds_left,
        my_clock=viewer in waiting and not me_auto,
        wall_count=view["wall_count"],
        phase=view["phase"],
        my_turn=current is not None and current == viewer,
        current_wind=winds[current] if current is not None else "",
        last_discard=last_discard,
        on_offer=bool(claim),
        exchange_direction=labels.exchange_shown(
            (view["exchange"] or {}).get("direction"), len(view["players"])
        ),
    )
