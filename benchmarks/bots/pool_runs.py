"""Pool several runs of ``bench_bots`` on different seeds into one figure per pairing.

    .venv/bin/python -m benchmarks.bots.bench_bots --levels expert,ebony-z --rules ebony \\
        --rounds 2000 --seed 914 --json ez914.json
    ... (one run per seed)
    .venv/bin/python -m benchmarks.bots.pool_runs ez914.json ez915.json ez916.json

A run against ebony-z takes 20 to 30 minutes for 2,000 rounds, and its interval is
±0.4–0.5 points per seat per round: one run cannot tell a difference of a tenth from
zero, so a figure worth quoting is several seeds pooled. Different seeds deal different
walls, so the runs are independent; each pairing's A − B is pooled by inverse-variance
weights (the standard error of each run's mean is read back from its interval:
half-width / t), and the pooled interval is mean ± 1.96 × pooled standard error.

Beside it, per level of the pairing, the rates and sources of points over all the runs,
weighted by seat-rounds: where one level's points come from and the other's do not.
"""

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from benchmarks.bots.bench_bots import INCOME_SOURCES, KONG_REASONS, ci_text, kong_cells, t95


def standard_error(ci: dict) -> float:
    """A run's standard error of the mean, from its 95% interval (``bench_bots.mean_ci``)."""
    if ci["low"] is None:
        raise ValueError("a run with fewer than two deal groups has no interval to pool")
    return (ci["high"] - ci["low"]) / 2 / t95(ci["n"] - 1)


def pool_means(cis: Sequence[dict]) -> dict:
    """Inverse-variance weighted mean of independent runs' means, with its 95% interval."""
    errors = [standard_error(ci) for ci in cis]
    if not all(errors):
        raise ValueError("a run whose deals all gave the same difference has no spread to weigh")
    weights = [1 / error**2 for error in errors]
    total = sum(weights)
    mean = sum(w * ci["mean"] for w, ci in zip(weights, cis, strict=True)) / total
    half = 1.96 / math.sqrt(total)
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": sum(ci["n"] for ci in cis)}


RATES = ("win_rate", "zimo_rate", "deal_in_rate")


def pool_level(stats: Sequence[dict]) -> dict:
    """One level's rates, mean fan and income by source over runs, by seat-rounds."""
    seat_rounds = sum(s["seat_rounds"] for s in stats)
    wins = sum(s["wins"] for s in stats)
    pooled = {"seat_rounds": seat_rounds, "wins": wins}
    for rate in RATES:
        pooled[rate] = sum(s[rate] * s["seat_rounds"] for s in stats) / seat_rounds
    pooled["mean_fan"] = sum(s["mean_fan"] * s["wins"] for s in stats) / wins if wins else 0.0
    pooled["income"] = {
        source: sum(s["income"][source] * s["seat_rounds"] for s in stats) / seat_rounds
        for source in INCOME_SOURCES
    }
    if all("kong_money" in s for s in stats):  # runs before it was counted have none
        pooled["kong_money"] = {
            reason: {
                side: sum(s["kong_money"][reason][side] * s["seat_rounds"] for s in stats)
                / seat_rounds
                for side in ("received", "paid")
            }
            for reason in KONG_REASONS
        }
    return pooled


def pool(summaries: Sequence[dict]) -> list[dict]:
    """Per pairing played in every run: the runs' A − B and their pool, and each level's
    pooled rates."""
    played_in = [{(p["a"], p["b"]) for p in s["pairings"]} for s in summaries]
    first = [(p["a"], p["b"]) for p in summaries[0]["pairings"]]
    common = [pairing for pairing in first if all(pairing in keys for keys in played_in)]
    if not common:
        raise ValueError("no pairing was played in every run")
    seeds = [s["seed"] for s in summaries]
    if len(set(seeds)) < len(seeds):
        raise ValueError("two runs on one seed played the same deals; pool runs of different seeds")
    if len({json.dumps(s["options"], sort_keys=True) for s in summaries}) > 1:
        raise ValueError("the runs were played under different rules; pool runs of one rule set")
    pooled = []
    for a, b in common:
        played = [next(p for p in s["pairings"] if (p["a"], p["b"]) == (a, b)) for s in summaries]
        pooled.append(
            {
                "a": a,
                "b": b,
                "runs": [
                    {"seed": s["seed"], "deals": p["deals"], "difference": p["difference"]}
                    for s, p in zip(summaries, played, strict=True)
                ],
                "difference": pool_means([p["difference"] for p in played]),
                "levels": {
                    level: pool_level([p["levels"][level] for p in played]) for level in (a, b)
                },
            }
        )
    return pooled


def format_markdown(pooled: Sequence[dict]) -> str:
    lines = []
    for p in pooled:
        lines += [
            f"### {p['a']} v {p['b']}",
            "",
            "| seed | deals | A − B points/seat/round (95% CI) |",
            "|---|---|---|",
        ]
        lines += [f"| {r['seed']} | {r['deals']} | {ci_text(r['difference'])} |" for r in p["runs"]]
        lines += [
            f"| pooled | {p['difference']['n']} | **{ci_text(p['difference'])}** |",
            "",
            "| level | seat-rounds | win | zimo | deal-in | mean fan | "
            + " | ".join(f"points: {source}" for source in INCOME_SOURCES)
            + " |",
            "|---|---|---|---|---|---|" + "---|" * len(INCOME_SOURCES),
        ]
        for level, s in p["levels"].items():
            income = " | ".join(f"{s['income'][src]:+.3f}" for src in INCOME_SOURCES)
            lines.append(
                f"| {level} | {s['seat_rounds']} | {s['win_rate']:.1%} | "
                f"{s['zimo_rate']:.1%} | {s['deal_in_rate']:.1%} | "
                f"{s['mean_fan']:.2f} | {income} |"
            )
        kong_rows = [
            (level, s["kong_money"]) for level, s in p["levels"].items() if "kong_money" in s
        ]
        if kong_rows:
            lines += [
                "",
                "| kong money received / paid | " + " | ".join(KONG_REASONS) + " |",
                "|---|" + "---|" * len(KONG_REASONS),
            ]
            lines += [f"| {level} | {kong_cells(money)} |" for level, money in kong_rows]
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="bench_bots --json files")
    args = parser.parse_args(argv)
    try:
        summaries = [json.loads(path.read_text()) for path in args.runs]
        pooled = pool(summaries)
    except (OSError, ValueError, KeyError) as exc:
        parser.error(f"{exc.__class__.__name__}: {exc}")
    sys.stdout.write(format_markdown(pooled) + "\n")


if __name__ == "__main__":
    main()
