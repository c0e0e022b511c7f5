"""Playing for a big hand: 清一色 (one suit) or 七对 (seven pairs), two fan each, four
times a plain win's points.

The duplicate benchmark against the strong level settled the thresholds: 清一色 with at
most two tiles outside the main suit (void tiles gone, no meld in another suit); with
three it won less often and scored less. 七对 from six pairs (five: within noise, fewer
wins).
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


QIDUI_MIN_PAIRS = 6


def plays_seven_pairs(counts: list[int], melds: list[Meld], void: int | None) -> bool:
    """Does this hand play for 七对 (no meld, void tiles gone, enough pairs)?"""
    if melds or (void is not None and any(counts[void * RANKS : (void + 1) * RANKS])):
        return False
    return sum(c // 2 for c in counts) >= QIDUI_MIN_PAIRS


def seven_pairs_tiles(counts: list[int], melds: list[Meld], void: int | None) -> list[int]:
    """The unpaired tiles, to throw first when playing for 七对 (else empty)."""
    if not plays_seven_pairs(counts, melds, void):
        return []
    return [t for t in range(TILE_KINDS) if counts[t] % 2]
