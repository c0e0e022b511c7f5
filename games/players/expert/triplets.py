"""Playing for 对对胡 (all pongs and a pair: one fan, and 金钩钓 on top with four melds).

The outside player of the benchmark made more of these hands than the expert (金钩钓
three times, 清对 nearly three times as often, over the same deals under its rules): the
expert ponged only when a pong brought the hand closer to a normal win. Here a hand's
distance from 对对胡 is counted on its own, so that a pong keeping the hand as close to
ready by that route is taken, and a discard keeping the route open is worth a little more.
"""

from games.players.bots import discardable
from games.rules.tiles import RANKS, TILE_KINDS

SETS = 4  # a win is four sets and a pair; each meld is one set already


def triplet_shanten(counts: list[int], n_melds: int, void: int | None) -> int:
    """Steps from ready for 对对胡: -1 for a complete hand, 0 for ready (the same scale as
    ``hands.shanten``). Void tiles count for nothing: they must all be thrown first.

    Each concealed triplet is a set made, each pair half way to a set or the hand's pair;
    steps = 2 × sets still needed − pairs that count (at most one more than the sets
    still needed: one pair stays the pair).
    """
    needed = SETS - n_melds
    triplets = pairs = 0
    for t in range(TILE_KINDS):
        if void is not None and t // RANKS == void:
            continue
        if counts[t] >= 3:
            triplets += 1
        elif counts[t] == 2:
            pairs += 1
    triplets = min(triplets, needed)
    pairs = min(pairs, needed + 1 - triplets)
    return 2 * (needed - triplets) - pairs


def best_triplet_shanten(counts: list[int], n_melds: int, void: int | None) -> int:
    """For a hand about to discard: its 对对胡 steps after the discard, among those the
    void rule allows, that keeps it closest."""
    steps = []
    for t in discardable(counts, void):
        counts[t] -= 1
        steps.append(triplet_shanten(counts, n_melds, void))
        counts[t] += 1
    return min(steps)
