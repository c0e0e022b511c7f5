"""Winning hands, waits and shanten (RULES.md section 6), built for speed.

A hand is a list of 27 counts (see ``tiles``). Each suit's nine counts pack into one
int of 3 bits a rank (``suit_key``), and two tables, built once at import, hold every
suit shape that splits into sets only (``SETS_SHAPES``) or into sets and one pair
(``PAIR_SHAPES``). A winning check is then three look-ups; a waits computation adds
each candidate tile to one key and looks it up again.

The tables also say how a shape can be read, which scoring needs:
``ALL_TRIPLETS`` (some reading uses triplets only, for 对对胡) and ``ALL_TERMINAL``
(some reading has a 1 or a 9 in every set and the pair, for 带幺九).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from itertools import combinations_with_replacement, product

from games.rules.tiles import COPIES, RANKS, SUIT_COUNT, TILE_KINDS, parse_tiles

BITS = 3  # bits per rank in a suit key; counts are 0..4
RANK_SHIFT = [BITS * r for r in range(RANKS)]
LOW_BITS = sum(1 << shift for shift in RANK_SHIFT)  # the lowest bit of every rank's count

ALL_TRIPLETS = 1
ALL_TERMINAL = 2

MELD_KINDS = ("pong", "kong", "added", "concealed")
KONG_KINDS = ("kong", "added", "concealed")

Split = tuple[int, int, int]  # (sets, partial sets, pair) of one suit's tiles
EMPTY_SUIT: tuple[Split, ...] = ((0, 0, 0),)
RUN = 1 | 1 << 3 | 1 << 6  # one tile at each of three ranks, in a suit key
MEMO_LIMIT = 1 << 17  # suit keys remembered before a memo starts afresh (tens of MB)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set laid down: ``pong`` (碰), ``kong`` (直杠), ``added`` (补杠), ``concealed`` (暗杠)."""

    kind: str
    tile: int

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS

    @property
    def size(self) -> int:
        return 4 if self.is_kong else 3

    @classmethod
    def parse(cls, text: str) -> "Meld":
        """``"pong 555p"`` / ``"kong 6666s"`` / ``"added 7777s"`` / ``"concealed 8888s"``."""
        try:
            kind, tiles_text = text.split()
        except (AttributeError, ValueError):
            raise ValueError(f"a meld is written like 'pong 555p', got {text!r}") from None
        if kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {kind!r} in {text!r}: one of {MELD_KINDS}")
        tiles = parse_tiles(tiles_text)
        expected = 4 if kind in KONG_KINDS else 3
        if len(tiles) != expected or len(set(tiles)) != 1:
            raise ValueError(f"{text!r}: a {kind} is {expected} copies of one tile")
        return cls(kind, tiles[0])


# --- the suit-shape tables ----------------------------------------------------------------


def _suit_sets():
    """Every set within one suit: (counts added per rank, is triplet, has a 1 or 9)."""
    sets = []
    for r in range(RANKS):
        sets.append(({r: 3}, True, r in (0, RANKS - 1)))
    for r in range(RANKS - 2):
        sets.append(({r: 1, r + 1: 1, r + 2: 1}, False, r == 0 or r + 2 == RANKS - 1))
    return sets


def _build_tables():
    sets_shapes: dict[int, int] = {}
    pair_shapes: dict[int, int] = {}
    suit_sets = _suit_sets()
    for n_sets in range(5):
        for combo in combinations_with_replacement(suit_sets, n_sets):
            counts = [0] * RANKS
            for added, _, _ in combo:
                for r, n in added.items():
                    counts[r] += n
            if max(counts) > COPIES:
                continue
            triplets = all(is_triplet for _, is_triplet, _ in combo)
            terminal = all(has_end for _, _, has_end in combo)
            flags = (ALL_TRIPLETS if triplets else 0) | (ALL_TERMINAL if terminal else 0)
            key = sum(n << RANK_SHIFT[r] for r, n in enumerate(counts))
            sets_shapes[key] = sets_shapes.get(key, 0) | flags
            for r in range(RANKS):
                if counts[r] + 2 > COPIES:
                    continue
                pair_flags = flags if r in (0, RANKS - 1) else flags & ~ALL_TERMINAL
                pair_key = key + (2 << RANK_SHIFT[r])
                pair_shapes[pair_key] = pair_shapes.get(pair_key, 0) | pair_flags
    return sets_shapes, pair_shapes


SETS_SHAPES, PAIR_SHAPES = _build_tables()
# One look-up for the winning check: a shape's number of pairs (0 or 1). A key that is in
# neither table gets MISSING from .get(), so three suits sum to exactly 1 only when all
# three are shapes and exactly one of them holds the pair.
SHAPE_PAIRS = {**dict.fromkeys(SETS_SHAPES, 0), **dict.fromkeys(PAIR_SHAPES, 1)}
MISSING = 9


def suit_key(counts: list[int], suit: int) -> int:
    b = suit * RANKS
    return (
        counts[b]
        | counts[b + 1] << 3
        | counts[b + 2] << 6
        | counts[b + 3] << 9
        | counts[b + 4] << 12
        | counts[b + 5] << 15
        | counts[b + 6] << 18
        | counts[b + 7] << 21
        | counts[b + 8] << 24
    )


def suit_keys(counts: list[int]) -> list[int]:
    return [suit_key(counts, 0), suit_key(counts, 1), suit_key(counts, 2)]


def is_standard_form(keys: list[int]) -> bool:
    g = SHAPE_PAIRS.get
    return g(keys[0], MISSING) + g(keys[1], MISSING) + g(keys[2], MISSING) == 1


def is_seven_pairs_form(keys: list[int]) -> bool:
    # Counts of 0, 2 and 4 all have their lowest bit clear; 4 counts as two pairs.
    return (keys[0] | keys[1] | keys[2]) & LOW_BITS == 0


def _key_bytes(key: int) -> bytes:
    return bytes((key >> shift) & 7 for shift in RANK_SHIFT)


# The same tables keyed by the nine counts as bytes: bytes(counts) and slicing it run in
# C, which makes is_winning about 20% faster than packing the int keys in Python.
SHAPE_PAIRS_BYTES = {_key_bytes(key): pairs for key, pairs in SHAPE_PAIRS.items()}
EVEN_SUITS = frozenset(
    bytes(counts) for counts in product((0, 2, 4), repeat=RANKS) if sum(counts) <= 14
)
NO_TILES = bytes(RANKS)


def melds_hold_suit(melds: list[Meld], suit: int | None) -> bool:
    """Does a meld hold a tile of ``suit``? Then that player can neither win nor be ready
    with it as their void (RULES.md section 3: "in hand or in a meld")."""
    return suit is not None and any(meld.tile // RANKS == suit for meld in melds)


def is_winning(
    counts: list[int], n_melds: int = 0, void: int | None = None, melds: list[Meld] | None = None
) -> bool:
    """Do these concealed tiles (14 − 3 × n_melds of them) win beside n_melds melds?

    Four sets and a pair, or seven pairs without melds; no tile of the void suit, in hand
    or (when ``melds`` are given) in a meld.
    This is the hottest function of the computer players, hence the byte-string keys.
    """
    b = bytes(counts)
    if void is not None and b[void * 9 : void * 9 + 9] != NO_TILES:
        return False
    m, p, s = b[0:9], b[9:18], b[18:27]
    g = SHAPE_PAIRS_BYTES.get
    shaped = g(m, MISSING) + g(p, MISSING) + g(s, MISSING) == 1 or (
        n_melds == 0 and m in EVEN_SUITS and p in EVEN_SUITS and s in EVEN_SUITS
    )
    # The melds are looked at last: most calls are no win, and this keeps them as cheap
    # as before the melds counted.
    return shaped and not (melds and melds_hold_suit(melds, void))


def readings(keys: list[int]) -> int:
    """ALL_TRIPLETS / ALL_TERMINAL flags over the standard readings of a winning hand."""
    flags = ALL_TRIPLETS | ALL_TERMINAL
    for key in keys:
        flags &= SETS_SHAPES[key] if key in SETS_SHAPES else PAIR_SHAPES[key]
    return flags


def held_copies(counts: list[int], melds: list[Meld]) -> list[int]:
    """How many copies of each tile the player holds, in hand and in melds."""
    held = list(counts)
    for meld in melds:
        held[meld.tile] += meld.size
    return held


@lru_cache(maxsize=1)
def _completions() -> dict[int, tuple[tuple[int, int], ...]]:
    """For a suit key one tile short of a shape: the (rank, pairs of the shape) that
    complete it. Built on first use (about 0.1 s), so importing the engine stays cheap."""
    table: dict[int, list[tuple[int, int]]] = {}
    for key, pairs in SHAPE_PAIRS.items():
        for r in range(RANKS):
            if (key >> RANK_SHIFT[r]) & 7:
                table.setdefault(key - (1 << RANK_SHIFT[r]), []).append((r, pairs))
    return {key: tuple(entries) for key, entries in table.items()}


def prepare_tables() -> None:
    """Build the table ``waits`` uses now rather than on its first call: a server (or a
    benchmark) calls this at start, so that no player's move waits 0.1 s for it."""
    _completions()


def waits(counts: list[int], melds: list[Meld], void: int | None) -> list[int]:
    """The tiles that would complete a 13-tile hand (13 − 3 × len(melds) concealed).

    A tile of which the player already holds all four copies does not count, and a
    player with a meld of the void suit has no waits at all.
    """
    keys = suit_keys(counts)
    if void is not None and (keys[void] or melds_hold_suit(melds, void)):
        return []
    held = held_copies(counts, melds) if melds else counts
    g = SHAPE_PAIRS.get
    pairs = [g(key, MISSING) for key in keys]
    completions = _completions()
    found = set()
    for suit in range(SUIT_COUNT):
        if suit == void:
            continue
        others = sum(pairs) - pairs[suit]
        if others > 1:
            continue  # another suit is no shape (or both others hold a pair)
        base = suit * RANKS
        for r, shape_pairs in completions.get(keys[suit], ()):
            if others + shape_pairs == 1 and held[base + r] < COPIES:
                found.add(base + r)
    if not melds:
        # Seven pairs: six pairs (a four of a kind is two) and one odd tile, the wait.
        odd = [t for t in range(TILE_KINDS) if counts[t] & 1]
        if len(odd) == 1 and held[odd[0]] < COPIES:
            found.add(odd[0])
    return sorted(found)


# --- shanten: how many tiles away from ready ----------------------------------------------


# --- one suit's splits ------------------------------------------------------------------
#
# Searching every split of a suit afresh takes tens of milliseconds for a suit of ten
# tiles or more, too slow for a bot that asks about hundreds of hands a decision. Here
# each split step removes a block from the lowest rank and looks the smaller suit up in
# a shared cache, so a new suit costs a few look-ups of suits already seen.
# tests/rules/test_hands.py checks the result against a plain search (reference.py).


def _memoised(compute: Callable[[int], tuple]) -> Callable[[int], tuple]:
    """Remember ``compute(key)`` in a plain dict. Unlike lru_cache's linked entries, a
    dict of ints and tuples of ints leaves the garbage collector next to nothing to
    scan: with lru_cache, full collections put 25–35 ms pauses into bot decisions."""
    memo: dict[int, tuple] = {}

    @wraps(compute)
    def lookup(key: int) -> tuple:
        found = memo.get(key)
        if found is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            found = memo[key] = compute(key)
        return found

    return lookup


@_memoised
def suit_splits(key: int) -> tuple[Split, ...]:
    """The Pareto-best (sets, partial sets, pair) splits of one suit key."""
    reachable = _reachable_splits(key)
    return tuple(
        split
        for split in reachable
        if not any(other != split and _covers(other, split) for other in reachable)
    )


@_memoised
def _reachable_splits(key: int) -> tuple[Split, ...]:
    """Splits of the suit, less those beaten by one with as many pairs (a split holding
    the pair cannot stand in for one that still has room for it)."""
    if not key:
        return EMPTY_SUIT
    rank = 0
    while not (key >> 3 * rank) & 7:
        rank += 1
    shift = 3 * rank
    here = (key >> shift) & 7
    next_one = (key >> shift + 3) & 7 if rank + 1 < RANKS else 0
    next_two = (key >> shift + 6) & 7 if rank + 2 < RANKS else 0
    found: set[Split] = set()

    def split_off(removed: int, sets: int, partials: int, pair: int) -> None:
        for s, p, h in _reachable_splits(key - (removed << shift)):
            if h + pair <= 1:
                found.add((s + sets, p + partials, h + pair))

    if here >= 3:
        split_off(3, 1, 0, 0)  # three of a kind
    if next_one and next_two:
        split_off(RUN, 1, 0, 0)  # a run
    if here >= 2:
        split_off(2, 0, 0, 1)  # the hand's pair
        split_off(2, 0, 1, 0)  # a pair waiting for its third tile
    if next_one:
        split_off(1 | 1 << 3, 0, 1, 0)  # two neighbours (12)
    if next_two:
        split_off(1 | 1 << 6, 0, 1, 0)  # a gap (13)
    split_off(1, 0, 0, 0)  # a loose tile
    return tuple(
        split
        for split in found
        if not any(
            other != split and other[2] == split[2] and _covers(other, split) for other in found
        )
    )


def _covers(other: Split, split: Split) -> bool:
    return other[0] >= split[0] and other[1] >= split[1] and other[2] >= split[2]


def join_splits(splits: list[Split], key: int) -> list[Split]:
    """Every way to add one more suit's splits to ``splits``, keeping at most one pair."""
    return [
        (s + bs, p + bp, h + bh)
        for s, p, h in splits
        for bs, bp, bh in suit_splits(key)
        if h + bh <= 1
    ]


def standard_shanten(counts: list[int], n_melds: int, void: int | None) -> int:
    """Shanten of the four-sets-and-a-pair form; −1 means the hand already wins."""
    options = [(n_melds, 0, 0)]
    for suit in range(SUIT_COUNT):
        if suit == void:
            continue  # void tiles can only be thrown away: they never help
        key = suit_key(counts, suit)
        if not key:
            continue
        options = join_splits(options, key)
    best = 8
    for sets, partials, pair in options:
        partials = min(partials, 4 - sets) if sets < 4 else 0
        best = min(best, 8 - 2 * sets - partials - pair)
    return best


def seven_pairs_shanten(counts: list[int], void: int | None) -> int:
    # Four of a kind counts as two pairs here, so no distinct-kinds rule applies.
    pairs = 0
    for t in range(TILE_KINDS):
        if void is None or t // RANKS != void:
            pairs += counts[t] // 2
    return 6 - min(pairs, 7)


def shanten(counts: list[int], n_melds: int = 0, void: int | None = None) -> int:
    """Tiles the hand is from ready: 0 is ready, −1 is a winning hand.

    Works on 13 or 14 concealed tiles (fewer with melds). Tiles of the void suit count as
    useless: they must all leave the hand before it can win.
    """
    result = standard_shanten(counts, n_melds, void)
    if n_melds == 0 and result > -1:
        result = min(result, seven_pairs_shanten(counts, void))
    return result
