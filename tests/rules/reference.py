"""A plain, slow, obviously-correct reference for winning hands, used by property tests."""

from games.rules.tiles import RANKS, TILE_KINDS


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
