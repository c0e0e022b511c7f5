"""Exact speed-ups of ebony72's hottest functions, so that a 2,000-round benchmark
against ebony-z takes hours less — without changing one of its decisions.

Nearly all of ebony-z's time is in ``hytreekong.hyval(T, Pg, KB, dc)``, the deficiency
of a hand, a search over partial decompositions that prices each one with
``hytreekong.cost``. Profiled on 4 rounds (cProfile): ``cost`` took three quarters of it,
mostly in ``list.count`` over lists of tiles and ``remove_duplicates``; and ``hyval``'s
own cache, keyed on the whole knowledge base ``KB`` (how many of each tile are unseen),
missed nine times in ten.

Two replacements, each the same function of its inputs:

* ``cost``: the same value, with tile counts kept by tile index instead of
  ``list.count``; ``Rest_Tiles`` and ``NumRT`` are read only for being empty and for
  their maximum, so it asks only whether some leftover tile can still make the eye.
* ``hyval``: its cache keyed on ``KB`` with every positive count as 1, because ``haha``,
  ``cost`` and ``_hyval_impl`` read ``KB`` only as ``KB[i] == 0``, ``bool(KB[i])`` and
  ``KB[i] + d < 2`` with ``d >= 1``, which every positive count answers alike.

Both are installed as the module's attributes, which is how they are reached (the
strategies call ``hk.hyval``; ``_hyval_impl`` calls the global ``cost``). The originals
stay reachable as ``.original``. tests/rules/test_ebony_adapter.py checks both against
them on random hands and knowledge bases.
"""

from __future__ import annotations

from types import ModuleType


def install(hytreekong: ModuleType) -> None:
    """Replace ``hytreekong.cost`` and ``hytreekong.hyval`` by their exact faster forms
    (once: a second call changes nothing)."""
    if hasattr(hytreekong.hyval, "original"):
        return
    hytreekong.cost = faster_cost(hytreekong)
    hytreekong.hyval = hyval_with_wider_cache(hytreekong)


def faster_cost(hytreekong: ModuleType):
    haha = hytreekong.haha
    original = hytreekong.cost

    def cost(pi, T, Pg, KB, dc):
        if haha(pi, KB, dc):  # pi then has five blocks
            return 14
        val = 0
        if pi[4] == []:
            # Can the eye still be made from a tile of T that the blocks leave over?
            # Its Rest_Tiles are the tiles x of T with spare = count in T + 3×Pg minus
            # count in the blocks > 0, NumRT their KB[x] + spare; it takes -2 when there
            # is none or max(NumRT) < 2, else -1. Counts by tile index (its kbf); a tile
            # is [color, number], so unpacking fails loudly on anything else.
            spare = [0] * 27
            for c, n in T:
                spare[c * 9 + n - 1] += 1
            for c, n in Pg:
                spare[c * 9 + n - 1] += 3
            for block in pi:
                for c, n in block:
                    spare[c * 9 + n - 1] -= 1
            eye = False
            for c, n in T:
                x = c * 9 + n - 1
                if spare[x] > 0 and KB[x] + spare[x] >= 2:
                    eye = True
                    break
            val += -1 if eye else -2
        for i in range(4):
            if pi[i] == []:
                val += -2
            elif len(pi[i]) == 2:
                val += -1
        return -val

    cost.original = original
    return cost


def hyval_with_wider_cache(hytreekong: ModuleType):
    compute = hytreekong._hyval_impl
    limit = hytreekong._HYVAL_CACHE_LIMIT
    original = hytreekong.hyval
    cache: dict = {}

    def hyval(T, Pg, KB, dc):
        T.sort(key=lambda t: t[0:2])  # as its hyval: callers rely on this side effect
        key = (tuple(map(tuple, T)), tuple(map(tuple, Pg)),
               tuple(1 if k > 0 else k for k in KB), dc)
        result = cache.get(key)
        if result is None:
            result = compute(T, Pg, KB, dc)
            if len(cache) >= limit:
                cache.clear()
            cache[key] = result
        return result

    hyval.original = original
    return hyval
