"""Invariants over several hundred rounds played by strong bots and a random but legal
driver, mixed so that wins, kongs, robbed kongs and settlements all occur."""

import json
import random

import pytest

from games.rules.options import RoomOptions
from games.rules.presets import PRESETS
from games.rules.round import Round
from tests.rules.random_rounds import (
    OPTION_SETS,
    XUELIU_OPTION_SETS,
    play,
)

# 血流成河 (RULES.md section 13), with kong money and with kongs as fan. Apart, since
# other tests play OPTION_SETS with what they know of 血战's payments.
ROUNDS_PER_OPTION_SET = 60  # 420 rounds in all


@pytest.mark.parametrize(
    "options", OPTION_SETS + XUELIU_OPTION_SETS, ids=lambda o: ",".join(o) or "defaults"
)
def test_invariants_over_random_rounds(options):
    rng = random.Random(json.dumps(options))
    ends, reasons = set(), set()
    for number in range(ROUNDS_PER_OPTION_SET):
        seed = f"inv-{number}"
        dealer = number % 4
        state, actions = play(seed, dealer, options, rng)
        ends.add(state.end)
        reasons.update(e["reason"] for e in state.ledger)
        assert state.next_dealer in range(4)
        assert all(e["amount"] > 0 and e["payer"] != e["payee"] for e in state.ledger)
        # Replaying the seed and the actions rebuilds exactly the same state.
        replay = Round.deal(seed, dealer, RoomOptions.from_dict(options))
        for seat, action in actions:
            replay.apply(seat, action)
        assert replay.to_json() == state.to_json()
    assert "wall_empty" in ends and ends <= {"wall_empty", "one_left"}
    kong_money = not (options.get("mode") == "xueliu" and options.get("xueliu_kongs") == "fan")
    kongs = {"kong_concealed", "kong_exposed"}
    assert {"ron", "zimo", "not_ready"} | (kongs if kong_money else set()) <= reasons
    if not kong_money:
        assert not any(reason.startswith("kong_") for reason in reasons)


# Every preset of the room form (one per seed text, and the book's), and the two modes
# with 换三张: the same invariants over fewer rounds each. The checks of each step
# (tiles, zero-sum ledger, JSON round trip, hidden tiles) run in play().
COMBINED_SETS = [
    {"exchange_three": True, "mode": "xueliu"},
    {
        "exchange_three": True,
        "mode": "xueliu",
        "xueliu_kongs": "fan",
        "concealed_kong_shown": True,
        "last_tiles_rule": "active",
    },
]
ROUNDS_PER_PRESET = 20


@pytest.mark.parametrize(
    "options",
    [dict(p.options) for p in PRESETS.values()] + COMBINED_SETS,
    ids=[*PRESETS, "exchange-xueliu", "exchange-xueliu-fan"],
)
def test_invariants_over_every_preset_and_mode(options):
    rng = random.Random(json.dumps(options, sort_keys=True))
    for number in range(ROUNDS_PER_PRESET):
        seed, dealer = f"preset-{number}", number % options.get("players", 4)
        state, actions = play(seed, dealer, options, rng)
        assert state.next_dealer in range(state.seats)
        assert all(e["amount"] > 0 and e["payer"] != e["payee"] for e in state.ledger)
        if state.options.xueliu:
            assert state.end == "wall_empty"
        replay = Round.deal(seed, dealer, RoomOptions.from_dict(options))
        for seat, action in actions:
            replay.apply(seat, action)
        assert replay.to_json() == state.to_json()
