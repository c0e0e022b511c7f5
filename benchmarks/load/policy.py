"""How a simulated person plays: a win at once, then a claim or a kong by chance, else a
discard (of the void suit first)."""

import random

from benchmarks.load.markup import Command


def choose(commands: list[Command], rng: random.Random) -> Command | None:
    by_kind: dict[str, list[Command]] = {}
    for command in commands:
        by_kind.setdefault(command.kind, []).append(command)
    for kind in ("win", "zimo"):
        if kind in by_kind:
            return by_kind[kind][0]
    if "void" in by_kind:
        return rng.choice(by_kind["void"])
    if "pass" in by_kind:  # a claim offer
        if "pong" in by_kind and rng.random() < 0.3:
            return by_kind["pong"][0]
        if "kong" in by_kind and rng.random() < 0.5:
            return by_kind["kong"][0]
        return by_kind["pass"][0]
    kongs = by_kind.get("concealed_kong", []) + by_kind.get("added_kong", [])
    if kongs and rng.random() < 0.5:
        return rng.choice(kongs)
    discards = by_kind.get("discard", [])
    if discards:
        void = [c for c in discards if "void-tile" in c.cls.split()]
        return rng.choice(void or discards)
    return None
