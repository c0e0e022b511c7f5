"""血流成河, RULES.md section 13 (option ``mode`` = xueliu), as seed 002 tells it:
"已经胡牌的玩家还要继续摸牌、打牌、胡牌，但是除了胡牌以外，只能摸什么牌就打什么牌" and
"无论有几家胡牌，都必须摸完最后一张牌"."""

import pytest

from games.rules.conformance import play_round
from games.rules.round import IllegalAction
from games.rules.tiles import format_tiles, parse_tiles
from tests.rules.tables import act, hand, ledger, legal, table
from tests.rules.xueliu_scenes import DISCARDER, IDLE, WAITS_5P, XUELIU, first_win

WAITS_5P_TOO = "123m456m789m999p5p"
WAITS_5P_THREE = "123m456m789m333p5p"


def tiles(text: str) -> str:
    return format_tiles(parse_tiles(text))


def test_a_win_does_not_take_the_player_out_and_lays_the_tile_beside_the_hand():
    state = first_win()
    assert state.out == [False] * 4
    assert state.win_tiles[1] == [13]  # 5p
    assert hand(state, 1) == tiles(WAITS_5P)  # the other 13 tiles stay
    assert state.phase == "turn" and state.current == 2  # the next player after the winner
    view = state.view(0)["players"][1]
    assert view["win_tiles"] == ["5p"] and view["locked"] and view["hand"] is not None


def test_a_second_win_by_zimo_is_paid_by_all_three_others_then_a_third_on_a_discard():
    state = first_win()
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "3s")
    assert state.current == 1 and state.drawn == 13  # seat 1 drew 5p
    act(state, 1, "zimo")
    assert ledger(state)[1:] == [(0, 1, 1, "zimo"), (2, 1, 1, "zimo"), (3, 1, 1, "zimo")]
    assert hand(state, 1) == tiles(WAITS_5P)  # the drawn tile left the hand with the win
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    assert [(w["seat"], w["how"]) for w in state.winners] == [(1, "ron"), (1, "zimo"), (1, "ron")]
    assert state.win_tiles[1] == [13, 13, 13]
    assert state.view(None)["players"][1]["win_tiles"] == ["5p", "5p", "5p"]


def test_a_locked_hand_may_only_win_or_discard_the_tile_it_drew():
    state = first_win(wall="2s2s3s1m")
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "3s")
    assert state.current == 1 and state.drawn == 0  # 1m, which does not win
    assert legal(state, 1) == {("discard", "1m")}
    with pytest.raises(IllegalAction, match="locked"):
        act(state, 1, "discard", "5m")
    assert hand(state, 1) == tiles(WAITS_5P + "1m")  # nothing changed
    act(state, 1, "discard", "1m")
    assert hand(state, 1) == tiles(WAITS_5P)


def test_after_a_win_a_discard_is_no_pong_nor_kong():
    # Seat 1 holds 111p: before its win the fourth 1p would be a kong or a pong for it.
    state = first_win(wall="2s2s1p3s")
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "1p")  # seat 0 drew 1p: nobody is asked
    assert state.claim is None and state.current == 1
    before = first_win(options={"mode": "xuezhan"}, wall="2s2s1p")
    assert before.out[1] and before.current == 2  # (in 血战 seat 1 is out instead)


def test_after_a_win_four_of_a_kind_is_no_concealed_kong():
    state = first_win(wall="2s2s3s1p")
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "3s")
    assert state.drawn == 9  # seat 1 drew the fourth 1p
    assert legal(state, 1) == {("discard", "1p")}
    with pytest.raises(IllegalAction, match="locked"):
        act(state, 1, "concealed_kong", "1p")


def test_a_locked_player_asked_to_win_may_not_pong_instead():
    # Seat 1 waits on 1p and 5p (a shanpon): a 1p is a win for it and, before its
    # first win, also a pong.
    waits_1p_5p = "123m456m789m11p55p"
    state = table(["666m22446688p99m5p", waits_1p_5p, IDLE, IDLE], wall="2s2s1p", options=XUELIU)
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "1p")
    assert legal(state, 1) == {("win", None), ("pass", None)}
    with pytest.raises(IllegalAction, match="no pong or kong after a win"):
        act(state, 1, "pong")


def test_three_winners_do_not_end_the_round_only_the_empty_wall_does():
    hands = ["22244466688p579p", WAITS_5P, WAITS_5P_TOO, WAITS_5P_THREE]
    xuezhan = table(hands, wall="1s2s")
    act(xuezhan, 0, "discard", "5p")
    for seat in (1, 2, 3):
        act(xuezhan, seat, "win")
    assert xuezhan.end == "one_left"

    state = table(hands, wall="1s2s", options=XUELIU)
    act(state, 0, "discard", "5p")
    for seat in (1, 2, 3):
        act(state, seat, "win")
    assert state.end is None and state.current == 0  # after the farthest winner
    act(state, 0, "discard", "1s")
    act(state, 1, "discard", "2s")
    assert state.end == "wall_empty" and state.phase == "ended"
    assert state.next_dealer == 0  # 一炮多响 first: the discarder deals (section 2)
    assert [w["seat"] for w in state.winners] == [1, 2, 3]


def test_kong_money_by_default_is_paid_by_all_three_others():
    state = table(["5555m123p456p99p78p", IDLE, IDLE, IDLE], wall="1s2s", options=XUELIU)
    act(state, 0, "concealed_kong", "5m")
    assert ledger(state) == [(seat, 0, 2, "kong_concealed") for seat in (1, 2, 3)]


# Seat 0 makes a concealed kong of 5m, seat 1 throws 9p, on which seats 0 and 2 win.
KONG_THEN_WINS = ["5555m123p456p99p78p", "11m22m33m44m66m77m9p", "123m789m111p333p9p", IDLE]


def kong_then_wins(**options):
    state = table(KONG_THEN_WINS, wall="1s6m", options={**XUELIU, **options})
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "1s")
    act(state, 1, "discard", "9p")
    act(state, 0, "win")
    act(state, 2, "win")
    return state


def test_kongs_as_fan_pay_no_kong_money_and_add_gangfan_to_the_makers_wins_only():
    # Seed 002: "开杠实行杠近杠出 … 明杠加一番，暗杠加两番". 杠番 is added to the kong maker's
    # own wins (not to a win on the maker's discard, see round.Round.gangfan).
    state = kong_then_wins(xueliu_kongs="fan")
    other, maker = state.winners  # in turn order from the discarder, seat 1
    assert maker["seat"] == 0 and maker["patterns"] == {"pinghu": 0, "gen": 1, "gangfan": 2}
    assert maker["fan"] == 3
    assert other["seat"] == 2 and "gangfan" not in other["patterns"]
    assert ledger(state)[:2] == [(1, 2, 1, "ron"), (1, 0, 8, "ron")]
    assert not any(reason.startswith("kong_") for *_, reason in ledger(state))


def test_with_kong_money_the_same_kong_adds_no_fan():
    state = kong_then_wins()
    maker = state.winners[1]
    assert maker["seat"] == 0 and "gangfan" not in maker["patterns"] and maker["fan"] == 1
    assert ledger(state)[:3] == [(seat, 0, 2, "kong_concealed") for seat in (1, 2, 3)]


def test_gangfan_is_capped_like_any_fan():
    state = kong_then_wins(xueliu_kongs="fan", cap=2)
    assert state.winners[1]["raw_fan"] == 3 and state.winners[1]["fan"] == 2


def test_end_checks_only_the_players_who_never_won_and_a_winner_counts_as_ready():
    state = kong_then_wins(xueliu_kongs="fan")
    # After the two wins seat 1 should draw: the wall is empty, the round ends.
    assert state.end == "wall_empty"
    settlement = state.settlement
    assert settlement["won"] == [0, 2]
    assert settlement["not_ready"] == [3]  # seat 1 is ready (清一色); seat 3 never is
    # Winners are ready by their locked hands' best wait (seat 0 with its 杠番).
    assert settlement["ready"] == {"0": 3, "2": 0, "1": 4}
    assert sorted(e for e in ledger(state) if e[3] == "not_ready") == [
        (3, 0, 8, "not_ready"),
        (3, 1, 16, "not_ready"),
        (3, 2, 1, "not_ready"),
    ]
    assert sum(state.net()) == 0


def test_a_pig_who_never_won_pays_pig_fan_to_everyone_else_winners_included():
    # Seed 002 would have a 血流 pig pay "最大翻倍的5倍"; the book keeps pig_fan as in 血战.
    pig = "11m123p456p789p12s"  # void m, yet all three suits: a pig
    state = table([DISCARDER, WAITS_5P, pig, IDLE], wall="9m", options=XUELIU, voids="ssms")
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    act(state, 2, "discard", "1m")
    assert state.end == "wall_empty"
    assert state.settlement["pigs"] == [2]
    pays = sorted(e for e in ledger(state) if e[3] == "pig")
    assert pays == [(2, 0, 16, "pig"), (2, 1, 16, "pig"), (2, 3, 16, "pig")]


def test_xuezhan_by_default_is_unchanged():
    state = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="9m")
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    assert state.out[1] and state.win_tiles == [[], [], [], []]
    assert "win_tiles" not in state.to_json()


def test_conformance_play_round_lists_one_winner_entry_per_win():
    case = {
        "dealer": 0,
        "hands": [DISCARDER, WAITS_5P, IDLE, IDLE],
        "wall": "2s2s3s5p1m1m5p",
        "options": {"mode": "xueliu", "last_four_must_win": False},
        "actions": [
            [0, "void", "s"],
            [1, "void", "s"],
            [2, "void", "s"],
            [3, "void", "s"],
            [0, "discard", "5p"],
            [1, "win"],
            [2, "discard", "1s"],
            [3, "discard", "1s"],
            [0, "discard", "3s"],
            [1, "discard", "2m", "illegal"],
            [1, "pong", "illegal"],
            [1, "zimo"],
            [2, "discard", "1s"],
            [3, "discard", "1s"],
            [0, "discard", "5p"],
            [1, "win"],
        ],
    }
    result = play_round(case)
    assert "errors" not in result
    assert result["winners"] == [[1, "ron", 0], [1, "zimo", 0], [1, "ron", 0]]
    assert result["end"] == "wall_empty"
    assert result["next_dealer"] == 1
    # Two ron, one zimo paid by three, and 查叫 from seats 2 and 3 (seat 0, who never
    # won, is ready: 龙七对 on 6m, so it is paid too).
    assert result["net"] == [16 * 2 - 3, 1 + 3 + 1 + 2, -1 - 1 - 16, -1 - 1 - 16]
    assert sum(result["net"]) == 0
