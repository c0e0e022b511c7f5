"""Tiles and the rule book's notation (RULES.md section 1).

A tile is an int 0..26: ``suit * 9 + rank - 1`` with suits m=0 (万), p=1 (筒), s=2 (条).
``5m`` is one tile; ``123m45p`` is 1m 2m 3m 4p 5p (digits, then their suit).
"""

from collections.abc import Iterable

SUITS = "mps"
SUIT_COUNT = 3
RANKS = 9
TILE_KINDS = SUIT_COUNT * RANKS  # 27
COPIES = 4
WALL_SIZE = TILE_KINDS * COPIES  # 108


def tile(rank: int, suit: str) -> int:
    return SUITS.index(suit) * RANKS + rank - 1


def suit_of(t: int) -> int:
    return t // RANKS


def suit_letter(t: int) -> str:
    return SUITS[t // RANKS]


def rank_of(t: int) -> int:
    return t % RANKS + 1


def suit_index(letter: str) -> int:
    """'m' -> 0; a clear error for anything else."""
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SUITS:
        raise ValueError(f"unknown suit {letter!r}: a suit is one of m (万), p (筒), s (条)")
    return SUITS.index(letter)


def tile_str(t: int) -> str:
    return _NAMES[t]


# Every tile's code, worked out once: the table's views name each tile of every hand,
# river and meld, some two hundred and fifty names per viewer and change.
_NAMES = tuple(f"{t % RANKS + 1}{SUITS[t // RANKS]}" for t in range(TILE_KINDS))


def parse_tile(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError(f"expected one tile, got {text!r}")
    return tiles[0]


def parse_tiles(text: str, *, max_copies: int = COPIES) -> list[int]:
    """Parse ``123m45p`` into tiles, in the written order.

    Raises ValueError for an unknown suit, a digit 0, digits without a suit, or more
    than ``max_copies`` of one tile (no hand or wall holds a fifth copy).
    """
    if not isinstance(text, str):
        raise ValueError(f"tiles must be written as text like '123m45p', got {text!r}")
    tiles: list[int] = []
    pending: list[int] = []
    for position, char in enumerate(text.strip()):
        if char.isdigit():
            if char == "0":
                raise ValueError(f"{text!r}: ranks are 1 to 9, there is no tile 0 (at {position})")
            pending.append(int(char))
        elif char in SUITS:
            if not pending:
                raise ValueError(f"{text!r}: suit {char!r} at {position} has no digits before it")
            tiles.extend(tile(rank, char) for rank in pending)
            pending = []
        elif char.isspace():
            continue
        else:
            raise ValueError(
                f"{text!r}: unknown suit {char!r} at {position}: use m (万), p (筒) or s (条)"
            )
    if pending:
        raise ValueError(f"{text!r}: digits at the end have no suit letter")
    counts = to_counts(tiles)
    for t, n in enumerate(counts):
        if n > max_copies:
            raise ValueError(f"{text!r}: {n} copies of {tile_str(t)}, there are only {COPIES}")
    return tiles


def format_tiles(tiles: Iterable[int]) -> str:
    """Tiles in the compact notation, sorted by suit then rank: ``123m45p``."""
    ordered = sorted(tiles)
    parts = []
    for suit in range(SUIT_COUNT):
        ranks = "".join(str(rank_of(t)) for t in ordered if suit_of(t) == suit)
        if ranks:
            parts.append(ranks + SUITS[suit])
    return "".join(parts)


def to_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * TILE_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def from_counts(counts: list[int]) -> list[int]:
    return [t for t in range(TILE_KINDS) for _ in range(counts[t])]


def full_set(suits: int = SUIT_COUNT) -> list[int]:
    """Every tile of the wall, four of each kind, in order: the 108 of three suits, or
    with two (两房, RULES.md section 14) the 72 of 筒 and 条, no 万."""
    in_play = suits_in_play(suits)
    return [t for t in range(TILE_KINDS) for _ in range(COPIES) if suit_of(t) in in_play]


def suits_in_play(suits: int = SUIT_COUNT) -> range:
    """The suits (indexes) a wall of ``suits`` suits holds: 两房 drops 万, the first."""
    return range(SUIT_COUNT - suits, SUIT_COUNT)
