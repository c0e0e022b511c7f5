"""Playing for 清一色 (one suit only, two fan: four times a plain win's points).

The duplicate benchmark against the strong level settled when: with at most two tiles
outside the main suit (void tiles gone, no meld in another suit), throwing those first
and passing melds of the other suit; with three it won less often and scored less.
(Playing for 七对 from five or six pairs, and a two-step look at the waits a 1-shanten
hand would reach, measured within noise of this and were left out.)
"""

from games.rules.hands import Meld
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS

FLUSH_MAX_OFF = 2


def suit_sizes(counts: list[int], melds: list[Meld]) -> list[int]:
    """Tiles of each suit in hand and melds (a kong counts as three)."""
    sizes = [0] * SUIT_COUNT
    for t in range(TILE_KINDS):
        sizes[t // RANKS] += counts[t]
    for m in melds:
        sizes[m.tile // RANKS] += 3
    return sizes


def flush_suit(counts: list[int], melds: list[Meld], void: int | None) -> int | None:
    """The suit this hand plays 清一色 in, or None when it should not try."""
    sizes = suit_sizes(counts, melds)
    if void is not None and sizes[void]:
        return None  # the void tiles go first anyway
    kept = [s for s in range(SUIT_COUNT) if s != void]
    main = max(kept, key=lambda s: (sizes[s], -s))
    if any(m.tile // RANKS != main for m in melds):
        return None
    off = sum(sizes[s] for s in kept if s != main)
    return main if off <= FLUSH_MAX_OFF else None


def off_suit_tiles(counts: list[int], melds: list[Meld], void: int | None) -> list[int]:
    """The tiles to throw first when playing for 清一色 (empty when not playing for it)."""
    main = flush_suit(counts, melds, void)
    if main is None:
        return []
    return [t for t in range(TILE_KINDS) if counts[t] and t // RANKS != main]
