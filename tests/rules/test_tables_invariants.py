"""RULES.md section 14 over many random rounds: tables for three and two, of two suits,
with the options that meet them. Each step's checks (tiles of the table's wall, the
rivers, a zero-sum ledger, the JSON round trip, hidden tiles) run in play()."""

import json
import random

import pytest

from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import RANKS
from tests.rules.random_rounds import TABLE_OPTION_SETS, play

ROUNDS_PER_TABLE = 40


@pytest.mark.parametrize("options", TABLE_OPTION_SETS, ids=lambda o: json.dumps(o))
def test_rounds_at_every_table(options):
    rng = random.Random(json.dumps(options, sort_keys=True))
    room = RoomOptions.from_dict(options)
    seats = room.players
    ends = set()
    for number in range(ROUNDS_PER_TABLE):
        seed, dealer = f"table-{number}", number % seats
        state, actions = play(seed, dealer, options, rng)
        ends.add(state.end)
        assert len(state.net()) == seats and len(state.hands) == seats
        assert state.next_dealer in range(seats)
        for entry in state.ledger:
            assert {entry["payer"], entry["payee"]} <= set(range(seats))
        if not room.xueliu:
            # 血战: the round ends once N − 1 have won (the first win at a table for two).
            assert len(state.winners) <= seats - 1
            if state.end == "one_left":
                assert len({w["seat"] for w in state.winners}) == seats - 1
        if room.suits == 2:
            # 两房: no 万 anywhere, nobody chose a void, nobody is a 花猪.
            assert not any(any(state.hands[seat][:RANKS]) for seat in range(seats))
            assert not any(action[0] == "void" for _, action in actions)
            assert all(void is None for void in state.voids)
            assert not (state.settlement or {}).get("pigs")
            assert all(e["reason"] != "pig" for e in state.ledger)
        replay = Round.deal(seed, dealer, room)
        for seat, action in actions:
            replay.apply(seat, action)
        assert replay.to_json() == state.to_json()
    # At a table for two the first win ends a 血战 round: the wall is seldom emptied.
    assert ends <= {"wall_empty", "one_left"} and ("wall_empty" in ends or seats == 2)


@pytest.mark.parametrize(("players", "suits"), [(4, 3), (4, 2), (3, 3), (3, 2), (2, 3), (2, 2)])
def test_the_deal_fits_the_table(players, suits):
    state = Round.deal("deal", 1, RoomOptions(players=players, suits=suits))
    sizes = [sum(hand) for hand in state.hands]
    assert sizes == [13 if seat != 1 else 14 for seat in range(players)]
    assert sum(sizes) + len(state.wall) == 36 * suits
    assert state.phase == ("void" if suits == 3 else "turn")
    assert state.waiting_on() == (list(range(players)) if suits == 3 else [1])
