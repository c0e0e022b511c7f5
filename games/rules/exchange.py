"""换三张 (swap three), RULES.md section 13: pure helpers, no state of their own.

After the deal and before 定缺 every player secretly picks three tiles of one suit; when
all have picked, each pick goes at once to the next player, the previous one or the
one opposite. The direction is drawn from the round's secret seed, under a key of its
own, so that the sha256 commitment shown before play cannot tell it.

At a table for three there is nobody opposite: the direction is drawn among next and
previous; at a table for two each pick goes to the other player, "next" (RULES.md
section 14).
"""

import random
from itertools import combinations

from games.rules.messages import gettext_noop
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS, format_tiles, from_counts

PICK_SIZE = 3
# Direction -> how many seats on the tiles travel at a table for four (play passes from
# seat i to i + 1); "previous" is always one seat back, whatever the table's size.
DIRECTIONS = {"next": 1, "opposite": 2, "previous": 3}
DIRECTION_NAMES = tuple(DIRECTIONS)
# The directions a table of each size draws among.
DIRECTIONS_AT = {4: DIRECTION_NAMES, 3: ("next", "previous"), 2: ("next",)}


class BadPick(ValueError):
    """Not a pick this hand may make; ``message`` (translatable) says why."""

    def __init__(self, message: str, **params: str) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)


def direction_from_seed(seed: str, players: int = 4) -> str:
    """The round's direction. Keyed by the secret seed itself (never by its public hash),
    and by a key apart from the wall's, so neither one tells the other. A table for two
    has one direction and draws nothing."""
    choices = DIRECTIONS_AT[players]
    if len(choices) == 1:
        return choices[0]
    return random.Random(f"xuezhan-exchange:{seed}").choice(choices)


def check_direction(direction: object, players: int = 4) -> str:
    choices = DIRECTIONS_AT[players]
    if direction not in choices:
        raise ValueError(
            f"exchange_direction at a table for {players} must be one of "
            f"{', '.join(choices)}, got {direction!r}"
        )
    return direction


def _step(direction: str) -> int:
    return -1 if direction == "previous" else DIRECTIONS[direction]


def receiver(seat: int, direction: str, players: int = 4) -> int:
    """The seat that gets ``seat``'s three tiles."""
    return (seat + _step(direction)) % players


def giver(seat: int, direction: str, players: int = 4) -> int:
    """The seat whose three tiles ``seat`` gets."""
    return (seat - _step(direction)) % players


def validate_pick(counts: list[int], pick: object) -> tuple[int, ...]:
    """The pick as a sorted tuple of tiles, or BadPick: exactly three tiles, one suit, all
    in the hand (``counts``)."""
    if not isinstance(pick, (list, tuple)) or len(pick) != PICK_SIZE:
        size = len(pick) if isinstance(pick, (list, tuple)) else 0
        raise BadPick(gettext_noop("pick exactly three tiles, not %(count)s"), count=str(size))
    if any(not isinstance(t, int) or not 0 <= t < TILE_KINDS for t in pick):
        raise BadPick(gettext_noop("name three tiles"))
    if len({t // RANKS for t in pick}) != 1:
        raise BadPick(gettext_noop("the three tiles must be of one suit"))
    for t in set(pick):
        if pick.count(t) > counts[t]:
            raise BadPick(gettext_noop("you do not hold %(tiles)s"), tiles=format_tiles(pick))
    return tuple(sorted(pick))


def all_picks(counts: list[int]) -> list[tuple[int, ...]]:
    """Every distinct pick the hand may make, in tile order."""
    picks: set[tuple[int, ...]] = set()
    for suit in range(SUIT_COUNT):
        tiles = [t for t in from_counts(counts) if t // RANKS == suit]
        picks.update(combinations(tiles, PICK_SIZE))
    return sorted(picks)


def swap(hands: list[list[int]], picks: list[tuple[int, ...]], direction: str) -> None:
    """Move every pick to its receiver, all at once (``hands`` are counts, one per seat
    of the table, changed)."""
    for seat, pick in enumerate(picks):
        for t in pick:
            hands[seat][t] -= 1
    for seat, pick in enumerate(picks):
        for t in pick:
            hands[receiver(seat, direction, len(hands))][t] += 1
