"""The parts only one viewer sees: their own hand, its buttons (discard, 定缺, claims,
kongs, 换三张), the quick phrases and the coach's panel. Rendered for that viewer alone,
from the engine's view for that seat (``games.table.parts`` puts them with the rest)."""

from functools import lru_cache

from django.urls import reverse

from games.play.snapshot import TableSnapshot
from games.players.hints import current_waits, discard_hints, exchange_hint
from games.rules.tiles import parse_tiles, tile_str
from games.table import coaching, hand_marks, tile_parts
from games.table.part_cache import current_language, render_part
from games.table.phrases import PHRASES
from games.words import labels


@lru_cache(maxsize=4096)
def _my_hand(language, tiles, action_url, csrf, discard_version, received, coach) -> str:
    """The hand's markup, remembered: three of the four players' hands are as they were
    at most changes of the table, and without the discard form (only the player who is to
    discard has it, with the version) the same markup comes back. ``language`` only keys
    the cache: the hand is put together in the active language."""
    return tile_parts.my_hand(
        tiles=tiles,
        action_url=action_url,
        csrf=csrf,
        discard_version=discard_version,
        received=received,
        coach=coach,
    )


def forget() -> None:
    """Tests: no hand remembered."""
    _my_hand.cache_clear()


def my_parts(snap: TableSnapshot, view: dict, viewer: int, csrf: str, version: int) -> dict:
    """The viewer's own hand, its buttons and the coach's panel, by part id, in page order."""
    engine = snap.shown
    player = view["players"][viewer]
    seat = snap.seats[viewer]
    action_url = _action_url(snap.room_code)
    legal = {"discard": [], "void": [], "verbs": [], "kongs": [], "exchange": False}
    for action in view["legal"]:
        kind = action["type"]
        if kind == "exchange":
            legal["exchange"] = True
        elif kind == "discard":
            legal["discard"].append(action["tile"])
        elif kind == "void":
            legal["void"].append(action["suit"])
        elif kind in ("concealed_kong", "added_kong"):
            legal["kongs"].append((kind, action["tile"]))
        else:
            legal["verbs"].append(kind)
    hints, waits = {}, []
    if engine.phase != "ended":
        hints = discard_hints(engine, viewer)
        if not hints and not engine.out[viewer]:
            waits = current_waits(engine, viewer)
    hand = list(view["hand"])
    drawn = view["drawn"]
    if drawn is not None:
        hand.remove(drawn)
    my_void = player["void"]
    # The table settings' default order (static/js/table-hand.js): 万 筒 条, the void
    # suit last, so the page needs no re-sorting.
    hand.sort(key=lambda t: (t[1:] == my_void, "mps".index(t[1:]), t[0]))
    # On the player's turn, a tile they may not discard (the void suit goes first) is
    # greyed, and clicking it is answered with the reason.
    must_choose = bool(legal["discard"])
    tiles = tuple(
        (
            tile,
            tile in legal["discard"],
            tile[1:] == my_void,
            is_drawn,
            tile in hints,
            must_choose and tile not in legal["discard"],
        )
        for tile, is_drawn in [(t, False) for t in hand] + ([(drawn, True)] if drawn else [])
    )
    kongs = tuple(
        (kind, tile, sum(1 for k, _t in legal["kongs"] if k == kind) > 1)
        for kind, tile in legal["kongs"]
    )
    if legal["exchange"]:
        hand_part = _exchange_hand(engine, viewer, hand, action_url, csrf, version)
    else:
        hand_part = _my_hand(
            current_language(),
            tiles,
            action_url,
            csrf,
            version if legal["discard"] else None,
            hand_marks.received(view, viewer),
            coaching.hand_mark(snap, viewer) if engine.options.coaching else "",
        )
    mine = {
        "me-hand": hand_part,
        "me-actions": render_part(
            "_my_actions.html",
            voids=tuple(legal["void"]),
            exchange=_exchange_note(view),
            suggested=_suggested_void(view["hand"]) if legal["void"] else None,
            verbs=_verbs_with_details(engine, view, viewer, legal["verbs"]),
            kongs=kongs,
            # Only the forms carry the version: without one, the part is the same at
            # every move and stays remembered.
            version=version if legal["void"] or legal["verbs"] or kongs else None,
            action_url=action_url,
            csrf=csrf,
        ),
        "me-hints": render_part(
            "_my_hints.html",
            hints=tuple(
                (tile, tuple((w.tile, w.unseen, w.fan) for w in found))
                for tile, found in hints.items()
            ),
            waits=tuple((w.tile, w.unseen, w.fan) for w in waits),
        ),
        "me-auto": render_part(
            "_my_auto.html",
            shown=view["phase"] != "ended",
            auto_play=seat.auto_play,
            action_url=action_url,
            csrf=csrf,
        ),
        "me-phrases": render_part(
            "_phrases.html", phrases=_phrase_buttons(), action_url=action_url, csrf=csrf
        ),
    }
    if engine.options.coaching:  # the room allows the coach: its panel has a place
        mine["me-coach"] = _coach(snap, viewer)
    return mine


@lru_cache(maxsize=4096)
def _action_url(room_code: str) -> str:
    return reverse("table_action", args=[room_code])


def _coach(snap: TableSnapshot, viewer: int) -> str:
    """The coach's panel (games.table.coaching): only in a room that allows it, for a
    seat whose person switched it on, while that seat has a decision to make."""
    engine = snap.shown
    on = coaching.shown_for(engine.options, snap.seats[viewer])
    return coaching.panel(engine, viewer, coaching.advice_for(snap, viewer) if on else None)


def _exchange_hand(
    engine, viewer: int, hand: list[str], action_url: str, csrf: str, version: int
) -> str:
    """换三张: the hand as toggle buttons, the count, the suggested pick and the button.
    ``hand_key`` names the hand, so that the page keeps the player's choice while the
    table changes around it (another player picking) and drops it if the hand changes."""
    hint = exchange_hint(engine, viewer)
    return render_part(
        "_exchange_hand.html",
        tiles=tuple(hand),
        hand_key="".join(hand),
        hint=tuple(tile_str(t) for t in parse_tiles(hint)) if hint else (),
        action_url=action_url,
        csrf=csrf,
        version=version,
    )


def _exchange_note(view: dict) -> tuple | None:
    """(gave, direction, received) of the player's 换三张 while it matters: from their
    pick until the void suits are chosen, or with two suits, where nobody chooses one,
    until the first discard. Tiles as codes; direction None until the tiles have
    moved."""
    mine = (view["exchange"] or {}).get("mine")
    players = view["players"]
    no_void_phase = all(p["void"] is None for p in players) and view["phase"] == "turn"
    first_turn = no_void_phase and not any(p["discards"] for p in players)
    if not mine or not mine["picked"] or not (view["phase"] in ("exchange", "void") or first_turn):
        return None

    def codes(text):
        return tuple(tile_str(t) for t in parse_tiles(text)) if text else ()

    direction = labels.exchange_shown(mine["direction"], len(players))
    return (codes(mine["picked"]), direction, codes(mine["received"]))


def _phrase_buttons() -> tuple:
    """(key, text, emoji's name or "") of every quick phrase, in the active language."""
    return _phrase_buttons_in(current_language())


@lru_cache(maxsize=16)
def _phrase_buttons_in(language: str) -> tuple:
    # ``language`` only keys the cache: the phrases translate in the active language.
    return tuple((p.key, str(p.text), str(p.label or "")) for p in PHRASES)


def _suggested_void(hand: list[str]) -> str:
    """The suit to void that costs least: the one with the fewest tiles (万 before 筒
    before 条 when they tie)."""
    counts = {suit: sum(1 for t in hand if t[1:] == suit) for suit in "mps"}
    return min("mps", key=lambda suit: counts[suit])


def _verbs_with_details(engine, view: dict, viewer: int, verbs: list[str]) -> tuple:
    """Each claim or win button with what it is about: "碰 三万", "胡 三万 · 清一色 2 番"."""
    from games.words.display import tile_name

    claim = view["claim"] or {}
    tile = claim.get("tile")
    details = []
    for verb in verbs:
        detail = ""
        if verb in ("pong", "kong", "win") and tile:
            detail = tile_name(tile)
        if verb in ("win", "zimo"):
            score = engine.win_on_offer(viewer)
            if score is not None:  # a plain win says its points, never "0 fan"
                worth = labels.hand_worth(score.patterns, score.fan, score.points)
                detail = " · ".join(x for x in (detail, worth) if x)
        details.append((verb, detail))
    return tuple(details)
