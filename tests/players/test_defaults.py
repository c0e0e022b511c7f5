"""RULES.md section 11: the default move of a player who does not act in time."""

import pytest

from games.players.defaults import default_action
from games.rules.round import IllegalAction, Round
from games.rules.tiles import RANKS, parse_tile
from tests.rules.tables import act, table

IDLE = "1123456778899s"


def test_a_void_choice_defaults_to_the_suit_with_fewest_tiles():
    state = Round.deal("defaults", dealer=0)
    for seat in range(4):
        verb, suit = default_action(state, seat)
        by_suit = [sum(state.hands[seat][s * RANKS : (s + 1) * RANKS]) for s in range(3)]
        assert verb == "void" and by_suit[suit] == min(by_suit)


def test_a_claim_defaults_to_pass():
    state = table(["666m22446688p99m5p", "123m456m789m111p5p", IDLE, IDLE], wall="1s")
    act(state, 0, "discard", "5p")
    assert default_action(state, 1) == ("pass", None)


def test_a_turn_defaults_to_discarding_the_drawn_tile():
    state = table(["666m22446688p99m5p", IDLE, "2233445566778p", IDLE], voids="ssps", wall="4m")
    act(state, 0, "discard", "9m")
    assert state.current == 1 and state.drawn == parse_tile("4m")
    # Seat 1 holds its void suit (s), so the drawn 4m may not go: the bot's void tile does.
    verb, tile = default_action(state, 1)
    assert verb == "discard" and tile // RANKS == 2


def test_the_drawn_tile_when_it_is_legal():
    state = table(["666m22446688p99m5p", "2233445566778p", IDLE, IDLE], wall="4m")
    act(state, 0, "discard", "9m")
    assert default_action(state, 1) == ("discard", parse_tile("4m"))


def test_the_dealers_first_turn_has_no_drawn_tile_and_uses_the_bot():
    state = Round.deal("defaults", dealer=0)
    for seat in range(4):
        state.apply(seat, default_action(state, seat))
    verb, tile = default_action(state, 0)
    assert verb == "discard" and (verb, tile) in state.legal_actions(0)


def test_no_default_for_a_seat_that_is_not_asked():
    state = table(["666m22446688p99m5p", IDLE, IDLE, IDLE], wall="4m")
    with pytest.raises(IllegalAction):
        default_action(state, 2)
