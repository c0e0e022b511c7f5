"""The moment of a tile nobody may claim, kept by the engine while the move goes on
(``keep_offer_moment``): the table shows it for a pause (games.play.offers). It must be
the very state a copy of the round stops at with ``stop_at_offer``, the replay it
replaces, for every discard and added kong under every set of options."""

import random

import pytest

from games.players.computer import choose_action
from games.rules.options import RoomOptions
from games.rules.round import Round
from tests.rules.random_rounds import MAX_ACTIONS, OPTION_SETS, XUELIU_OPTION_SETS


@pytest.mark.parametrize("options", OPTION_SETS + XUELIU_OPTION_SETS)
def test_the_kept_moment_is_the_state_a_copy_stops_at(options):
    rng = random.Random(11)
    checked = asked = 0
    for seed in range(6):
        state = Round.deal(f"moment-{seed}", seed % 4, RoomOptions.from_dict(options))
        for _ in range(MAX_ACTIONS):
            if state.phase == "ended":
                break
            seat = state.waiting_on()[0]
            action = choose_action(state, seat, "strong", rng)
            copy = Round.from_json(state.to_json())
            copy.stop_at_offer = True
            copy.apply(seat, action)
            state.keep_offer_moment, state.offer_moment = True, None
            state.apply(seat, action)
            offered = copy.phase in ("claim", "rob") and action[0] in ("discard", "added_kong")
            if offered and not copy.claim.options:
                assert state.offer_moment == copy.to_json()
                checked += 1
            else:
                assert state.offer_moment is None
                asked += offered
    assert checked > 50 and asked > 0
