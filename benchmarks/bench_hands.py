"""Winning checks and waits per second, ours beside the `mahjong` package's Agari.

    .venv/bin/pip install mahjong   # the yardstick, only for this benchmark (make bench)
    .venv/bin/python -m benchmarks.bench_hands [--hands 20000] [--seed 2026]

The hands are fixed by the seed: half are random 14-tile hands of two suits (the shape a
Sichuan hand has after 定缺), half are four random sets and a pair (mostly winning), so
both answers are exercised. Waits are computed on the same hands less one tile.
"""

import argparse
import random
import sys
import time

from games.rules.hands import is_winning, waits
from games.rules.tiles import RANKS, TILE_KINDS, to_counts


def make_hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        suits = rng.sample(range(3), 2)
        pool = [s * RANKS + r for s in suits for r in range(RANKS)]
        if len(hands) % 2:
            tiles = rng.sample([t for t in pool for _ in range(4)], 14)
        else:
            tiles = []
            for _ in range(4):
                s = rng.choice(suits) * RANKS
                if rng.random() < 0.35:
                    tiles += [s + rng.randrange(9)] * 3
                else:
                    r = rng.randrange(7)
                    tiles += [s + r, s + r + 1, s + r + 2]
            tiles += [rng.choice(pool)] * 2
        counts = to_counts(tiles)
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def to_34(counts: list[int]) -> list[int]:
    return counts + [0] * (34 - TILE_KINDS)


def rate(fn, items, repeat: int = 3) -> tuple[float, int]:
    """Best of `repeat` runs: items per second, and the number of true results."""
    best = float("inf")
    hits = 0
    for _ in range(repeat):
        start = time.perf_counter()
        hits = sum(1 for item in items if fn(item))
        best = min(best, time.perf_counter() - start)
    return len(items) / best, hits


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    hands = make_hands(args.hands, args.seed)
    thirteen = []
    for counts in hands:
        c = list(counts)
        c[next(t for t in range(TILE_KINDS) if c[t])] -= 1
        thirteen.append(c)

    ours_win, ours_hits = rate(is_winning, hands)
    ours_waits, ours_ready = rate(lambda c: waits(c, [], None), thirteen)
    print(f"hands: {len(hands)} (seed {args.seed}), python {sys.version.split()[0]}")
    print(f"ours     winning checks/s: {ours_win:12,.0f}  (winning: {ours_hits})")
    print(f"ours     waits/s:          {ours_waits:12,.0f}  (ready: {ours_ready})")

    try:
        from mahjong.agari import Agari
    except ImportError:
        print("mahjong is not installed: `pip install mahjong` for the yardstick")
        return
    agari = Agari()
    hands_34 = [to_34(c) for c in hands]
    thirteen_34 = [to_34(c) for c in thirteen]

    def agari_waits(c34):
        found = []
        for t in range(TILE_KINDS):
            if c34[t] < 4:
                c34[t] += 1
                if agari.is_agari(c34):
                    found.append(t)
                c34[t] -= 1
        return found

    their_win, their_hits = rate(agari.is_agari, hands_34)
    their_waits, their_ready = rate(agari_waits, thirteen_34, repeat=1)
    print(f"mahjong  winning checks/s: {their_win:12,.0f}  (winning: {their_hits})")
    print(f"mahjong  waits/s:          {their_waits:12,.0f}  (ready: {their_ready})")
    print(
        f"speed-up winning checks: {ours_win / their_win:5.1f}x   waits: "
        f"{ours_waits / their_waits:5.1f}x"
    )
    if ours_hits != their_hits:
        print("note: the two disagree on some hands (Agari also knows riichi-only shapes)")


if __name__ == "__main__":
    main()
