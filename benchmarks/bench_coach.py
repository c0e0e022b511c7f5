"""What the coach (``games.players.coach``) costs per decision.

    .venv/bin/python -m benchmarks.bench_coach --rounds 40 --seed 1

Plays rounds of four 大师 (expert) seats and, at every decision of every seat, times
``coach.advise`` for that seat, as the table would when the coach is on. Reports the
mean, p99 and worst time per decision (ms, one core) and, separately, for the discards
(the panel's longest list).
"""

import argparse
import json
import time
from array import array

from benchmarks.bots.bench_bots import Timings
from games.players import coach
from games.players.simulate import simulate


def measure(rounds: int, seed: int | str) -> dict:
    timings = Timings()  # bench_bots' per-key durations and summary, keyed "all" / "discard"

    def timed(state, seat, action, seconds):
        start = time.perf_counter()
        advice = coach.advise(state, seat)
        elapsed = time.perf_counter() - start
        kinds = ("all", "discard") if advice is not None and advice.discards else ("all",)
        for kind in kinds:
            timings.seconds.setdefault(kind, array("d")).append(elapsed)

    simulate(rounds, f"bench-coach-{seed}", None, ("expert",) * 4, on_decision=timed)
    return {kind: timings.summary(kind) for kind in ("all", "discard")}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.rounds, args.seed), indent=2))


if __name__ == "__main__":
    main()
