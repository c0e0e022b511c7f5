"""换三张 (RULES.md section 13) as the computer players see it: their pick, which is also the
default move of a player who does not pick in time and the table's hint (the engine's side
of the exchange is tests/rules/test_exchange.py)."""

import random

from games.players.bots import choose_exchange
from games.players.computer import choose_action
from games.players.defaults import default_action
from games.players.hints import exchange_hint
from games.rules.round import Round
from games.rules.tiles import parse_tiles
from tests.rules.exchange_deal import ON, dealt, pick


def test_the_default_move_is_the_bots_pick_of_the_suit_it_voids():
    state = dealt()
    for seat in range(4):
        verb, tiles = default_action(state, seat)
        assert verb == "exchange" and tiles == choose_exchange(state, seat)
        assert (verb, tiles) in state.legal_actions(seat)
    # Seat 2 holds 6 万, 3 筒, 4 条: it means to void 筒, and gives all three away.
    assert default_action(state, 2) == ("exchange", tuple(parse_tiles("123p")))
    # Seat 0 holds only two 筒, too few: it gives the pick that leaves the best hand,
    # its three loose 条, keeping 111222333m44p.
    assert default_action(state, 0) == ("exchange", tuple(parse_tiles("159s")))


def test_bots_pick_the_same_whatever_the_hidden_tiles():
    state = Round.deal("bots-exchange", dealer=2, options=ON)
    rng = random.Random(1)
    for seat in range(4):
        action = choose_action(state, seat, "easy", rng)
        assert action == choose_action(state, seat, "strong", rng)
        clone = Round.from_json(state.to_json())
        hidden = [t for s in range(4) if s != seat for t in clone.hand_tiles(s)] + clone.wall
        random.Random(seat).shuffle(hidden)
        for other in range(4):
            if other != seat:
                size = sum(clone.hands[other])
                clone.hands[other] = [0] * 27
                for t in hidden[:size]:
                    clone.hands[other][t] += 1
                hidden = hidden[size:]
        clone.wall = hidden
        assert choose_exchange(clone, seat) == action[1]


def test_the_hint_suggests_the_bots_pick_until_the_player_picks():
    state = dealt()
    assert exchange_hint(state, 2) == "123p"
    pick(state, 2, "789m")
    assert exchange_hint(state, 2) is None
    assert exchange_hint(Round.deal("x", dealer=0), 0) is None  # no exchange in this room
