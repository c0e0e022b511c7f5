"""One step of a finished round's replay, drawn as the live table draws it.

The replay shows the board a spectator sees (East at the bottom, then the others in turn
order) with the live table's own parts (templates/games/table/: seat head, hand, melds,
river, centre), but every hand face up: the round is over, nothing is hidden any more.
Each step is rendered on the server from the seed and the event log
(``games.history.replay``), so a frame is exactly what the templates make of the engine's
state; the page fetches one frame at a time (static/js/replay.js).
"""

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.history import my_rounds as history
from games.history.replay import actions_of, replay
from games.rules.round import Round as EngineRound
from games.rules.tiles import parse_tiles, tile_str
from games.table import tile_parts
from games.table.center import center_html
from games.table.parts import position
from games.words import labels

# The speeds offered by the player (moves per second at 1×: one).
SPEEDS = ("0.5", "1", "2", "4")


def clamp_step(value, steps: int) -> int:
    """A step from a URL: a number from 0 to ``steps``; anything else is the deal."""
    try:
        step = int(value)
    except (TypeError, ValueError):
        return 0
    return max(0, min(step, steps))


def frame(rnd, step: int, actions: list[tuple[int, dict]] | None = None) -> dict:
    """What the replay shows after ``step`` moves: the caption, the board's parts and
    the neighbouring steps. ``step`` is clamped to the round's moves."""
    actions = actions_of(rnd) if actions is None else actions
    step = max(0, min(step, len(actions)))
    engine = replay(rnd, step, actions)
    names = history.seat_names(rnd)
    winds = [str(w) for w in labels.SEAT_WINDS]
    move = actions[step - 1] if step else None
    seats = [_seat(engine, seat, winds, names, move) for seat in range(engine.seats)]
    return {
        "rnd": rnd,
        "step": step,
        "steps": len(actions),
        "previous": max(step - 1, 0),
        "next": min(step + 1, len(actions)),
        "move": _move_words(move, names, winds),
        "seats": seats,
        "center": _center(engine, winds, move),
        "speeds": SPEEDS,
    }


def render_frame(context: dict) -> str:
    return render_to_string("games/_replay_frame.html", {"replay": context})


def _seat(engine: EngineRound, seat: int, winds, names, move) -> dict:
    prefix = f"replay-seat-{seat}"
    moved = move is not None and move[0] == seat
    kind = move[1]["type"] if moved else None
    discards = [tile_str(t) for t in engine.discards[seat]]
    melds = tuple((m.kind, tile_str(m.tile)) for m in engine.melds[seat])
    won_tiles = tuple(w["tile"] for w in engine.winners if w["seat"] == seat)
    void = "mps"[engine.voids[seat]] if engine.voids[seat] is not None else None
    parts = {
        "head": render_to_string(
            "games/table/_seat_head.html",
            {
                "id": prefix + "-head",
                "wind": winds[seat],
                "name": names[seat],
                "dealer": seat == engine.dealer,
                "void": void,
                "void_chosen": void is not None,
                "out": engine.out[seat],
                "won_tiles": won_tiles,
                "auto_play": False,
                "offline": False,
                "net": engine.net()[seat],
                # Whose decision the round waits for (to play, or to answer a discard); not
                # during 换三张 or 定缺, when all four would be ringed.
                "to_act": engine.phase not in ("exchange", "void") and seat in engine.waiting_on(),
            },
        ),
        "hand": render_to_string(
            "games/table/_seat_hand.html",
            {
                "id": prefix + "-hand",
                "shown": _hand(engine, seat, void),
                "count": sum(engine.hands[seat]),
            },
        ),
        "melds": render_to_string(
            "games/table/_melds.html",
            {
                "id": prefix + "-melds",
                "melds": melds,
                "newest": kind in ("pong", "kong", "concealed_kong", "added_kong"),
            },
        ),
        "river": tile_parts.river(
            prefix + "-river",
            discards,
            # The discard just made, ringed and sliding in, while it still lies there.
            last=kind == "discard" and bool(discards) and discards[-1] == move[1].get("tile"),
        ),
    }
    return {
        "index": seat,
        "position": position(seat, None, engine.seats),
        "label": f"{winds[seat]} · {names[seat]}",
        **{k: mark_safe(v.strip()) for k, v in parts.items()},  # our own escaped HTML
    }


def _hand(engine: EngineRound, seat: int, void: str | None) -> list[str]:
    """The hand face up, sorted as the player's own hand is on the table (万 筒 条, the
    void suit last) and a tile just drawn apart at the end."""
    tiles = [tile_str(t) for t in engine.hand_tiles(seat)]
    drawn = None
    if engine.phase == "turn" and engine.current == seat and engine.drawn is not None:
        drawn = tile_str(engine.drawn)
        tiles.remove(drawn)
    tiles.sort(key=lambda t: (t[1:] == void, "mps".index(t[1:]), t[0]))
    return tiles + ([drawn] if drawn else [])


def _center(engine: EngineRound, winds, move) -> str:
    """The live table's centre: the wall, whose turn, and the tile just discarded (or
    offered to rob a kong) while it is the latest thing on the table."""
    last_discard = None
    if engine.claim is not None:
        last_discard = (winds[engine.claim.source], tile_str(engine.claim.tile), engine.claim.kind)
    elif move is not None and move[1]["type"] == "discard" and engine.phase == "turn":
        last_discard = (winds[move[0]], move[1]["tile"], "discard")
    current = engine.current if engine.phase == "turn" else None
    return mark_safe(
        center_html(
            seconds_left=None,
            my_clock=False,
            wall_count=len(engine.wall),
            phase=engine.phase,
            my_turn=False,
            current_wind=winds[current] if current is not None else "",
            last_discard=last_discard,
            on_offer=engine.claim is not None,
            exchange_direction=labels.exchange_shown(engine.exchange_direction, engine.seats)
            if engine.phase == "void"
            else None,
        )
    )


def _move_words(move, names, winds) -> dict | None:
    """Who did what at this step, for the caption: 南 · 兰兰 打出 三万."""
    if move is None:
        return None
    seat, action = move
    # 换三张: the round is over, so the three tiles a player picked are no secret now.
    tiles = tuple(tile_str(t) for t in parse_tiles(action["tiles"])) if action.get("tiles") else ()
    return {
        "wind": winds[seat],
        "name": names[seat],
        "verb": labels.VERBS.get(action["type"], action["type"]),
        "tile": action.get("tile"),
        "suit": action.get("suit"),
        "tiles": tiles,
    }
