"""A plain, slow, obviously-correct reference for winning hands, used by property tests."""

from games.rules.tiles import RANKS, TILE_KINDS

RANK_SHIFT = [3 * r for r in range(RANKS)]


def decomposes(counts: list[int], need_pair: bool) -> bool:
    """Can these tiles split into sets (and exactly one pair when need_pair)?"""
    t = next((i for i in range(TILE_KINDS) if counts[i]), None)
    if t is None:
        return not need_pair
    if need_pair and counts[t] >= 2:
        counts[t] -= 2
        ok = decomposes(counts, False)
        counts[t] += 2
        if ok:
            return True
    if counts[t] >= 3:
        counts[t] -= 3
        ok = decomposes(counts, need_pair)
        counts[t] += 3
        if ok:
            return True
    if t % RANKS <= RANKS - 3 and counts[t + 1] and counts[t + 2]:
        for i in (t, t + 1, t + 2):
            counts[i] -= 1
        ok = decomposes(counts, need_pair)
        for i in (t, t + 1, t + 2):
            counts[i] += 1
        if ok:
            return True
    if need_pair:
        return False  # t is used neither as pair, set nor run start: it can't fit
    return False


def reference_is_winning(counts: list[int], n_melds: int, void: int | None) -> bool:
    if void is not None and any(counts[void * RANKS : (void + 1) * RANKS]):
        return False
    if decomposes(list(counts), True):
        return True
    return n_melds == 0 and all(n % 2 == 0 for n in counts)


def reference_suit_blocks(key: int) -> tuple[tuple[int, int, int], ...]:
    """Pareto-best (sets, partial sets, pair) splits of one suit's tiles.

    A partial set is two tiles a set needs one more for (a pair, 12, 13); ``pair`` is 1
    when one pair is kept apart as the hand's pair.
    """
    counts = [(key >> RANK_SHIFT[r]) & 7 for r in range(RANKS)]
    found: set[tuple[int, int, int]] = set()

    def search(r: int, sets: int, partials: int, pair: int) -> None:
        while r < RANKS and counts[r] == 0:
            r += 1
        if r == RANKS:
            found.add((sets, partials, pair))
            return
        c = counts
        if c[r] >= 3:
            c[r] -= 3
            search(r, sets + 1, partials, pair)
            c[r] += 3
        if r + 2 < RANKS and c[r + 1] and c[r + 2]:
            c[r] -= 1
            c[r + 1] -= 1
            c[r + 2] -= 1
            search(r, sets + 1, partials, pair)
            c[r] += 1
            c[r + 1] += 1
            c[r + 2] += 1
        if c[r] >= 2:
            c[r] -= 2
            if not pair:
                search(r, sets, partials, 1)
            search(r, sets, partials + 1, pair)
            c[r] += 2
        if r + 1 < RANKS and c[r + 1]:
            c[r] -= 1
            c[r + 1] -= 1
            search(r, sets, partials + 1, pair)
            c[r] += 1
            c[r + 1] += 1
        if r + 2 < RANKS and c[r + 2]:
            c[r] -= 1
            c[r + 2] -= 1
            search(r, sets, partials + 1, pair)
            c[r] += 1
            c[r + 2] += 1
        c[r] -= 1  # leave one tile out as a loose tile
        search(r, sets, partials, pair)
        c[r] += 1

    search(0, 0, 0, 0)
    best = [
        b
        for b in found
        if not any(o != b and o[0] >= b[0] and o[1] >= b[1] and o[2] >= b[2] for o in found)
    ]
    return tuple(best)


def reference_wins_beside(counts: list[int], melds: list, void: int | None) -> bool:
    """Do these concealed tiles win beside ``melds``? Plainly: no tile of the void suit
    anywhere, in hand or in a meld (RULES.md section 3), then the concealed tiles alone."""
    if void is not None and any(meld.tile // RANKS == void for meld in melds):
        return False
    return reference_is_winning(counts, len(melds), void)
