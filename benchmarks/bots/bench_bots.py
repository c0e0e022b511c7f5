"""Duplicate tournament between the computer players' levels (``games.players.bots``).

    .venv/bin/python -m benchmarks.bots.bench_bots --rounds 4000 --levels easy,strong --seed 1
    .venv/bin/python -m benchmarks.bots.bench_bots --rounds 600 --levels easy,strong \\
        --arrangements all --options '{"mode": "xueliu"}' --json bots.json
    .venv/bin/python -m benchmarks.bots.bench_bots --rounds 2000 --levels expert,ebony-z \\
        --rules ebony --workers 4
    .venv/bin/python -m benchmarks.bots.bench_bots --rounds 3000 --levels expert,strong \
        --options '{"players": 3, "suits": 2, "ron_needs_fan": true, "cap": 3}'
    .venv/bin/python -m benchmarks.bots.bench_bots --rounds 16000 --against strong \\
        --levels expert,expert-without-zimo_wait,expert-without-live,strong --seed 901

Levels: ours (``computer.LEVELS``: easy, strong, expert) and, when ebony72's code is at
``../shared/opponents/ebony72``, the outside player's two strategies ``ebony-initial``
and ``ebony-z`` (``benchmarks.bots.opponents.ebony``; the product never sees them).
``--rules`` picks the rule set: ``default`` (our room defaults) or ``ebony`` (the options
closest to ebony72's own rules, ``ebony.EBONY_RULES``); ``--options`` changes options on
top of it, the table's size among them (``players`` 4, 3 or 2 and ``suits`` 3 or 2:
RULES.md section 14). ``--workers N`` plays the deal groups in N processes; the results
do not depend on N. The outside player sits only at a table for four of three suits.

Method. Mahjong scores are mostly luck, so levels are compared on *identical deals*
(duplicate play). For each pair of requested levels (A, B) and each deal ``i`` (wall
from the seed string ``"{seed}-{i}"``, dealer seat ``i`` modulo the table's size) the
same deal is played once per seat arrangement: ``alternate`` plays ABAB and BABA; ``all``
also plays the four rotations of AABB. At a table for three ``alternate`` is ABA and
BAB, ``all`` also AAB, BBA, BAA and ABB; at a table for two both are AB and BA
(``ARRANGEMENTS_AT``). Either way every level sits in every seat equally often on each
deal, so whatever a seat or a wall gives is given to both levels. Every pairing
uses the same deals. The random choices (the easy bot's) come from one
``random.Random`` per (pairing, deal, arrangement) seeded from ``--seed``, so a run is
repeatable.

``--rounds N`` counts rounds *played in total*: each pairing gets
``N // (pairings * arrangements)`` deals, each played in every arrangement. The
pairings are every two of ``--levels``, or with ``--against C`` only each level against C.

Statistics. A *deal group* is one deal of one pairing played in all its arrangements.
The groups are independent; the rounds inside one are not (same tiles). So the 95%
confidence intervals are computed over groups: for a level, the group value is its
mean points per seat per round in that group; for a pairing, it is the difference
A − B of those means. Interval: mean ± t · sd / sqrt(groups) (Student t, 1.96 for many
groups). Points sum to zero at a 2-against-2 table, so there A − B = 2 · (A's mean);
at a table for three a level has two seats in one round and one in the next, and A − B
compares the means per seat.

Paired contrasts. When two levels X and Y have each played a third level C, they did so
on the same deals, so what X does better than Y against C is measured deal by deal: the
contrast's value on deal i is (X − C on deal i) − (Y − C on deal i), and its interval is
taken over the deals. Its mean is the difference of the two pairings' means, but most of
a deal's luck (a wall that favours whoever plays it fast, say) is in both terms and
cancels, so its interval is narrower than the two pairings' intervals suggest. This is
how to measure what one part of the expert adds (``expert`` and
``expert-without-PART`` each against ``strong``).

Per level and per pairing: win rate (seat-rounds with a win), 自摸 rate (seat-rounds
with a self-drawn win, 杠上花 included), deal-in rate (点炮: seat-rounds in which the
seat discarded a tile won on, or had its kong robbed), the mean fan of its wins, the
pig rate (花猪 at the wall-empty settlement) and the not-ready rate (未听: not ready
and not a pig at that settlement, i.e. a 查叫 payer; pigs pay as pigs and are counted
there only), and how long its decisions took (mean, p99, max; the outside player's
include building its view of the table). For the outside player, also how often it
answered something our engine does not allow and a fallback was played (see
``benchmarks.bots.opponents.ebony``).
Rates are per seat-round, so they lie in [0, 1] even in 血流成河, where a seat may win
or feed several times in one round.
"""

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from benchmarks.bots.opponents import ebony
from games.players import computer
from games.players.expert import player as expert_player
from games.players.simulate import play_round
from games.rules.hands import prepare_tables
from games.rules.options import RoomOptions
from games.rules.round import Round

# The expert with one of its parts switched off (``expert.player.PARTS``), to measure
# what that part adds: ``expert-without-zimo_wait`` against ``expert`` on the same deals.
VARIANTS = {f"expert-without-{part}": part for part in expert_player.PARTS}
LEVELS = computer.LEVELS + tuple(VARIANTS) + ebony.LEVELS
# The rule sets of --rules: option changes from our room defaults.
RULE_SETS = {"default": {}, "ebony": ebony.EBONY_RULES}

# The seat arrangements of the two levels A and B at a table for four, three and two:
# over one deal's arrangements each level sits in every seat equally often.
ARRANGEMENTS = {
    "alternate": ("ABAB", "BABA"),
    "all": ("ABAB", "BABA", "AABB", "ABBA", "BBAA", "BAAB"),
}
ARRANGEMENTS_AT = {
    4: ARRANGEMENTS,
    3: {"alternate": ("ABA", "BAB"), "all": ("ABA", "BAB", "AAB", "BBA", "BAA", "ABB")},
    2: {"alternate": ("AB", "BA"), "all": ("AB", "BA")},
}


def arrangements_at(name: str, players: int = 4) -> tuple[str, ...]:
    """The arrangements ``name`` (alternate, all) at a table for ``players``."""
    if name not in ARRANGEMENTS:
        raise ValueError(f"arrangements: one of {', '.join(ARRANGEMENTS)}")
    return ARRANGEMENTS_AT[players][name]


FED_WINS = ("ron", "rob_kong")  # wins on a tile another seat gave away: 点炮
# Where a seat's points come from, by the reason of each ledger row: wins on a discard
# (and robbed kongs), 自摸 (杠上花 too), kong money (刮风下雨, 呼叫转移, 退税) and the
# checks at the wall's end (查花猪, 查叫). Each source's net shows which part of the game
# one level gains or loses against another.
INCOME_SOURCES = ("discard_win", "zimo", "kongs", "wall_end")


# The kinds of kong money, each split into what a seat received and what it paid: a
# level behind in kong money may make fewer kongs of its own (concealed, added, exposed
# received), feed others' exposed kongs, or lose its kong money again (呼叫转移, 退税).
KONG_REASONS = ("kong_concealed", "kong_added", "kong_exposed", "kong_transfer", "kong_refund")


def income_source(reason: str) -> str:
    """The source (``INCOME_SOURCES``) of a ledger row's ``reason``."""
    if reason in FED_WINS:
        return "discard_win"
    if reason == "zimo":
        return "zimo"
    if reason.startswith("kong_"):
        return "kongs"
    return "wall_end"  # pig, not_ready, ready_difference


# Two-sided 95% Student t quantiles; for other degrees of freedom the next smaller
# tabled one is used (a slightly wider, so safe, interval).
T95 = {
    1: 12.706,
    2: 4.303,
    3: 3.182,
    4: 2.776,
    5: 2.571,
    6: 2.447,
    7: 2.365,
    8: 2.306,
    9: 2.262,
    10: 2.228,
    15: 2.131,
    20: 2.086,
    30: 2.042,
    60: 2.000,
    120: 1.980,
}


# --- one round ------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    """What one round of the tournament gave each seat."""

    pairing: tuple[str, str]
    deal: int
    arrangement: str
    levels: tuple[str, ...]  # the level in each seat
    net: tuple[int, ...]
    won: tuple[bool, ...]
    fed: tuple[bool, ...]  # discarded a tile won on / had a kong robbed
    fans: tuple[tuple[int, ...], ...]  # the fan of each of the seat's wins
    pig: tuple[bool, ...]
    not_ready: tuple[bool, ...]  # 查叫 payer: not ready, not a pig
    end: str
    # Left out, each of the following is "nothing" for every seat of ``levels``.
    zimo: tuple[bool, ...] | None = None  # won by a self-drawn tile (杠上花 too)
    # The outside player's answers our engine would not take, per seat: (decision, count).
    fallbacks: tuple[tuple[tuple[str, int], ...], ...] | None = None
    # Per seat, its net points from each of INCOME_SOURCES (they add up to ``net``).
    income: tuple[tuple[int, ...], ...] | None = None
    # Per seat, how many of its wins counted each pattern or extra (对对胡, 根, …).
    patterns: tuple[tuple[tuple[str, int], ...], ...] | None = None
    # Per seat, per KONG_REASONS: (points received, points paid).
    kong_money: tuple[tuple[tuple[int, int], ...], ...] | None = None

    def __post_init__(self) -> None:
        seats = len(self.levels)
        nothing = {
            "zimo": False,
            "fallbacks": (),
            "income": (0,) * len(INCOME_SOURCES),
            "patterns": (),
            "kong_money": ((0, 0),) * len(KONG_REASONS),
        }
        for name, empty in nothing.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, (empty,) * seats)


def seat_levels(pairing: tuple[str, str], arrangement: str) -> tuple[str, ...]:
    """``("easy", "strong")`` and ``"ABBA"`` give easy, strong, strong, easy."""
    return tuple(pairing[0] if letter == "A" else pairing[1] for letter in arrangement)


def round_result(
    state: Round,
    pairing,
    deal: int,
    arrangement: str,
    levels,
    fallbacks: Sequence[Counter] | None = None,
) -> RoundResult:
    """Read the winners and the settlement of an ended round, seat by seat."""
    settlement = state.settlement or {}
    pigs = set(settlement.get("pigs", []))
    not_ready = set(settlement.get("not_ready", [])) - pigs
    seats = range(state.seats)
    fans = [[] for _ in seats]
    fed = [False for _ in seats]
    zimo = [False for _ in seats]
    patterns = [Counter() for _ in seats]
    for win in state.winners:
        fans[win["seat"]].append(win["fan"])
        patterns[win["seat"]].update(win["patterns"].keys())
        if win["how"] in FED_WINS:
            fed[win["from"]] = True
        if win["how"] == "zimo":
            zimo[win["seat"]] = True
    fallbacks = fallbacks or [Counter() for _ in seats]
    income = [[0] * len(INCOME_SOURCES) for _ in seats]
    kong_money = [[[0, 0] for _ in KONG_REASONS] for _ in seats]
    for entry in state.ledger:
        source = INCOME_SOURCES.index(income_source(entry["reason"]))
        income[entry["payer"]][source] -= entry["amount"]
        income[entry["payee"]][source] += entry["amount"]
        if entry["reason"] in KONG_REASONS:
            kind = KONG_REASONS.index(entry["reason"])
            kong_money[entry["payee"]][kind][0] += entry["amount"]
            kong_money[entry["payer"]][kind][1] += entry["amount"]
    return RoundResult(
        pairing=pairing,
        deal=deal,
        arrangement=arrangement,
        levels=tuple(levels),
        net=tuple(state.net()),
        won=tuple(bool(f) for f in fans),
        fed=tuple(fed),
        fans=tuple(tuple(f) for f in fans),
        pig=tuple(seat in pigs for seat in seats),
        not_ready=tuple(seat in not_ready for seat in seats),
        end=state.end,
        zimo=tuple(zimo),
        fallbacks=tuple(tuple(sorted(counts.items())) for counts in fallbacks),
        income=tuple(tuple(row) for row in income),
        kong_money=tuple(tuple(tuple(pair) for pair in row) for row in kong_money),
        patterns=tuple(tuple(sorted(counts.items())) for counts in patterns),
    )


# --- playing ----------------------------------------------------------------------------


@dataclass
class Timings:
    """Every decision's duration in seconds, per level (kept whole for the p99)."""

    seconds: dict[str, array] = field(default_factory=dict)

    def hook(self, levels: Sequence[str]):
        def record(state, seat, action, seconds):
            self.seconds.setdefault(levels[seat], array("d")).append(seconds)

        return record

    def merge(self, other: "Timings") -> None:
        """Add the decisions timed elsewhere (in a worker process)."""
        for level, seconds in other.seconds.items():
            self.seconds.setdefault(level, array("d")).extend(seconds)

    def summary(self, level: str) -> dict:
        times = sorted(self.seconds.get(level, ()))
        if not times:
            return {"decisions": 0, "mean_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
        p99 = times[max(0, math.ceil(0.99 * len(times)) - 1)]
        return {
            "decisions": len(times),
            "mean_ms": round(sum(times) / len(times) * 1000, 4),
            "p99_ms": round(p99 * 1000, 3),
            "max_ms": round(times[-1] * 1000, 3),
        }


def choose_ours(state: Round, seat: int, level: str, rng: random.Random):
    """The move of one of our levels, or of an expert variant (``VARIANTS``)."""
    part = VARIANTS.get(level)
    if part is None:
        return computer.choose_action(state, seat, level, rng)
    kept = expert_player.PARTS[part]
    expert_player.PARTS[part] = False
    try:
        return computer.choose_action(state, seat, "expert", rng)
    finally:
        expert_player.PARTS[part] = kept


def play_deal_group(
    pairing, deal: int, seed, options: RoomOptions, arrangements, timings: Timings
) -> list[RoundResult]:
    """The deal ``deal`` played once in each arrangement of the pairing's two levels."""
    results = []
    for arrangement in arrangements:
        levels = seat_levels(pairing, arrangement)
        state = Round.deal(seed=f"{seed}-{deal}", dealer=deal % options.players, options=options)
        rng = random.Random(f"{seed}/{pairing[0]}-{pairing[1]}/{deal}/{arrangement}")
        if any(level in ebony.LEVELS for level in levels):
            # The outside player needs the round's public history: a Table keeps it.
            table = ebony.Table(ours=choose_ours)
            play_round(
                state,
                levels,
                rng,
                on_decision=timings.hook(levels),
                choose=table.choose,
                on_applied=table.observe,
            )
            fallbacks = table.fallbacks
        else:
            play_round(state, levels, rng, on_decision=timings.hook(levels), choose=choose_ours)
            fallbacks = None
        results.append(round_result(state, pairing, deal, arrangement, levels, fallbacks))
    return results


def check_levels(levels: Sequence[str], options: RoomOptions | None = None) -> tuple[str, ...]:
    """The requested levels, or ValueError naming what is wrong (``options``: the table
    they are to play at)."""
    levels = tuple(levels)
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(
            f"unknown level(s) {', '.join(unknown)}: available are {', '.join(LEVELS)}"
        )
    outside = [level for level in levels if level in ebony.LEVELS]
    if outside and options is not None and (options.players, options.suits) != (4, 3):
        raise ValueError(
            f"{', '.join(outside)} play only at a table for four of three suits, "
            f"not players {options.players}, suits {options.suits}"
        )
    if outside and not ebony.available():
        raise ValueError(
            f"levels {', '.join(ebony.LEVELS)} need ebony72's code at {ebony.EBONY_DIR}"
        )
    if len(set(levels)) != len(levels) or len(levels) < 2:
        raise ValueError("give at least two different levels, each once")
    return levels


def room_options(rules: str = "default", options=None) -> RoomOptions:
    """The rule set ``rules`` (a key of RULE_SETS) with ``options`` (dict or RoomOptions)
    changed on top of it."""
    if rules not in RULE_SETS:
        raise ValueError(f"rules: one of {', '.join(RULE_SETS)}")
    if isinstance(options, RoomOptions):
        options = options.to_dict()
    return RoomOptions.from_dict({**RULE_SETS[rules], **(options or {})})


def pairings_of(levels: Sequence[str], against: str | None = None) -> list[tuple[str, str]]:
    """Every two of ``levels`` (in their order), or each of them against ``against``
    only; ValueError when ``against`` is not one of the levels."""
    if against is None:
        return list(combinations(levels, 2))
    if against not in levels:
        raise ValueError(f"--against {against}: give it in --levels too")
    return [(level, against) for level in levels if level != against]


def deals_per_pairing(
    levels: Sequence[str],
    rounds: int,
    arrangements: str,
    against: str | None = None,
    players: int = 4,
) -> int:
    """How many deals each pairing plays so that ``rounds`` are played in total (at a
    table for ``players``)."""
    per_deal = len(pairings_of(levels, against)) * len(arrangements_at(arrangements, players))
    if rounds < per_deal:
        raise ValueError(
            f"--rounds {rounds} is too few: one deal of every pairing takes {per_deal} rounds"
        )
    return rounds // per_deal


def play_job(job: tuple) -> tuple[list[RoundResult], Timings]:
    """One deal group, as a worker process plays it: (pairing, deal, seed, options as a
    dict, arrangements) -> its rounds and its decision times."""
    pairing, deal, seed, options, layout = job
    timings = Timings()
    results = play_deal_group(pairing, deal, seed, RoomOptions.from_dict(options), layout, timings)
    return results, timings


def played_groups(jobs: list[tuple], workers: int):
    """Each job's (results, timings), in the jobs' order whatever the number of workers:
    each group is played from its own seeds, so where it is played does not matter."""
    if workers <= 1:
        yield from map(play_job, jobs)
        return
    # Workers forked from a clean server process, not from this one: a process with
    # threads (a test runner's, with a server's threads from earlier tests) forked as it
    # stands can hand a child a lock another thread held, and the child waits forever
    # (it hung the test suite). Each worker builds the hand tables once (a quarter second).
    context = multiprocessing.get_context("forkserver")
    with context.Pool(workers, initializer=prepare_tables) as pool:
        yield from pool.imap(play_job, jobs, chunksize=1)


def play_all(
    levels: Sequence[str],
    deals: int,
    seed=1,
    options=None,
    arrangements: str = "alternate",
    progress=None,
    workers: int = 1,
    against: str | None = None,
) -> tuple[list[RoundResult], Timings]:
    """Every pairing of ``levels`` (``pairings_of``) plays deals 0 .. deals-1 in every
    arrangement, the deal groups spread over ``workers`` processes."""
    if not isinstance(options, RoomOptions):
        options = RoomOptions.from_dict(options)
    layout = arrangements_at(arrangements, options.players)
    jobs = [
        (pairing, deal, seed, options.to_dict(), layout)
        for pairing in pairings_of(levels, against)
        for deal in range(deals)
    ]
    timings = Timings()
    results: list[RoundResult] = []
    start = time.perf_counter()
    for (pairing, deal, *_), (group, group_timings) in zip(
        jobs, played_groups(jobs, workers), strict=True
    ):
        results.extend(group)
        timings.merge(group_timings)
        if progress:
            progress(pairing, deal + 1, deals, len(results), time.perf_counter() - start)
    return results, timings


def run(
    levels: Sequence[str],
    rounds: int,
    seed=1,
    options=None,
    arrangements: str = "alternate",
    progress=None,
    rules: str = "default",
    workers: int = 1,
    against: str | None = None,
) -> dict:
    """Play the tournament and return its summary (see ``summarise``). ``options`` are
    changed on top of the rule set ``rules``; ``against`` limits the pairings to each
    level against that one."""
    options = room_options(rules, options)
    levels = check_levels(levels, options)
    layout = arrangements_at(arrangements, options.players)
    deals = deals_per_pairing(levels, rounds, arrangements, against, options.players)
    prepare_tables()  # built once per process, as the server does at start: not a decision
    start = time.perf_counter()
    results, timings = play_all(
        levels, deals, seed, options, arrangements, progress, workers, against
    )
    seconds = time.perf_counter() - start
    summary = summarise(results, levels, timings, against)
    summary.update(
        seed=seed,
        arrangements=list(layout),
        deals_per_pairing=deals,
        rules=rules,
        options=options.to_dict(),
        workers=workers,
        seconds=round(seconds, 2),
        rounds_per_second=round(len(results) / seconds, 2) if seconds else 0.0,
    )
    return summary


# --- statistics -------------------------------------------------------------------------


def t95(degrees_of_freedom: int) -> float:
    """The two-sided 95% Student t quantile used for the intervals (``T95``)."""
    if degrees_of_freedom > max(T95):
        return 1.96
    return T95[max(k for k in T95 if k <= degrees_of_freedom)]


def mean_ci(values: Sequence[float]) -> dict:
    """Mean and 95% confidence interval of independent values (None when n < 2)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return {"mean": mean, "low": None, "high": None, "n": n}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def group_means(results: Sequence[RoundResult], level: str) -> dict[tuple, float]:
    """Per deal group (pairing, deal): the level's mean points per seat per round."""
    totals: dict[tuple, list[int]] = {}
    for r in results:
        if level not in r.pairing:
            continue
        entry = totals.setdefault((r.pairing, r.deal), [0, 0])
        for seat, seat_level in enumerate(r.levels):
            if seat_level == level:
                entry[0] += r.net[seat]
                entry[1] += 1
    return {key: total / count for key, (total, count) in totals.items()}


def level_stats(results: Sequence[RoundResult], level: str, timings: Timings) -> dict:
    """Rates and points of one level's seats over the given rounds."""
    seats = [(r, s) for r in results for s, seated in enumerate(r.levels) if seated == level]
    n = len(seats)
    fans = [fan for r, s in seats for fan in r.fans[s]]

    def rate(flag: str) -> float:
        return sum(getattr(r, flag)[s] for r, s in seats) / n if n else 0.0

    fallbacks, patterns = Counter(), Counter()
    for r, s in seats:
        fallbacks.update(dict(r.fallbacks[s]))
        patterns.update(dict(r.patterns[s]))
    stats = {
        "seat_rounds": n,
        "points": mean_ci(list(group_means(results, level).values())),
        "win_rate": rate("won"),
        "zimo_rate": rate("zimo"),
        "deal_in_rate": rate("fed"),
        "wins": len(fans),
        "mean_fan": sum(fans) / len(fans) if fans else 0.0,
        "pig_rate": rate("pig"),
        "not_ready_rate": rate("not_ready"),
        # Mean net points per seat-round from each source; they add up to the points.
        "income": {
            source: sum(r.income[s][i] for r, s in seats) / n if n else 0.0
            for i, source in enumerate(INCOME_SOURCES)
        },
        "decisions": timings.summary(level),
        # Kong money by kind: mean points received and paid per seat-round.
        "kong_money": {
            reason: {
                "received": sum(r.kong_money[s][i][0] for r, s in seats) / n if n else 0.0,
                "paid": sum(r.kong_money[s][i][1] for r, s in seats) / n if n else 0.0,
            }
            for i, reason in enumerate(KONG_REASONS)
        },
        # What the wins were made of: per pattern or extra, the share of wins counting it.
        "patterns": {name: count / len(fans) for name, count in patterns.most_common()}
        if fans
        else {},
    }
    if level in ebony.LEVELS:
        stats["fallbacks"] = dict(sorted(fallbacks.items()))
    return stats


def deal_differences(rounds: Sequence[RoundResult], pairing: tuple[str, str]) -> dict[int, float]:
    """Per deal of one pairing's ``rounds``: A's mean points per seat per round minus B's."""
    a, b = (group_means(rounds, level) for level in pairing)
    return {deal: a[(played, deal)] - b[(played, deal)] for played, deal in a}


def contrasts(differences: dict[tuple[str, str], dict[int, float]]) -> list[dict]:
    """For every two levels X, Y that each played a third level C: (X − C) − (Y − C),
    paired deal by deal (see the module's docstring), over the deals both played.
    ``differences``: per pairing (A, B), its ``deal_differences``."""

    def versus(level: str, other: str) -> dict[int, float] | None:
        """level − other per deal, whichever order their pairing was played in."""
        if (level, other) in differences:
            return differences[(level, other)]
        if (other, level) in differences:
            return {deal: -value for deal, value in differences[(other, level)].items()}
        return None

    levels = list(dict.fromkeys(level for pairing in differences for level in pairing))
    found = []
    for x, y in combinations(levels, 2):
        for common in levels:
            if common in (x, y):
                continue
            of_x, of_y = versus(x, common), versus(y, common)
            if of_x is None or of_y is None:
                continue
            deals = sorted(of_x.keys() & of_y.keys())
            found.append(
                {
                    "a": x,
                    "b": y,
                    "against": common,
                    "difference": mean_ci([of_x[d] - of_y[d] for d in deals]),
                }
            )
    return found


def summarise(
    results: Sequence[RoundResult],
    levels: Sequence[str],
    timings: Timings,
    against: str | None = None,
) -> dict:
    """Overall rows per level, then per pairing: each level's rows and A − B; then the
    paired contrasts of two levels against a third."""
    pairings, differences = [], {}
    for pairing in pairings_of(levels, against):
        rounds = [r for r in results if r.pairing == pairing]
        differences[pairing] = by_deal = deal_differences(rounds, pairing)
        pairings.append(
            {
                "a": pairing[0],
                "b": pairing[1],
                "rounds": len(rounds),
                "deals": len(by_deal),
                "difference": mean_ci(list(by_deal.values())),
                "levels": {level: level_stats(rounds, level, Timings()) for level in pairing},
            }
        )
    return {
        "rounds": len(results),
        "levels": {level: level_stats(results, level, timings) for level in levels},
        "pairings": pairings,
        "contrasts": contrasts(differences),
    }


# --- output -----------------------------------------------------------------------------

HEADER = (
    "| level | vs | seat-rounds | points/seat/round (95% CI) | win | zimo | deal-in | "
    "mean fan | pig | not ready | decision mean / p99 / max ms |"
)


def ci_text(ci: dict) -> str:
    if ci["low"] is None:
        return f"{ci['mean']:+.3f}"
    return f"{ci['mean']:+.3f} [{ci['low']:+.3f}, {ci['high']:+.3f}]"


def _row(level: str, vs: str, stats: dict) -> str:
    times = stats["decisions"]
    timing = (
        f"{times['mean_ms']:.3f} / {times['p99_ms']:.2f} / {times['max_ms']:.1f}"
        if times["decisions"]
        else ""
    )
    return (
        f"| {level} | {vs} | {stats['seat_rounds']} | {ci_text(stats['points'])} | "
        f"{stats['win_rate']:.1%} | {stats['zimo_rate']:.1%} | {stats['deal_in_rate']:.1%} | "
        f"{stats['mean_fan']:.2f} | "
        f"{stats['pig_rate']:.3%} | {stats['not_ready_rate']:.1%} | {timing} |"
    )


def format_markdown(summary: dict) -> str:
    """The summary as two markdown tables: per level, and head to head."""
    lines = [
        f"## bench_bots: {summary['rounds']} rounds, {summary['deals_per_pairing']} deals "
        f"per pairing × {'/'.join(summary['arrangements'])}, seed {summary['seed']}, "
        f"{summary['seconds']:.0f} s ({summary['rounds_per_second']:.1f} rounds/s)",
    ]
    defaults = RoomOptions().to_dict()
    changed = {
        k: v for k, v in summary["options"].items() if defaults.get(k, v) != v or k not in defaults
    }
    rules = summary.get("rules", "default")
    if rules != "default":
        lines.append(f"rules {rules}")
    if changed:
        lines.append(f"options {json.dumps(changed, ensure_ascii=False)}")
    lines += ["", HEADER, "|" + "---|" * HEADER.count(" | ") + "---|"]
    for level, stats in summary["levels"].items():
        lines.append(_row(level, "all", stats))
    if len(summary["pairings"]) > 1:
        for p in summary["pairings"]:
            for level, stats in p["levels"].items():
                lines.append(_row(level, p["b"] if level == p["a"] else p["a"], stats))
    lines += [
        "",
        "| pairing A v B | deals | rounds | A − B points/seat/round (95% CI) |",
        "|---|---|---|---|",
    ]
    for p in summary["pairings"]:
        lines.append(
            f"| {p['a']} v {p['b']} | {p['deals']} | {p['rounds']} | {ci_text(p['difference'])} |"
        )
    lines.extend(_contrast_lines(summary.get("contrasts", [])))
    lines.extend(_income_lines(summary))
    lines.extend(_kong_lines(summary["levels"]))
    lines.extend(_pattern_lines(summary["levels"]))
    lines.extend(_fallback_lines(summary["levels"]))
    return "\n".join(lines)


def _contrast_lines(found: list[dict]) -> list[str]:
    """The paired contrasts: X against C minus Y against C, deal by deal."""
    if not found:
        return []
    lines = [
        "",
        "| X v Y, both against C | deals | (X − C) − (Y − C), paired by deal (95% CI) |",
        "|---|---|---|",
    ]
    for c in found:
        lines.append(
            f"| {c['a']} v {c['b']}, against {c['against']} | "
            f"{c['difference']['n']} | {ci_text(c['difference'])} |"
        )
    return lines


INCOME_HEADER = "| level | vs | discard wins | 自摸 | kongs | wall end (查花猪/查叫) | total |"


def _income_lines(summary: dict) -> list[str]:
    """Where each level's points come from: mean net points per seat-round per source."""
    rows = [(level, "all", stats) for level, stats in summary["levels"].items()]
    if len(summary["pairings"]) > 1:
        rows += [
            (level, p["b"] if level == p["a"] else p["a"], stats)
            for p in summary["pairings"]
            for level, stats in p["levels"].items()
        ]
    lines = [
        "",
        "Points per seat-round by source:",
        "",
        INCOME_HEADER,
        "|" + "---|" * INCOME_HEADER.count(" | ") + "---|",
    ]
    for level, vs, stats in rows:
        income = stats["income"]
        cells = " | ".join(f"{income[source]:+.3f}" for source in INCOME_SOURCES)
        lines.append(f"| {level} | {vs} | {cells} | {sum(income.values()):+.3f} |")
    return lines


def kong_cells(money: dict) -> str:
    """A level's ``kong_money`` as table cells: received / paid, per KONG_REASONS."""
    return " | ".join(f"{money[r]['received']:.3f} / {money[r]['paid']:.3f}" for r in KONG_REASONS)


def _kong_lines(levels: dict) -> list[str]:
    """Kong money by kind, received and paid, per level against all."""
    header = "| level | " + " | ".join(KONG_REASONS) + " |"
    lines = [
        "",
        "Kong money per seat-round, received / paid:",
        "",
        header,
        "|---|" + "---|" * len(KONG_REASONS),
    ]
    for level, stats in levels.items():
        lines.append(f"| {level} | {kong_cells(stats['kong_money'])} |")
    return lines


def _pattern_lines(levels: dict) -> list[str]:
    """What each level's wins were made of (the bigger hands one level makes and another
    does not): per pattern or extra, the share of its wins that counted it."""
    lines = ["", "Share of wins counting each pattern or extra:", ""]
    for level, stats in levels.items():
        shares = ", ".join(f"{name} {share:.1%}" for name, share in stats["patterns"].items())
        lines.append(f"- {level} ({stats['wins']} wins): {shares or 'no wins'}")
    return lines


def _fallback_lines(levels: dict) -> list[str]:
    """For the outside player: its answers our engine would not take (a fallback was
    played instead), by decision."""
    lines = []
    for level, stats in levels.items():
        if "fallbacks" not in stats:
            continue
        counts = ", ".join(f"{kind} {n}" for kind, n in stats["fallbacks"].items()) or "none"
        lines.append(
            f"{level}: answers not allowed by our engine (fallback played): "
            f"{counts} in {stats['decisions']['decisions']} decisions"
        )
    return [""] + lines if lines else []


def _progress(pairing, done: int, deals: int, rounds: int, seconds: float) -> None:
    if done == deals or done % max(50, deals // 40) == 0:
        print(
            f"... {pairing[0]} v {pairing[1]}: deal {done}/{deals}, {rounds} rounds, "
            f"{rounds / seconds:.1f} rounds/s",
            file=sys.stderr,
            flush=True,
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds",
        type=int,
        default=4000,
        help="rounds played in total, over every pairing and arrangement",
    )
    parser.add_argument(
        "--levels",
        default="easy,strong",
        help=f"comma-separated, at least two of {', '.join(LEVELS)}",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules",
        choices=sorted(RULE_SETS),
        default="default",
        help="default: our room defaults; ebony: the options closest to "
        "ebony72's rules (benchmarks.bots.opponents.ebony.EBONY_RULES)",
    )
    parser.add_argument(
        "--options", default=None, help="room options as JSON, changed on top of --rules"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="processes playing deal groups (the results do not depend on it)",
    )
    parser.add_argument(
        "--arrangements",
        choices=sorted(ARRANGEMENTS),
        default="alternate",
        help="alternate: ABAB, BABA; all: also the rotations of AABB",
    )
    parser.add_argument(
        "--against",
        default=None,
        help="play only each level against this one (also in --levels); "
        "the others are then compared deal by deal against it",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the summary here")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    try:
        options = json.loads(args.options) if args.options else None
        table = room_options(args.rules, options)  # checked here for a clear error
        checked = check_levels(levels, table)
        deals_per_pairing(checked, args.rounds, args.arrangements, args.against, table.players)
        if args.workers < 1:
            raise ValueError("--workers: at least 1")
    except ValueError as exc:  # json.JSONDecodeError is a ValueError too
        parser.error(str(exc))
    summary = run(
        levels,
        args.rounds,
        args.seed,
        options,
        args.arrangements,
        _progress,
        rules=args.rules,
        workers=args.workers,
        against=args.against,
    )
    print(format_markdown(summary))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
