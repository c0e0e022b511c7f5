"""One test per row of RULES.md section 7's tables, plus properties of fan and points."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.hands import Meld
from games.rules.options import RoomOptions
from games.rules.scoring import PATTERN_FAN, WinContext, best_ready_fan, score_win
from games.rules.tiles import parse_tile, parse_tiles, to_counts
from tests.rules.hand_draws import built_winning_hands

NO_CAP = RoomOptions(cap=None)


def score(hand, *, win, void="s", melds=(), how="ron", options=NO_CAP, **flags):
    counts = to_counts(parse_tiles(hand) + [parse_tile(win)])
    parsed = [Meld.parse(m) for m in melds]
    return score_win(counts, parsed, "mps".index(void), WinContext(how, **flags), options)


@pytest.mark.parametrize(
    "hand, win, void, melds, pattern",
    [
        ("23445677m34578p", "9p", "s", (), "pinghu"),
        ("111333444m6667p", "7p", "s", (), "duiduihu"),
        ("5p", "5p", "s", ("pong 111m", "pong 333m", "pong 777m", "pong 999p"), "duiduihu"),
        ("1122334567899m", "9m", "p", (), "qingyise"),
        ("11334466m55779p", "9p", "s", (), "qidui"),
        ("111222333m7899p", "9p", "s", (), "daiyaojiu"),
        ("2224445557779m", "9m", "s", (), "qingdui"),
        ("222555888m5558p", "8p", "s", (), "jiangdui"),
        ("11222244m55778p", "8p", "s", (), "longqidui"),
        ("1133446677889m", "9m", "p", (), "qingqidui"),
        ("1112377788899m", "9m", "s", (), "qingyaojiu"),
        ("1122444455779m", "9m", "s", (), "qinglongqidui"),
    ],
)
def test_each_pattern(hand, win, void, melds, pattern):
    result = score(hand, win=win, void=void, melds=melds)
    assert result.pattern == pattern
    assert result.patterns[pattern] == PATTERN_FAN[pattern]


def test_only_the_highest_pattern_counts():
    # 清对 is also 清一色 and 对对胡; only its 3 fan count.
    result = score("2224445557779m", win="9m")
    assert result.patterns == {"qingdui": 3}
    assert result.raw_fan == 3


def test_tianhu_dealer_wins_on_the_first_14_tiles():
    result = score("123456789m1123p", win="4p", how="zimo", tianhu=True)
    assert result.patterns == {"tianhu": 5}


def test_dihu_non_dealer_wins_on_the_first_draw():
    result = score("123456789m1123p", win="4p", how="zimo", dihu=True)
    assert result.patterns == {"dihu": 5}


def test_tianhu_and_dihu_switched_off():
    off = RoomOptions(cap=None, tiandi_hu=False)
    assert score("123456789m1123p", win="4p", how="zimo", dihu=True, options=off).patterns == {
        "pinghu": 0
    }


def test_gen_for_each_kind_held_four_times():
    # 3333m in the hand and a kong of 6p: two 根.
    result = score("123333m345p8p", win="8p", melds=("kong 6666p",))
    assert result.patterns == {"pinghu": 0, "gen": 2}


def test_gen_one_fewer_for_longqidui():
    result = score("11112222m55778p", win="8p")
    assert result.pattern == "longqidui"
    assert result.patterns["gen"] == 1  # two quads, one of them is the dragon


def test_gangshanghua():
    assert score("234m567m22p456p78p", win="9p", how="kong_draw").patterns == {
        "pinghu": 0,
        "gangshanghua": 1,
    }


def test_gangshangpao():
    assert score("234m567m22p456p78p", win="9p", how="after_kong").patterns == {
        "pinghu": 0,
        "gangshangpao": 1,
    }


def test_qiangganghu():
    assert score("234m567m22p456p78p", win="9p", how="rob_kong").patterns == {
        "pinghu": 0,
        "qiangganghu": 1,
    }


@pytest.mark.parametrize("how, extra", [("zimo", "haidilaoyue"), ("ron", "haidipao")])
def test_haidi_extras_only_with_the_option(how, extra):
    on = RoomOptions(haidi=True)
    assert (
        score("234m567m22p456p78p", win="9p", how=how, last_tile=True, options=on).patterns[extra]
        == 1
    )
    plain = score("234m567m22p456p78p", win="9p", how=how, last_tile=True)
    assert extra not in plain.patterns


def test_jingoudiao_only_with_the_option():
    melds = ("pong 111m", "pong 333m", "pong 777m", "pong 999p")
    on = RoomOptions(jingoudiao=True)
    assert score("5p", win="5p", melds=melds, options=on).patterns == {
        "duiduihu": 1,
        "jingoudiao": 1,
    }
    assert "jingoudiao" not in score("5p", win="5p", melds=melds).patterns


def test_the_cap():
    result = score("1122444455779m", win="9m", options=RoomOptions())
    assert (result.raw_fan, result.fan, result.points) == (5, 4, 16)


def test_zimo_bonus_base_adds_base_after_doubling():
    options = RoomOptions(base=3, zimo_bonus="base")
    assert score("111333444m6667p", win="7p", how="zimo", options=options).points == 3 * 2 + 3
    assert score("111333444m6667p", win="7p", how="ron", options=options).points == 3 * 2


def test_zimo_bonus_fan_adds_a_fan_before_the_cap():
    options = RoomOptions(cap=4, zimo_bonus="fan")
    result = score("1122444455779m", win="9m", how="zimo", options=options)
    assert result.patterns["zimo"] == 1 and result.raw_fan == 6 and result.fan == 4


def test_not_a_win_scores_nothing():
    assert score("12356789m34578p", win="9p") is None
    assert score("23445677m34578p", win="9p", void="p") is None


def test_best_ready_fan_is_the_highest_wait_as_a_plain_discard_win():
    counts = to_counts(parse_tiles("1112345678999m"))
    tiles, fan = best_ready_fan(counts, [], 2)
    assert len(tiles) == 9 and fan == 3  # 清一色 + one 根 (1m or 9m as the fourth copy)


def test_best_ready_fan_of_a_hand_that_is_not_ready():
    assert best_ready_fan(to_counts(parse_tiles("13579m13579p135m")), [], 2) == ([], None)


@settings(max_examples=300)
@given(
    built_winning_hands(),
    st.one_of(st.none(), st.integers(2, 8)),
    st.integers(1, 10),
    st.sampled_from(["none", "base", "fan"]),
    st.sampled_from(["ron", "zimo", "rob_kong", "kong_draw", "after_kong"]),
)
def test_fan_is_capped_and_points_are_base_times_two_to_the_fan(counts, cap, base, bonus, how):
    options = RoomOptions(cap=cap, base=base, zimo_bonus=bonus)
    context = WinContext(how)
    for void in range(3):
        result = score_win(counts, [], void, context, options)
        if result is None:
            continue
        if cap is not None:
            assert result.fan <= cap
        assert result.fan == (result.raw_fan if cap is None else min(result.raw_fan, cap))
        assert result.raw_fan == sum(result.patterns.values())
        extra = base if bonus == "base" and context.self_drawn else 0
        assert result.points == base * 2**result.fan + extra
