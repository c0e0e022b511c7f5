"""The words of the engine's interface: seats, verbs, an action and its JSON form, and
the exception that refuses one with a reason the player can read."""

from typing import Any

from games.rules.messages import gettext_noop
from games.rules.tiles import (
    SUITS,
    format_tiles,
    parse_tile,
    parse_tiles,
    suit_index,
    tile_str,
)

SEATS = 4  # the most at a table; a round's own count is Round.seats (section 14)
CLAIM_VERBS = ("win", "kong", "pong", "pass")
TURN_VERBS = ("discard", "zimo", "concealed_kong", "added_kong")
VERBS = ("exchange", "void") + TURN_VERBS + CLAIM_VERBS
TILE_VERBS = ("discard", "concealed_kong", "added_kong")
LAST_FOUR = 4  # 最后四张: the wall size at or below which wins become automatic
KONG_FAN = {"kong": 1, "added": 1, "concealed": 2}  # 杠番 of 血流成河, xueliu_kongs = fan

Action = tuple[str, int | tuple[int, ...] | None]


# Refusal for a seat that is not asked while a tile is on offer.
OFFER_PENDING = gettext_noop("wait: the tile on offer is not settled yet")


class IllegalAction(Exception):
    """The action is not allowed now; the message says why. Nothing has changed.

    ``message`` is an English sentence with %(name)s placeholders filled from ``params``
    (``tile``: a tile code, ``suit``: a suit letter), so the web layer can show it in the
    player's language.
    """

    def __init__(self, message: str, **params: str) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)


def parse_action(data: Any) -> Action:
    """``{"type": "discard", "tile": "5m"}`` / ``{"type": "void", "suit": "m"}`` -> Action."""
    if not isinstance(data, dict):
        raise IllegalAction(gettext_noop("an action is an object like {type, tile}"))
    verb = data.get("type")
    if verb not in VERBS:
        raise IllegalAction(gettext_noop("unknown action %(verb)s"), verb=str(verb)[:20])
    try:
        if verb == "void":
            return verb, suit_index(data.get("suit"))
        if verb in TILE_VERBS:
            return verb, parse_tile(data.get("tile"))
        if verb == "exchange":
            tiles = data.get("tiles")
            if not isinstance(tiles, str):
                raise ValueError("name three tiles like 123m")
            return verb, tuple(sorted(parse_tiles(tiles)))
    except ValueError as exc:
        raise IllegalAction(gettext_noop("malformed action: %(error)s"), error=str(exc)) from None
    return verb, None


def action_to_dict(action: Action) -> dict:
    verb, arg = action
    if verb == "void":
        return {"type": verb, "suit": SUITS[arg]}
    if verb in TILE_VERBS:
        return {"type": verb, "tile": tile_str(arg)}
    if verb == "exchange":
        return {"type": verb, "tiles": format_tiles(arg)}
    return {"type": verb}
