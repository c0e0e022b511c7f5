"""Bot-only rounds per second, and how long one bot decision takes, per level.

    .venv/bin/python -m benchmarks.bench_round [--rounds 200] [--seed 1]
    .venv/bin/python -m benchmarks.bench_round --options '{"mode": "xueliu"}'
    .venv/bin/python -m benchmarks.bench_round --options '{"players": 3, "suits": 2}'

Three tables play the same seeds: strong against easy (seats 0 and 2 strong), four
strong bots, four easy bots; at a table for three or two (option ``players``, RULES.md
section 14) as many bots as seats, strong and easy in turn. Rounds per second counts
everything a round does (dealing, the engine's checks, scoring, settlement) besides the
decisions. The slowest decision
is usually one of the first: the suit-split cache starts empty in a new process.
"""

import argparse
import json
import sys

from games.players.simulate import simulate
from games.rules.options import RoomOptions

TABLES = {
    "strong v easy": ("strong", "easy", "strong", "easy"),
    "all strong": ("strong",) * 4,
    "all easy": ("easy",) * 4,
}


def tables(players: int = 4) -> dict[str, tuple[str, ...]]:
    """``TABLES`` at a table for ``players``: the first seats of each."""
    return {name: levels[:players] for name, levels in TABLES.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--options",
        type=json.loads,
        default=None,
        help='room options as JSON, e.g. \'{"mode": "xueliu"}\' (血流成河)',
    )
    args = parser.parse_args(argv)
    try:
        players = RoomOptions.from_dict(args.options).players
    except ValueError as exc:
        parser.error(str(exc))

    print(
        f"rounds per table: {args.rounds} (seed {args.seed}), python {sys.version.split()[0]}"
        + (f", options {json.dumps(args.options, ensure_ascii=False)}" if args.options else "")
    )
    for name, levels in tables(players).items():
        summary = simulate(args.rounds, args.seed, options=args.options, levels=levels)
        print(f"{name:14} {summary['rounds_per_second']:8.1f} rounds/s")
        for level, times in summary["decisions"].items():
            print(
                f"  {level:8} decisions {times['decisions']:8}   mean {times['mean_ms']:7.3f} ms"
                f"   slowest {times['slowest_ms']:7.2f} ms"
            )


if __name__ == "__main__":
    main()
