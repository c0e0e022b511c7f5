from games.players.hints import Wait, current_waits, discard_hints
from tests.rules.tables import act, table

IDLE = "1123456778899s"


def test_discards_that_leave_the_hand_ready_with_their_waits_unseen_counts_and_fan():
    # 123m456m789m111p + 5p and 9s: throwing 9s waits on 5p; throwing 5p waits on nothing
    # (9s is the void suit), so only 9s is hinted.
    state = table(["123m456m789m111p5p9s", IDLE, IDLE, IDLE], wall="1s")
    hints = discard_hints(state, 0)
    assert hints == {"9s": [Wait("5p", 3, 0)]}


def test_unseen_counts_what_the_player_has_seen_on_the_table():
    state = table(["666m22446688p99m5p", "123m456m789m111p5p", IDLE, IDLE], wall="1s2s")
    assert current_waits(state, 1) == [Wait("5p", 3, 0)]
    act(state, 0, "discard", "5p")  # now one more 5p lies on the table
    assert current_waits(state, 1) == [Wait("5p", 2, 0)]


def test_nothing_is_hinted_to_a_player_who_is_not_to_act():
    state = table(["123m456m789m111p5p9s", IDLE, IDLE, IDLE], wall="1s")
    assert discard_hints(state, 1) == {}


def test_copies_in_a_winner_s_laid_down_hand_are_not_counted_as_left():
    # Seat 1 waits on 5p; seat 2 holds a 5p. Once seat 2 has won, its hand lies face up
    # (推倒): that 5p is seen and can never come, so one fewer is left to wait for.
    state = table(
        ["666m22446688p99m5s", "123m456m789m111p5p", "5p7p9p9p123456789s", IDLE], wall="1s2s"
    )
    assert current_waits(state, 1) == [Wait("5p", 3, 0)]
    state.out[2] = True
    assert current_waits(state, 1) == [Wait("5p", 2, 0)]
