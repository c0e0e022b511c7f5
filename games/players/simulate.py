"""Bot-only rounds: every seat played by ``computer.choose_action`` at its level.

    python -m games.players.simulate --rounds 200 --seed 1
    python -m games.players.simulate --rounds 200 --seed 1 --options '{"cap": null}' \\
        --levels strong,strong,easy,easy
    python -m games.players.simulate --rounds 200 --options '{"players": 3, "suits": 2}' \\
        --levels expert,strong,strong

One level per seat of the table (four, or with option ``players`` three or two: RULES.md
section 14); without ``--levels`` the seats alternate strong and easy.

Round ``i`` is dealt from the seed ``"{seed}-{i}"``; the first dealer is seat 0 and each
next dealer is the one the rules name (``Round.next_dealer``). One ``random.Random(seed)``
drives every random choice, so a run is fully repeatable.
"""

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.players.computer import LEVELS, choose_action
from games.rules.options import RoomOptions
from games.rules.round import Action, Round

DEFAULT_LEVELS = ("strong", "easy", "strong", "easy")
# A round has at most about 108 draws plus the claims on each discard; far more
# actions than this means the engine or a bot loops.
MAX_ACTIONS = 2000

# Called before each bot action is applied: (state, seat, action, seconds it took).
DecisionHook = Callable[[Round, int, Action, float], None]
# Chooses a seat's action at a level: (state, seat, level, rng) -> one of its legal actions.
Chooser = Callable[[Round, int, str, random.Random], Action]
# Called after each action is applied: (state, seat, action, the events it caused).
AppliedHook = Callable[[Round, int, Action, list[dict]], None]


@dataclass
class DecisionTimes:
    """How long one level's decisions took."""

    count: int = 0
    total: float = 0.0
    slowest: float = 0.0

    def record(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        self.slowest = max(self.slowest, seconds)

    def summary(self) -> dict:
        mean = self.total / self.count if self.count else 0.0
        return {
            "decisions": self.count,
            "mean_ms": round(mean * 1000, 4),
            "slowest_ms": round(self.slowest * 1000, 3),
        }


@dataclass
class Tally:
    """Everything the summary adds up over the rounds."""

    levels: Sequence[str]
    rounds: int = 0
    net: list[int] = field(default_factory=list)  # per seat; as many as ``levels``
    wins_by_pattern: Counter = field(default_factory=Counter)
    payments_by_reason: Counter = field(default_factory=Counter)
    ends: Counter = field(default_factory=Counter)
    times: dict[str, DecisionTimes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.net = self.net or [0] * len(self.levels)

    def add_round(self, state: Round) -> None:
        self.rounds += 1
        for seat, points in enumerate(state.net()):
            self.net[seat] += points
        self.wins_by_pattern.update(win["pattern"] for win in state.winners)
        for entry in state.ledger:
            self.payments_by_reason[entry["reason"]] += entry["amount"]
        self.ends[state.end] += 1

    def timer(self, level: str) -> DecisionTimes:
        return self.times.setdefault(level, DecisionTimes())

    def mean_points_per_round(self) -> dict[str, float]:
        """Per level: the mean net points of one of its seats in one round."""
        means = {}
        for level in sorted(set(self.levels)):
            seats = [seat for seat, seated in enumerate(self.levels) if seated == level]
            total = sum(self.net[seat] for seat in seats)
            means[level] = total / (len(seats) * self.rounds) if self.rounds else 0.0
        return means


def play_round(
    state: Round,
    levels: Sequence[str],
    rng: random.Random,
    tally: Tally | None = None,
    on_decision: DecisionHook | None = None,
    choose: Chooser = choose_action,
    on_applied: AppliedHook | None = None,
) -> Round:
    """Let the bots play ``state`` to its end; raise RuntimeError if it never ends.

    ``choose`` picks each move (the computer players of ``computer.choose_action`` unless
    a caller, such as a benchmark, seats players of its own)."""
    for _ in range(MAX_ACTIONS):
        if state.phase == "ended":
            return state
        seat = state.waiting_on()[0]
        level = levels[seat]
        start = time.perf_counter()
        action = choose(state, seat, level, rng)
        seconds = time.perf_counter() - start
        if tally is not None:
            tally.timer(level).record(seconds)
        if on_decision is not None:
            on_decision(state, seat, action, seconds)
        events = state.apply(seat, action)
        if on_applied is not None:
            on_applied(state, seat, action, events)
    if state.phase == "ended":
        return state
    raise RuntimeError(
        f"the round did not end within {MAX_ACTIONS} actions "
        f"(phase {state.phase}, wall {len(state.wall)}): a bug in the engine or a bot"
    )


def default_levels(players: int) -> tuple[str, ...]:
    """Strong and easy in turn, one per seat of a table for ``players``."""
    return DEFAULT_LEVELS[:players]


def simulate(
    rounds: int,
    seed: int | str,
    options: RoomOptions | dict | None = None,
    levels: Sequence[str] | None = None,
    on_decision: DecisionHook | None = None,
) -> dict:
    """Play ``rounds`` bot-only rounds and return a summary of what happened. ``levels``:
    one per seat of the table (``default_levels`` when None)."""
    if not isinstance(options, RoomOptions):
        options = RoomOptions.from_dict(options)
    levels = _check_levels(levels or default_levels(options.players), options.players)
    rng = random.Random(seed)
    tally = Tally(levels=levels)
    dealer = 0
    start = time.perf_counter()
    for index in range(rounds):
        state = Round.deal(seed=f"{seed}-{index}", dealer=dealer, options=options)
        play_round(state, levels, rng, tally, on_decision)
        tally.add_round(state)
        dealer = state.next_dealer
    seconds = time.perf_counter() - start
    return _summary(tally, seconds)


def _check_levels(levels: Sequence[str], players: int) -> tuple[str, ...]:
    levels = tuple(levels)
    if len(levels) != players or any(level not in LEVELS for level in levels):
        raise ValueError(
            f"levels: one of {', '.join(LEVELS)} for each of the {players} seats, "
            f"got {len(levels)}: {', '.join(levels)}"
        )
    return levels


def _summary(tally: Tally, seconds: float) -> dict:
    decisions = {level: times.summary() for level, times in sorted(tally.times.items())}
    slowest = max((times.slowest for times in tally.times.values()), default=0.0)
    return {
        "rounds": tally.rounds,
        "levels": list(tally.levels),
        "seconds": round(seconds, 3),
        "rounds_per_second": round(tally.rounds / seconds, 2) if seconds else 0.0,
        "wins_by_pattern": dict(tally.wins_by_pattern.most_common()),
        "payments_by_reason": dict(tally.payments_by_reason.most_common()),
        "mean_points_per_round": tally.mean_points_per_round(),
        "net_per_seat": list(tally.net),
        "ends": dict(tally.ends.most_common()),
        "slowest_decision_ms": round(slowest * 1000, 3),
        "decisions": decisions,
    }


def format_summary(summary: dict) -> str:
    lines = [
        f"rounds: {summary['rounds']} in {summary['seconds']:.2f} s "
        f"({summary['rounds_per_second']:.1f} rounds/s)",
        "levels by seat: " + ", ".join(summary["levels"]),
        "net points by seat: " + ", ".join(str(n) for n in summary["net_per_seat"]),
        "mean points per seat per round:",
    ]
    for level, mean in summary["mean_points_per_round"].items():
        lines.append(f"  {level:8} {mean:+.3f}")
    lines.append("decisions:")
    for level, times in summary["decisions"].items():
        lines.append(
            f"  {level:8} {times['decisions']:8} decisions, mean {times['mean_ms']:.3f} ms, "
            f"slowest {times['slowest_ms']:.2f} ms"
        )
    for title, key in (
        ("ends", "ends"),
        ("wins by pattern", "wins_by_pattern"),
        ("points paid by reason", "payments_by_reason"),
    ):
        lines.append(f"{title}:")
        lines.extend(f"  {name:16} {value}" for name, value in summary[key].items())
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default=None, help="room options as JSON")
    parser.add_argument(
        "--levels",
        default=None,
        help=f"one level per seat, comma-separated ({', '.join(LEVELS)}); "
        "default: strong and easy in turn",
    )
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options) if args.options else None
        players = RoomOptions.from_dict(options).players
        levels = default_levels(players)
        if args.levels is not None:
            levels = [level.strip() for level in args.levels.split(",")]
        if len(levels) != players or any(level not in LEVELS for level in levels):
            raise ValueError(f"--levels needs {players} of {', '.join(LEVELS)}, one per seat")
    except ValueError as exc:  # json.JSONDecodeError is a ValueError too
        parser.error(str(exc))
    print(format_summary(simulate(args.rounds, args.seed, options, levels)))


if __name__ == "__main__":
    main()
