"""The deal of the 换三张 tests (RULES.md section 13): four hands, a short wall and the
option on; shared by the engine's tests and the computer players'."""

from games.rules.options import RoomOptions
from games.rules.round import Round, parse_action
from games.rules.tiles import parse_tiles

ON = RoomOptions(exchange_three=True)
HANDS = ["111222333m44p159s", "456789p1456789s", "456789m123p2345s", "456789m123p2345s"]
WALL = "777p"
PICKS = ["159s", "456p", "789m", "234s"]


def dealt(direction: str = "next") -> Round:
    return Round.from_deal(
        [parse_tiles(h) for h in HANDS],
        parse_tiles(WALL),
        dealer=0,
        options=ON,
        exchange_direction=direction,
    )


def pick(state: Round, seat: int, tiles: str) -> list[dict]:
    return state.apply(seat, parse_action({"type": "exchange", "tiles": tiles}))
