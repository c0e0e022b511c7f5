"""RULES.md section 5: claims on a discard, robbing a kong, 过水不胡 and the last four tiles."""

import pytest

from games.rules.round import IllegalAction
from games.rules.tiles import parse_tile, tile_str
from tests.rules.tables import act, hand, ledger, legal, table

IDLE = "1123456778899s"  # void s and only s tiles: takes part in nothing
DISCARDER = "666m22446688p99m5p"  # seat 0, void s: discards 5p or 9m
WAITS_5P = "123m456m789m111p5p"  # void s: wins on 5p only (a plain win, 0 fan)
WAITS_5P_TOO = "123m456m789m999p5p"
PAIR_5P = "55p11223366899s"  # void m: may pong 5p (and cannot win on it)
THREE_5P = "555p1234567899s"  # void m: may kong or pong 5p


def test_a_pong_takes_the_discard_and_the_claimer_discards_without_drawing():
    state = table([DISCARDER, IDLE, PAIR_5P, IDLE], voids="ssms", wall="1m")
    act(state, 0, "discard", "5p")
    assert state.phase == "claim"
    assert legal(state, 2) == {("pong", None), ("pass", None)}
    assert legal(state, 1) == set()
    assert state.view(2)["claim"]["waiting"] is True
    act(state, 2, "pong")
    assert state.current == 2 and state.turn_kind == "pong" and len(state.wall) == 1
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[2]] == [("pong", "5p")]
    assert state.discards[0] == []  # the tile left the discarder's pile for the meld
    assert {verb for verb, _ in legal(state, 2)} == {"discard"}


def test_an_exposed_kong_is_paid_by_the_discarder_and_draws_a_replacement():
    state = table([DISCARDER, IDLE, THREE_5P, IDLE], voids="ssms", wall="1m2m")
    act(state, 0, "discard", "5p")
    assert legal(state, 2) == {("kong", None), ("pong", None), ("pass", None)}
    act(state, 2, "kong")
    assert ledger(state) == [(0, 2, 2, "kong_exposed")]
    assert state.current == 2 and state.turn_kind == "kong_draw"
    assert state.drawn == parse_tile("1m")


def test_no_exposed_kong_when_the_wall_is_empty():
    state = table([DISCARDER, IDLE, THREE_5P, IDLE], voids="ssms")
    act(state, 0, "discard", "5p")
    assert legal(state, 2) == {("pong", None), ("pass", None)}


def test_when_everyone_passes_the_next_player_draws():
    state = table([DISCARDER, IDLE, PAIR_5P, IDLE], voids="ssms", wall="1m")
    act(state, 0, "discard", "5p")
    act(state, 2, "pass")
    assert state.current == 1 and state.drawn == parse_tile("1m")
    assert state.discards[0] == [parse_tile("5p")]


def test_the_claim_waits_for_every_answer_and_a_win_beats_a_pong():
    state = table([DISCARDER, PAIR_5P, IDLE, WAITS_5P], voids="smss", wall="1m")
    act(state, 0, "discard", "5p")
    act(state, 1, "pong")
    assert state.phase == "claim"  # seat 3 has not answered yet
    with pytest.raises(IllegalAction, match="already answered"):
        act(state, 1, "pass")
    act(state, 3, "win")
    assert state.out[3] and state.melds[1] == []
    assert ledger(state) == [(0, 3, 1, "ron")]
    assert state.current == 0  # the next active player after the winner draws


def test_several_players_win_on_one_discard():
    state = table([DISCARDER, WAITS_5P, WAITS_5P_TOO, IDLE], wall="1m")
    act(state, 0, "discard", "5p")
    act(state, 2, "win")
    act(state, 1, "win")
    assert [(w["seat"], w["how"]) for w in state.winners] == [(1, "ron"), (2, "ron")]
    assert ledger(state) == [(0, 1, 1, "ron"), (0, 2, 1, "ron")]
    # Play goes on after the winner farthest from the discarder: seat 2, so seat 3 draws.
    assert state.current == 3


def test_robbing_an_added_kong_voids_the_kong_and_its_payment():
    state = table(["5p666m2244668p", IDLE, WAITS_5P, IDLE], melds={0: ["pong 555p"]}, wall="1m")
    act(state, 0, "added_kong", "5p")
    assert state.phase == "rob" and legal(state, 2) == {("win", None), ("pass", None)}
    act(state, 2, "win")
    assert ledger(state) == [(0, 2, 2, "rob_kong")]  # 抢杠胡 adds a fan
    assert state.winners[0]["patterns"] == {"pinghu": 0, "qiangganghu": 1}
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[0]] == [("pong", "5p")]
    assert "5p" not in hand(state, 0)
    assert state.current == 3


def test_an_added_kong_nobody_robs_stands():
    state = table(["5p666m2244668p", IDLE, WAITS_5P, IDLE], melds={0: ["pong 555p"]}, wall="1m")
    act(state, 0, "added_kong", "5p")
    act(state, 2, "pass")
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[0]] == [("added", "5p")]
    assert ledger(state) == [
        (1, 0, 1, "kong_added"),
        (2, 0, 1, "kong_added"),
        (3, 0, 1, "kong_added"),
    ]
    assert state.current == 0 and state.drawn == parse_tile("1m")


# --- 过水不胡 ----------------------------------------------------------------------------

NINE_GATES = "1112345678999m"  # void p: 5m wins 清一色 (2 fan), 1m adds a 根 (3 fan)


def passing_table(**options):
    return table(
        # Seats 1 and 2 (void m) must throw their 5m and 1m; neither can win.
        ["5m2244668899p567p", "5m13579p2468s357s", "1m13579p2468s357s", NINE_GATES],
        voids="smmp",
        wall="8p9p3s",
        options=options,
    )


def test_a_passed_win_blocks_the_same_fan_until_the_next_draw_but_not_a_bigger_one():
    state = passing_table()
    act(state, 0, "discard", "5m")
    assert legal(state, 3) == {("win", None), ("pass", None)}
    act(state, 3, "pass")
    assert state.current == 1  # seat 1 drew 8p
    act(state, 1, "discard", "5m")  # the same 2-fan win again: not offered
    assert state.phase == "turn" and state.current == 2
    act(state, 2, "discard", "1m")  # 3 fan beats the 2 passed: offered
    assert legal(state, 3) == {("win", None), ("kong", None), ("pong", None), ("pass", None)}
    act(state, 3, "win")
    assert state.winners[0]["fan"] == 3


def test_the_block_ends_with_the_players_own_draw():
    state = passing_table()
    act(state, 0, "discard", "5m")
    act(state, 3, "pass")
    assert state.passed_fan[3] == 2
    act(state, 1, "discard", "5m")
    act(state, 2, "discard", "1m")
    act(state, 3, "pass")  # passes 3 fan too, and then draws
    assert state.current == 3 and state.drawn == parse_tile("3s")  # seat 3's own draw
    assert state.passed_fan[3] is None


def test_without_the_option_a_passed_win_is_offered_again():
    state = passing_table(pass_blocks_ron=False)
    act(state, 0, "discard", "5m")
    act(state, 3, "pass")
    act(state, 1, "discard", "5m")
    assert legal(state, 3) == {("win", None), ("pass", None)}


def test_a_player_not_asked_cannot_answer():
    state = table([DISCARDER, IDLE, PAIR_5P, IDLE], voids="ssms", wall="1m")
    act(state, 0, "discard", "5p")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="wait"):
        act(state, 1, "pong")
    with pytest.raises(IllegalAction, match="cannot win"):
        act(state, 2, "win")
    assert state.to_json() == before


# --- the last four tiles -----------------------------------------------------------------


def test_a_winning_draw_from_the_last_four_tiles_wins_by_itself():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="5p1s2s")
    act(state, 0, "discard", "9m")
    assert [(w["seat"], w["how"]) for w in state.winners] == [(1, "zimo")]
    assert ledger(state) == [(0, 1, 1, "zimo"), (2, 1, 1, "zimo"), (3, 1, 1, "zimo")]
    assert state.current == 2


def test_without_the_option_the_player_chooses():
    state = table(
        [DISCARDER, WAITS_5P, IDLE, IDLE], wall="5p1s2s", options={"last_four_must_win": False}
    )
    act(state, 0, "discard", "9m")
    assert not state.out[1] and ("zimo", None) in legal(state, 1)


def test_a_winning_draw_before_the_last_four_is_the_players_choice():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="5p1s2s3s4s")
    act(state, 0, "discard", "9m")
    assert not state.out[1] and ("zimo", None) in legal(state, 1)


def test_last_four_auto_ron_takes_a_discard_win_by_itself():
    state = table(
        [DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s", options={"last_four_auto_ron": True}
    )
    act(state, 0, "discard", "5p")
    assert ledger(state) == [(0, 1, 1, "ron")]


def test_an_automatic_win_resolves_the_claim_without_waiting_for_a_pong():
    # Seat 1 wins on the 5p by itself (last four tiles); seat 2 could only pong it, so the
    # claim is settled at once and the round goes on with the player after the winner.
    state = table(
        [DISCARDER, WAITS_5P, PAIR_5P, IDLE],
        voids="ssms",
        wall="1s2s3s",
        options={"last_four_auto_ron": True},
    )
    events = act(state, 0, "discard", "5p")
    kinds = [e["type"] for e in events if e["type"] in ("claim_offered", "win", "pong", "draw")]
    assert kinds == ["claim_offered", "win", "draw"]
    assert ledger(state) == [(0, 1, 1, "ron")]
    assert state.claim is None and state.out[1]
    assert state.phase == "turn" and state.current == 2 and state.drawn == parse_tile("1s")
    act(state, 2, "discard", "9s")  # the next move of the script is taken
    assert state.current == 3


def test_without_auto_ron_the_player_is_asked():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s")
    act(state, 0, "discard", "5p")
    assert state.phase == "claim" and legal(state, 1) == {("win", None), ("pass", None)}


def test_players_who_are_out_are_skipped():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s", out=(1,))
    act(state, 0, "discard", "5p")
    assert state.phase == "turn" and state.current == 2
