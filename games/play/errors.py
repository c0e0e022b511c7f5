"""What a refused move or room action says, and what an applied move returns."""

from dataclasses import dataclass

from django.utils.translation import gettext

from games.rules.round import IllegalAction
from games.rules.tiles import parse_tiles, tile_str
from games.words import display


class ServiceError(Exception):
    """A request that cannot be carried out; the message is shown to the player."""


class StaleVersion(ServiceError):
    pass


@dataclass(frozen=True)
class ActionResult:
    version: int
    duplicate: bool = False  # the same action had already been applied (a retry)
    events: tuple = ()


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
                str(display.tile_name(tile_str(t))) for t in parse_tiles(params["tiles"])
            )
    except ValueError:
        pass
    return gettext(exc.message) % params if params else gettext(exc.message)
