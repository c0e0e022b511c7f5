"""Rebuild a round from its seed and its event log: the replay feature, the integrity
check and a watcher's table shown some moves late (games.table.delayed) all use it, so
it sits below them, in games.play."""

from games.models import Round
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.rules.round import parse_action


def actions_of(rnd: Round) -> list[tuple[int, dict]]:
    """The round's moves in order: (seat, action) as logged."""
    return [(e.seat, e.data["action"]) for e in rnd.events.filter(kind="action").order_by("number")]


def replay(
    rnd: Round, steps: int | None = None, actions: list[tuple[int, dict]] | None = None
) -> EngineRound:
    """The engine state after the first ``steps`` actions (all of them by default),
    dealt anew from the round's seed. ``actions``: the log, if the caller has read it."""
    started = rnd.events.get(kind="round_started")
    options = RoomOptions.from_dict(started.data.get("options") or rnd.room.options)
    engine = EngineRound.deal(rnd.seed, rnd.dealer, options, shuffle=rnd.shuffle)
    engine.share_rows = wrote_share_rows(rnd.state)
    return play_on(engine, (actions_of(rnd) if actions is None else actions)[:steps])


def play_on(engine: EngineRound, actions: list[tuple[int, dict]]) -> EngineRound:
    """``engine`` after the logged ``actions`` (seat, action), in order."""
    for seat, action in actions:
        engine.apply(seat, parse_action(action))
    return engine


def wrote_share_rows(state: dict | None) -> bool:
    """Was ``state`` written before a 承包 (kong_bloom_from_discard = feeder_all) was paid
    as one ledger entry? Then it holds one row per covered share, each naming one seat;
    its replay must write them so too, to compare equal."""
    return any(isinstance(entry.get("covers"), int) for entry in (state or {}).get("ledger") or ())
