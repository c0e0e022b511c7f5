"""RULES.md section 14's scoring options, at every table: 对对胡番数 (``pongs_fan``),
夹心五 (``middle_five``) and 点炮需番 (``ron_needs_fan``)."""

import pytest

from games.rules.conformance import evaluate_hand
from games.rules.options import RoomOptions
from games.rules.tiles import tile_str
from tests.rules.tables import act, legal, table


def scored(hand: str, win: str, void: str = "m", how: str = "ron", melds=(), **options) -> dict:
    case = {"hand": hand, "win": win, "void": void, "how": how, "options": options}
    if melds:
        case["melds"] = list(melds)
    return evaluate_hand(case)


# --- 对对胡番数 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, win, pattern, usual",
    [
        ("111p333p777s999s5s", "5s", "duiduihu", 1),  # 对对胡
        ("111p333p777p999p5p", "5p", "qingdui", 3),  # 清对: 清一色 and 对对胡
        ("222p555p888s22s55s", "5s", "jiangdui", 3),  # 将对: 2s, 5s and 8s only
    ],
)
def test_pongs_fan_2_makes_every_pongs_pattern_one_fan_more(hand, win, pattern, usual):
    plain = scored(hand, win)
    more = scored(hand, win, pongs_fan=2)
    assert plain["patterns"] == {pattern: usual}
    assert more["patterns"] == {pattern: usual + 1}
    assert more["fan"] == usual + 1


def test_pongs_fan_2_leaves_the_other_patterns_as_they_were():
    assert scored("123p456p789p11s44s", "4s", pongs_fan=2)["patterns"] == {"pinghu": 0}
    assert scored("1122p3344p5566s7s", "7s", pongs_fan=2)["patterns"] == {"qidui": 2}


def test_jingoudiao_keeps_its_own_fan_on_top_of_pongs_worth_two():
    melds = ["pong 111p", "pong 333p", "pong 777s", "pong 999s"]
    result = scored("5s", "5s", melds=melds, pongs_fan=2, jingoudiao=True)
    assert result["patterns"] == {"duiduihu": 2, "jingoudiao": 1}
    assert result["fan"] == 3


def test_pongs_fan_2_in_the_video_fan_table_too():
    result = scored("111p333p777s999s5s", "5s", pongs_fan=2, fan_table="video")
    assert result["patterns"] == {"duiduihu": 2}


def test_pongs_fan_takes_1_or_2_only():
    for wrong in (0, 3, True, "2"):
        with pytest.raises(ValueError, match="pongs_fan"):
            RoomOptions(pongs_fan=wrong)


# --- 夹心五 ----------------------------------------------------------------------------


def test_a_five_won_in_the_middle_of_4_5_6_adds_one_fan():
    result = scored("123p46p789p55s678s", "5p", middle_five=True)
    assert result["patterns"] == {"pinghu": 0, "jiaxinwu": 1}
    assert result["fan"] == 1 and result["points"] == 2
    assert scored("123p46p789p55s678s", "5p")["patterns"] == {"pinghu": 0}  # option off


def test_a_five_that_only_makes_the_pair_or_a_pong_is_no_middle_five():
    assert scored("123p5p789p444s678s", "5p", middle_five=True)["patterns"] == {"pinghu": 0}
    assert scored("123p55p789p444s66s", "5p", middle_five=True)["patterns"] == {"pinghu": 0}


def test_another_tile_in_the_middle_is_no_middle_five():
    # 4-5-6 with the 4 won: the 5 is in the hand, not the winning tile.
    assert scored("123p56p789p55s678s", "4p", middle_five=True)["patterns"] == {"pinghu": 0}
    # 3-4-5 of the 5: the winning 5 ends the sequence.
    assert scored("123p34p789p55s678s", "5p", middle_five=True)["patterns"] == {"pinghu": 0}


def test_middle_five_counts_beside_qingyise_and_before_the_cap():
    result = scored("123p46p789p55p678p", "5p", middle_five=True)
    assert result["patterns"] == {"qingyise": 2, "jiaxinwu": 1}
    capped = scored("123p46p789p55p678p", "5p", middle_five=True, cap=2)
    assert capped["raw_fan"] == 3 and capped["fan"] == 2


def test_the_reading_that_scores_most_is_taken():
    # 444 555 666p reads as three pongs or as three 4-5-6: 对对胡 (1) and pinghu with 夹心五
    # (1) tie, and at 对对胡番数 2 the pongs win; 夹心五 never sits beside a pongs pattern.
    tie = scored("444p55p666p777s22s", "5p", middle_five=True)
    assert tie["fan"] == 1
    pongs = scored("444p55p666p777s22s", "5p", middle_five=True, pongs_fan=2)
    assert pongs["patterns"] == {"duiduihu": 2}


def test_seven_pairs_has_no_middle_five():
    result = scored("4455p6p1122s3344s", "6p", middle_five=True)
    assert "jiaxinwu" not in result["patterns"]
    result = scored("4466p5p1122s3344s", "5p", middle_five=True)
    assert result["patterns"] == {"qidui": 2}


def test_a_self_drawn_five_in_the_middle_counts_too():
    result = scored("123p46p789p55s678s", "5p", how="zimo", middle_five=True)
    assert result["patterns"] == {"pinghu": 0, "jiaxinwu": 1}


def test_the_not_ready_payment_counts_middle_five_in_the_best_wait():
    waits = evaluate_hand(
        {"hand": "123p46p789p55s678s", "void": "m", "options": {"middle_five": True}}
    )
    assert waits == {"waits": ["5p"], "max_fan": 1}


# --- 点炮需番 ----------------------------------------------------------------------------


def test_a_hand_worth_nothing_may_not_win_on_a_discard():
    assert scored("123p456p789p11s44s", "4s", ron_needs_fan=True) == {"win": False}
    assert scored("123p456p789p11s44s", "4s", how="rob_kong", ron_needs_fan=True)["fan"] == 1
    assert scored("123p456p789p11s44s", "4s")["win"] is True  # option off


def test_a_hand_worth_nothing_may_still_win_by_zimo():
    assert scored("123p456p789p11s44s", "4s", how="zimo", ron_needs_fan=True)["fan"] == 0


def test_a_root_or_middle_five_is_worth_the_fan_a_discard_needs():
    with_root = scored("123p444p456p789s1s", "1s", ron_needs_fan=True)  # 根: four 4p
    assert with_root["patterns"] == {"pinghu": 0, "gen": 1}
    middle = scored("123p46p789p55s678s", "5p", ron_needs_fan=True, middle_five=True)
    assert middle["fan"] == 1


# Seat 0 discards 4s; seat 2 waits on it with a plain hand (0 fan).
DISCARDER = "4s123m456m789m11m23m"
IDLE = "1123456778899m"
PLAIN_WAIT = "123p456p789p11s44s"  # void m: wins on 1s or 4s, a plain win


def plain_wait_offered(**options):
    """The table once seat 0 has discarded the 4s seat 2 could win on with nothing."""
    state = table(
        [DISCARDER, IDLE, PLAIN_WAIT, IDLE], voids="ssms", wall="9p9p9p5m5m", options=options
    )
    act(state, 0, "discard", "4s")
    return state


def test_a_win_the_option_refuses_is_not_offered_and_passing_blocks_nothing():
    off = plain_wait_offered()
    assert legal(off, 2) == {("win", None), ("pong", None), ("pass", None)}
    state = plain_wait_offered(ron_needs_fan=True)
    assert legal(state, 2) == {("pong", None), ("pass", None)}  # the pong still is
    act(state, 2, "pass")
    assert state.passed_fan[2] is None  # no win passed over: 过水不胡 does not follow
    assert tile_str(state.drawn) == "9p" and state.current == 1


def test_the_win_on_offer_is_none_where_the_option_refuses_it():
    assert plain_wait_offered().win_on_offer(2).fan == 0
    assert plain_wait_offered(ron_needs_fan=True).win_on_offer(2) is None
