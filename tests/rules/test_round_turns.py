"""RULES.md sections 2–4: the deal, the void suit and a player's turn."""

import hashlib

import pytest

from games.rules.round import IllegalAction, Round, shuffled_wall
from games.rules.tiles import full_set, parse_tile, tile_str
from tests.rules.tables import act, hand, ledger, legal, table

# A hand that can take part in nothing: void s and holding s tiles, it can neither win
# nor pong (its only tiles are of its void suit).
IDLE = "1123456778899s"


# --- section 2: dealing -----------------------------------------------------------------


def test_a_seed_deals_14_to_the_dealer_13_to_the_others_and_55_to_the_wall():
    state = Round.deal("seed-1", dealer=2)
    assert [sum(h) for h in state.hands] == [13, 13, 14, 13]
    assert len(state.wall) == 108 - 53
    assert sorted(state.wall + [t for s in range(4) for t in state.hand_tiles(s)]) == full_set()


def test_the_seed_redeals_the_same_wall_and_its_hash_is_recorded():
    assert shuffled_wall("abc") == shuffled_wall("abc")
    assert shuffled_wall("abc") != shuffled_wall("abd")
    state = Round.deal("abc", dealer=0)
    assert state.seed_sha256 == hashlib.sha256(b"abc").hexdigest()
    again = Round.deal("abc", dealer=0)
    assert again.to_json() == state.to_json()


def test_a_malformed_deal_is_refused():
    with pytest.raises(ValueError, match="tiles"):
        Round.from_deal([[0] * 13] * 4, [], dealer=0)
    with pytest.raises(ValueError, match="four copies"):
        Round.from_deal([[0] * 14] + [[1] * 13] * 3, [], dealer=0)


# --- section 3: the void suit -----------------------------------------------------------


def test_void_choices_are_secret_until_all_four_have_chosen():
    state = Round.deal("voids", dealer=0)
    state.apply(0, ("void", 2))
    state.apply(1, ("void", 0))
    assert state.view(2)["players"][0]["void"] is None
    assert state.view(2)["players"][0]["void_chosen"] is True
    assert state.view(0)["players"][0]["void"] == "s"  # your own choice you see
    assert state.phase == "void"
    state.apply(2, ("void", 1))
    state.apply(3, ("void", 1))
    assert [p["void"] for p in state.view(2)["players"]] == ["s", "m", "p", "p"]
    assert state.phase == "turn" and state.current == 0


def test_nobody_plays_before_all_have_chosen_a_void():
    state = Round.deal("voids", dealer=0)
    tile = state.hand_tiles(0)[0]
    with pytest.raises(IllegalAction, match="void suit first"):
        state.apply(0, ("discard", tile))
    state.apply(0, ("void", 0))
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, ("void", 1))


def test_no_other_suit_may_be_discarded_while_holding_the_void_suit():
    state = table(["123456789m1234p5s", IDLE, IDLE, IDLE], wall="9p")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="void suit"):
        act(state, 0, "discard", "5m")
    assert state.to_json() == before
    assert {tile for verb, tile in legal(state, 0)} == {"5s"}
    act(state, 0, "discard", "5s")
    assert state.discards[0] == [parse_tile("5s")]


def test_a_tile_of_the_void_suit_cannot_be_ponged_or_konged():
    # Seat 1 (void p) holds two 5p, seat 2 (void p) three: neither is offered anything.
    state = table(
        ["666m22446688p99m5p", "55p12345678999m", "555p1234567899m", IDLE],
        voids="spps",
        wall="1s",
    )
    act(state, 0, "discard", "5p")
    assert state.phase == "turn" and state.current == 1  # no claim: seat 1 drew


def test_no_win_while_holding_the_void_suit():
    # 123m456m789m123s + 5p would be a hand, but seat 1's void is p.
    state = table(["666m22446688p99m5p", "123m456m789m123s5p", IDLE, IDLE], voids="spss", wall="1s")
    act(state, 0, "discard", "5p")
    assert state.phase == "turn" and not state.out[1]


# --- section 4: a turn ------------------------------------------------------------------


def test_the_dealer_starts_with_14_tiles_and_does_not_draw():
    state = Round.deal("turns", dealer=1)
    for seat in range(4):
        state.apply(seat, ("void", 0))
    assert state.current == 1 and state.drawn is None and len(state.wall) == 55
    assert state.view(1)["drawn"] is None


def test_the_next_player_draws_automatically():
    state = table(["666m22446688p99m5p", IDLE, IDLE, IDLE], wall="1p2p")
    act(state, 0, "discard", "5p")
    assert state.current == 1 and state.drawn == parse_tile("1p")
    assert [tile_str(t) for t in state.wall] == ["2p"]
    assert "1p" in hand(state, 1)


def test_self_drawn_win_after_a_draw_but_not_after_a_pong():
    winning = "123m456m789m111p55p"
    state = table([winning, IDLE, IDLE, IDLE], wall="1s")
    assert ("zimo", None) in legal(state, 0)
    after_pong = table(
        ["123m456m789m55p", IDLE, IDLE, IDLE], turn_kind="pong", melds={0: ["pong 111p"]}
    )
    assert ("zimo", None) not in legal(after_pong, 0)
    with pytest.raises(IllegalAction, match="after a pong"):
        act(after_pong, 0, "zimo")


def test_a_hand_that_does_not_win_cannot_claim_zimo():
    state = table(["666m22446688p99m5p", IDLE, IDLE, IDLE], wall="1s")
    with pytest.raises(IllegalAction, match="does not win"):
        act(state, 0, "zimo")


def test_concealed_kong_draws_a_replacement_and_acts_again():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], wall="3p7p")
    act(state, 0, "concealed_kong", "5m")
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[0]] == [("concealed", "5m")]
    assert state.current == 0 and state.turn_kind == "kong_draw"
    assert state.drawn == parse_tile("3p")
    assert ledger(state) == [
        (1, 0, 2, "kong_concealed"),
        (2, 0, 2, "kong_concealed"),
        (3, 0, 2, "kong_concealed"),
    ]


def test_no_kong_of_the_void_suit():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], voids="msss", wall="3p")
    assert ("concealed_kong", "5m") not in legal(state, 0)
    with pytest.raises(IllegalAction, match="void suit"):
        act(state, 0, "concealed_kong", "5m")


def test_no_kong_when_the_wall_is_empty():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="wall is empty"):
        act(state, 0, "concealed_kong", "5m")
    assert state.to_json() == before


def test_added_kong_stands_when_nobody_can_rob_it():
    state = table(["5m22446688p99m", IDLE, IDLE, IDLE], melds={0: ["pong 555m"]}, wall="7p")
    act(state, 0, "added_kong", "5m")
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[0]] == [("added", "5m")]
    assert ledger(state) == [
        (1, 0, 1, "kong_added"),
        (2, 0, 1, "kong_added"),
        (3, 0, 1, "kong_added"),
    ]
    assert state.drawn == parse_tile("7p") and state.current == 0


def test_an_added_kong_needs_the_pong():
    state = table(["5m22446688p99m", IDLE, IDLE, IDLE], melds={0: ["pong 666m"]}, wall="7p")
    with pytest.raises(IllegalAction, match="no pong of 5m"):
        act(state, 0, "added_kong", "5m")


@pytest.mark.parametrize(
    "seat, verb, tile, message",
    [
        (1, "discard", "1s", "not your turn"),
        (0, "discard", "1s", "do not hold 1s"),
        (0, "pong", None, "no discard to answer"),
        (0, "concealed_kong", "6m", "four 6m"),
        (5, "discard", "5p", "no seat"),
    ],
)
def test_illegal_moves_change_nothing(seat, verb, tile, message):
    state = table(["666m22446688p99m5p", IDLE, IDLE, IDLE], wall="1p2p")
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        act(state, seat, verb, tile)
    assert state.to_json() == before


def test_no_move_after_the_round_has_ended():
    state = table(["666m22446688p99m5p", IDLE, IDLE, IDLE])
    act(state, 0, "discard", "5p")
    assert state.phase == "ended"
    with pytest.raises(IllegalAction, match="ended"):
        act(state, 1, "discard", "1s")
