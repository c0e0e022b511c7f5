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

Profiled again with those in (cProfile, 6 rounds of ebony-z against 大师): of 41 s, 8 s
were ``nxtile``/``nnxtile`` (the next tile of a suit, found by building the list of all 27
tiles and searching it on every call) and 9.5 s ``haha`` (whether a partial decomposition
can still be completed, one call of ``kbf`` per partial set). Two more:

* ``nxtile``, ``nnxtile``: for a tile ``[suit, number]`` of two ints, the same answer by
  arithmetic; anything else goes to the original.
* ``haha``: the same tests in the same order, with the tile's index computed in place.

All are installed as the module's attributes, which is how they are reached (the
strategies call ``hk.hyval``; ``_hyval_impl`` calls the globals ``cost`` and ``haha``,
``hyaction`` the globals ``nxtile`` and ``nnxtile``). The originals stay reachable as
``.original``. tests/benchmarks/test_ebony_adapter.py checks each against them on random
hands and knowledge bases, and that a tournament plays the same rounds with them.
"""

from __future__ import annotations

from types import ModuleType


def install(hytreekong: ModuleType) -> None:
    """Replace ``hytreekong.cost`` and ``hytreekong.hyval`` by their exact faster forms
    (once: a second call changes nothing)."""
    if hasattr(hytreekong.hyval, "original"):
        return
    hytreekong.nxtile = next_tile_by_arithmetic(hytreekong.nxtile, 1)
    hytreekong.nnxtile = next_tile_by_arithmetic(hytreekong.nnxtile, 2)
    hytreekong.haha = faster_haha(hytreekong.haha)
    hytreekong.cost = faster_cost(hytreekong)  # after haha: it calls the faster one
    hytreekong.hyval = hyval_with_wider_cache(hytreekong)


def next_tile_by_arithmetic(original, step: int):
    """Its ``nxtile`` (step 1) or ``nnxtile`` (step 2): for a tile ``[c, n]`` of MJ() (c in
    0..2, n in 1..9) the tile ``step`` higher in the suit, or None past 9; None for a list
    of two ints that is no tile (it is not in MJ()). Any other argument (its functions also
    take a bare number) goes to the original."""
    last = 9 - step

    def next_tile(t):
        if type(t) is list and len(t) == 2:
            c, n = t
            if type(c) is int and type(n) is int:
                if 0 <= c <= 2 and 1 <= n <= 9:
                    return [c, n + step] if n <= last else None
                return None
        return original(t)

    next_tile.original = original
    return next_tile


def faster_haha(original):
    """Its ``haha``: the same tests in the same order (an index of -1 reads KB's last
    entry there too), with ``kbf`` computed in place."""

    def haha(pi, KB, dc):
        if len(pi) != 5:
            return True
        eye = pi[4]
        if len(eye) != 2 and eye != []:
            return True
        if len(eye) == 2 and eye[0] != eye[1]:
            return True
        for i in range(4):
            block = pi[i]
            if len(block) == 2:
                t = block[0]
                n = t[1]
                p = t[0] * 9 + n - 1
                second = block[1]
                if second == t and KB[p] == 0:
                    return True
                if second[1] == n + 2 and KB[p + 1] == 0:
                    return True
                if second[1] == n + 1 and (
                    (n == 1 and KB[p + 2] == 0)
                    or (n == 8 and KB[p - 1] == 0)
                    or (KB[p - 1] == 0 and KB[p + 2] == 0)
                ):
                    return True
        return False

    haha.original = original
    return haha


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
        key = (
            tuple(map(tuple, T)),
            tuple(map(tuple, Pg)),
            tuple(1 if k > 0 else k for k in KB),
            dc,
        )
        result = cache.get(key)
        if result is None:
            result = compute(T, Pg, KB, dc)
            if len(cache) >= limit:
                cache.clear()
            cache[key] = result
        return result

    hyval.original = original
    return hyval
