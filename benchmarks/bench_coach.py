"""What the coach (``games.rules.coach``) costs per decision.

    .venv/bin/python -m benchmarks.bench_coach --rounds 40 --seed 1

Plays rounds of four 大师 (expert) seats and, at every decision of every seat, times
``coach.advise`` for that seat, as the table would when the coach is on. Reports the
mean, p99 and worst time per decision (ms, one core) and, separately, for the discards
(the panel's longest list).
"""

import argparse
import json
import statistics
import time

from games.rules import coach
from games.rules.simulate import simulate


def measure(rounds: int, seed: int | str) -> dict:
    times: dict[str, list[float]] = {"all": [], "discard": []}

    def timed(state, seat, action, seconds):
        start = time.perf_counter()
        advice = coach.advise(state, seat)
        elapsed = (time.perf_counter() - start) * 1000
        times["all"].append(elapsed)
        if advice is not None and advice.discards:
            times["discard"].append(elapsed)

    simulate(rounds, f"bench-coach-{seed}", None, ("expert",) * 4, on_decision=timed)
    return {kind: _summary(values) for kind, values in times.items()}


def _summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "decisions": len(values),
        "mean_ms": round(statistics.fmean(values), 3) if values else 0.0,
        "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 3) if values else 0.0,
        "max_ms": round(ordered[-1], 3) if values else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.rounds, args.seed), indent=2))


if __name__ == "__main__":
    main()
