"""RULES.md section 13, the seed variants: each option played as its seed text says, and
the void rule over melds (section 3: "in hand or in a meld")."""

import json
import random

import pytest
from django.utils import translation
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.rules.conformance import evaluate_hand, play_round
from games.rules.hands import Meld, held_copies, is_winning, waits
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.scoring import WinContext, score_win
from games.rules.tiles import RANKS, parse_tile, tile_str
from games.words.settlement_sentences import settlement_words
from games.words.settlement_words import amount_of, explain
from tests.rules import random_rounds as invariants
from tests.rules.reference import reference_wins_beside
from tests.rules.tables import act, ledger, legal, table

IDLE = "1123456778899s"  # void s and only s tiles: never ready, never a pig
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"


# --- the void rule counts the melds -----------------------------------------------------------


def test_a_pong_of_the_void_suit_is_no_win_and_no_wait():
    case = {"hand": "123m456m789m1p", "melds": ["pong 555s"], "void": "s"}
    assert evaluate_hand({**case, "win": "1p"}) == {"win": False}
    assert evaluate_hand(case) == {"waits": [], "max_fan": None}


def test_the_same_hand_with_its_pong_outside_the_void_wins():
    case = {"hand": "123m456m789m1p", "melds": ["pong 555p"], "void": "s"}
    assert evaluate_hand({**case, "win": "1p"})["win"] is True
    assert evaluate_hand(case)["waits"] == ["1p"]


@st.composite
def hands_beside_melds(draw):
    """Up to three melds (any suit, the void's too) and a 14-tile-equivalent hand, built
    from sets and a pair often enough that many of them win."""
    void = draw(st.integers(0, 2))
    n_melds = draw(st.integers(0, 3))
    melds = [
        Meld(
            draw(st.sampled_from(("pong", "kong", "added", "concealed"))), draw(st.integers(0, 26))
        )
        for _ in range(n_melds)
    ]
    suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
    counts = [0] * 27
    for _ in range(4 - n_melds):
        suit = draw(st.sampled_from(sorted(suits)))
        if draw(st.booleans()):
            counts[suit * RANKS + draw(st.integers(0, 8))] += 3
        else:
            rank = draw(st.integers(0, 6))
            for i in range(3):
                counts[suit * RANKS + rank + i] += 1
    counts[draw(st.sampled_from(sorted(suits))) * RANKS + draw(st.integers(0, 8))] += 2
    if draw(st.booleans()):  # now and then a hand that is one tile off
        counts[draw(st.integers(0, 26))] += 1
        counts[draw(st.sampled_from([t for t in range(27) if counts[t]]))] -= 1
    assume(max(held_copies(counts, melds)) <= 4)
    return counts, melds, void


@settings(max_examples=500)
@given(hands_beside_melds())
def test_winning_and_scoring_agree_with_the_reference_beside_melds(case):
    counts, melds, void = case
    expected = reference_wins_beside(counts, melds, void)
    assert is_winning(counts, len(melds), void, melds) == expected
    assert (score_win(counts, melds, void, WinContext("ron")) is not None) == expected


@settings(max_examples=300)
@given(hands_beside_melds(), st.integers(0, 13))
def test_waits_agree_with_the_reference_beside_melds(case, which):
    counts, melds, void = case
    held_kinds = [t for t in range(27) if counts[t]]
    counts[held_kinds[which % len(held_kinds)]] -= 1
    found = waits(counts, melds, void)
    held = held_copies(counts, melds)
    for t in range(27):
        counts[t] += 1
        wins = held[t] < 4 and reference_wins_beside(counts, melds, void)
        counts[t] -= 1
        assert (t in found) == wins, tile_str(t)


# --- late_added_kong_pays (seed 001 rule 12) --------------------------------------------------

LATE = {"late_added_kong_pays": False}


def pong_table(drawn: str, **options):
    """Seat 0 holds a pong of 5m and one 5m in hand; ``drawn`` is the tile just drawn."""
    state = table(
        ["5m22446688p99m", IDLE, IDLE, IDLE], melds={0: ["pong 555m"]}, wall="7p", options=options
    )
    state.drawn = parse_tile(drawn)
    return state


def test_an_added_kong_made_on_the_draw_of_its_fourth_tile_pays_with_the_option_off():
    state = pong_table("5m", **LATE)
    act(state, 0, "added_kong", "5m")
    assert ledger(state) == [
        (1, 0, 1, "kong_added"),
        (2, 0, 1, "kong_added"),
        (3, 0, 1, "kong_added"),
    ]


def test_an_added_kong_of_a_tile_held_from_before_pays_nothing_with_the_option_off():
    # "碰牌后，摸到第四张不及时杠，之后再杠时只算根，不收雨钱"
    state = pong_table("9m", **LATE)
    events = act(state, 0, "added_kong", "5m")
    assert ledger(state) == []
    assert [(m.kind, tile_str(m.tile)) for m in state.melds[0]] == [("added", "5m")]
    kong = next(e for e in events if e["type"] == "kong")
    assert kong["unpaid"] is True
    assert not any(e["type"] == "payment" for e in events)


def test_by_default_a_late_added_kong_still_pays():
    state = pong_table("9m")
    events = act(state, 0, "added_kong", "5m")
    assert len(ledger(state)) == 3
    assert "unpaid" not in next(e for e in events if e["type"] == "kong")


def test_pong_with_three_then_kong_next_turn_counts_only_as_gen():
    # "自己三张，碰了之后下轮再杠只算根": seat 1 holds 555m, pongs the 5m seat 0 throws,
    # then makes the added kong on its next turn. No money; the kong is still a 根.
    state = table(
        ["5m99m33446688p779p", "555m123p456p789p2s", IDLE, IDLE],
        wall="3s4s5s2p2p",
        options={**LATE, "last_four_must_win": False},
    )
    act(state, 0, "discard", "5m")
    act(state, 1, "pong")
    act(state, 1, "discard", "2s")
    act(state, 2, "discard", "1s")
    act(state, 3, "discard", "1s")
    act(state, 0, "discard", "5s")
    assert state.current == 1 and state.drawn == parse_tile("2p")
    act(state, 1, "added_kong", "5m")
    assert ledger(state) == []
    # The replacement draw 2p completes 123p456p789p22p beside the kong: 根 counts.
    assert state.drawn == parse_tile("2p")
    act(state, 1, "zimo")
    patterns = state.winners[0]["patterns"]
    assert patterns.get("gen") == 1 and patterns.get("gangshanghua") == 1


# --- kong_bloom_from_discard = feeder_all (seed 001 承包) --------------------------------------


def bloom_table(**options):
    """Seat 1 konges seat 0's 5p and draws the 1p that completes its hand: 点杠花."""
    state = table(
        [DISCARDER, "555p123m456m789m1p", IDLE, IDLE], wall="1p2s3s4s5s6s", options=options
    )
    act(state, 0, "discard", "5p")
    act(state, 1, "kong")
    act(state, 1, "zimo")
    return state


def test_feeder_all_makes_the_feeder_pay_every_share_in_one_entry():
    # "如果某个玩家放杠给另一个玩家，此时被杠上开花胡牌后，需要包掉另外两家所输的分";
    # RULES.md section 8: one ledger entry per payer and payee of each event.
    state = bloom_table(kong_bloom_from_discard="feeder_all")
    assert ledger(state) == [(0, 1, 2, "kong_exposed"), (0, 1, 12, "zimo")]
    assert state.ledger[1]["covers"] == [0, 2, 3]
    assert state.winners[0]["how"] == "zimo"


def test_feeder_all_keeps_the_self_drawn_bonus_each_share_would_have_carried():
    state = bloom_table(kong_bloom_from_discard="feeder_all", zimo_bonus="base")
    assert ledger(state)[1:] == [(0, 1, 15, "zimo")]  # (4 + 1) for each of three shares


def test_a_round_stored_before_keeps_one_row_per_share_when_replayed():
    state = table(
        [DISCARDER, "555p123m456m789m1p", IDLE, IDLE],
        wall="1p2s3s4s5s6s",
        options={"kong_bloom_from_discard": "feeder_all"},
    )
    state.share_rows = True  # as games.history.replay sets it for such a round
    act(state, 0, "discard", "5p")
    act(state, 1, "kong")
    act(state, 1, "zimo")
    assert ledger(state)[1:] == [(0, 1, 4, "zimo")] * 3
    assert [e.get("covers") for e in state.ledger] == [None, 0, 2, 3]


def test_feeder_all_only_covers_a_bloom_on_a_discard_fed_kong():
    state = table(
        ["5555m2244668899p", IDLE, IDLE, IDLE],
        wall="3p",
        options={"kong_bloom_from_discard": "feeder_all"},
    )
    act(state, 0, "concealed_kong", "5m")
    assert all("covers" not in e for e in state.ledger)


@pytest.mark.parametrize(
    "language, words, expected",
    [
        (
            "zh-hans",
            ("东", "南", "西", "北"),
            "东 付给 南 12 分：点杠花，东 承包 西、北 和自己的份 "
            "平胡 + 根 1 番 + 杠上花 1 番 = 2 番，底分 1 × 2² = 4，3 份共 12",
        ),
        (
            "en",
            ("East", "South", "West", "North"),
            "East pays South 12: Bloom on a fed kong, East covers the shares of West, North "
            "and their own, Plain win + Root 1 fan + Bloom on a kong 1 fan = 2 fan, "
            "base 1 × 2² = 4, 3 shares: 12",
        ),
    ],
)
def test_the_settlement_words_say_whose_shares_the_feeder_covers(language, words, expected):
    state = bloom_table(kong_bloom_from_discard="feeder_all")
    with translation.override(language):
        lines = settlement_words(state.to_json(), list(words)).payments
        text = ["".join(part for part, _ in line) for line in lines]
    assert len(text) == 2
    assert text[1] == expected


@pytest.mark.parametrize("language, covers", [("zh-hans", "承包"), ("en", "covers")])
def test_the_words_of_a_round_stored_with_a_row_per_share_name_each_share(language, covers):
    state = bloom_table(kong_bloom_from_discard="feeder_all").to_json()
    one = state["ledger"][1]
    state["ledger"][1:2] = [dict(one, amount=4, covers=seat) for seat in (0, 2, 3)]
    words = (
        ("东", "南", "西", "北") if language == "zh-hans" else ("East", "South", "West", "North")
    )
    with translation.override(language):
        text = [
            "".join(part for part, _ in line)
            for line in settlement_words(state, list(words)).payments
        ]
    assert [amount_of(e.arithmetic) for e in explain(state)] == [2, 4, 4, 4]
    for line, covered in zip(text[1:], (0, 2, 3), strict=True):
        assert covers in line and words[covered] in line and line.startswith(words[0]), line


# --- last_tiles_rule = active (seed 003) -----------------------------------------------------


def two_left(wall: str, **options):
    """Seats 2 and 3 have won: two players are active. Seat 1 draws 5p next."""
    return table([DISCARDER, WAITS_5P, IDLE, IDLE], wall=wall, out=(2, 3), options=options)


def test_with_two_players_left_the_last_two_tiles_are_the_last_tiles():
    # "最后四张牌（牌张数与未和牌人数相同）...自摸也必须和牌"
    state = two_left("5p1s", last_tiles_rule="active")
    act(state, 0, "discard", "9m")
    assert [(w["seat"], w["how"]) for w in state.winners] == [(1, "zimo")]


def test_with_two_players_left_the_third_last_tile_is_still_a_choice():
    state = two_left("5p1s2s", last_tiles_rule="active")
    act(state, 0, "discard", "9m")
    assert not state.out[1] and ("zimo", None) in legal(state, 1)


def test_by_default_the_last_four_tiles_count_whoever_is_left():
    state = two_left("5p1s2s")
    act(state, 0, "discard", "9m")
    assert state.out[1]


def test_auto_ron_counts_the_active_players_too():
    state = two_left("1s2s3s", last_tiles_rule="active", last_four_auto_ron=True)
    act(state, 0, "discard", "5p")
    assert state.phase == "claim" and ledger(state) == []
    state = two_left("1s2s", last_tiles_rule="active", last_four_auto_ron=True)
    act(state, 0, "discard", "5p")
    assert ledger(state) == [(0, 1, 1, "ron")]


def test_the_last_tiles_are_counted_at_each_check():
    state = two_left("1s", last_tiles_rule="active")
    assert state.last_tiles() == 2
    state.out[2] = False
    assert state.last_tiles() == 3


# --- fan_table = video (seed 003) ------------------------------------------------------------

VIDEO = {"fan_table": "video", "cap": None}


def fan_of(hand: str, win: str, void: str = "s", options=VIDEO, **case) -> dict:
    return evaluate_hand({"hand": hand, "win": win, "void": void, "options": options, **case})


@pytest.mark.parametrize(
    "hand, win, void, pattern, fan",
    [
        ("123m456m789m11p23p", "4p", "s", "pinghu", 0),  # 素番 1
        ("111m333m444m66p77p", "6p", "s", "duiduihu", 1),  # 对对和 2
        ("1122334567899m", "9m", "p", "qingyise", 2),  # 清一色 3
        ("1133446m557799p", "6m", "s", "qidui", 2),  # 暗七对 3
        ("123m789m111p999p1m", "1m", "s", "daiyaojiu", 2),  # 全带幺 3
        ("123m777888999m1m", "1m", "p", "qingyaojiu", 3),  # 清带幺 4
        ("222m444m555m777m9m", "9m", "p", "qingdui", 3),  # 清对 4
        ("1133446677889m", "9m", "p", "qingqidui", 3),  # 清七对 4
        ("222m555m888m555p8p", "8p", "s", "jiangdui", 3),  # 将对 4
    ],
)
def test_video_pattern_fans_are_the_seeds_numbers_less_one(hand, win, void, pattern, fan):
    result = fan_of(hand, win, void)
    assert result["patterns"][pattern] == fan and result["raw_fan"] == fan, result


def test_video_has_no_dragon_seven_pairs_it_is_seven_pairs_with_a_gen():
    result = fan_of("1122224m557788p", "4m")
    assert result["patterns"] == {"qidui": 2, "gen": 1}
    chengdu = fan_of("1122224m557788p", "4m", options={"cap": None})
    assert chengdu["patterns"] == {"longqidui": 4}


def test_video_pure_dragon_seven_pairs_is_pure_seven_pairs_with_a_gen():
    result = fan_of("1122444455779m", "9m", void="p")
    assert result["patterns"] == {"qingqidui": 3, "gen": 1}


def test_video_heavenly_win_adds_four_on_top_of_the_pattern():
    # "天和 庄家在开局跳张后即和牌 +4"
    result = fan_of("111m333m444m666p7p", "7p", how="zimo", flags=["tianhu"])
    assert result["patterns"] == {"duiduihu": 1, "tianhu": 4} and result["raw_fan"] == 5
    earthly = fan_of("123m456m789m111p2p", "2p", how="zimo", flags=["dihu"])
    assert earthly["patterns"] == {"pinghu": 0, "dihu": 4}


def test_video_heavenly_win_needs_the_tiandi_option():
    result = fan_of(
        "111m333m444m666p7p",
        "7p",
        how="zimo",
        flags=["tianhu"],
        options={**VIDEO, "tiandi_hu": False},
    )
    assert "tianhu" not in result["patterns"]


def test_video_fans_are_capped_at_the_rooms_cap():
    result = fan_of("1122444455779m", "9m", void="p", options={"fan_table": "video"})
    assert result["fan"] == 4 and result["raw_fan"] == 4
    result = fan_of(
        "111m333m444m666p7p", "7p", how="zimo", flags=["tianhu"], options={"fan_table": "video"}
    )
    assert result["fan"] == 4 and result["raw_fan"] == 5


def test_the_chengdu_table_is_unchanged():
    assert fan_of("1133446677889m", "9m", void="p", options=None)["patterns"] == {"qingqidui": 4}
    assert fan_of("111m333m444m666p7p", "7p", how="zimo", flags=["tianhu"], options=None)[
        "patterns"
    ] == {"tianhu": 5}


# --- concealed_kong_shown (seeds 001/002: "暗杠也必须亮一个牌出来") ------------------------------


def concealed_kong_table(**options):
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], wall="3p", options=options)
    act(state, 0, "concealed_kong", "5m")
    return state


def test_a_shown_concealed_kong_is_seen_in_every_seat_and_by_spectators():
    state = concealed_kong_table(concealed_kong_shown=True)
    for viewer in (0, 1, 2, 3, None):
        assert state.view(viewer)["players"][0]["melds"] == [["concealed", "5m"]]
    assert state.visible_counts(1)[parse_tile("5m")] == 4


def test_by_default_a_concealed_kong_is_seen_by_its_owner_only():
    state = concealed_kong_table()
    assert state.view(0)["players"][0]["melds"] == [["concealed", "5m"]]
    for viewer in (1, 2, 3, None):
        assert state.view(viewer)["players"][0]["melds"] == [["concealed", None]]
    assert state.visible_counts(1)[parse_tile("5m")] == 0


# --- the conformance adapter takes every option -----------------------------------------------

EVERY_OPTION = {
    "exchange_three": False,
    "exchange_seconds": 20,
    "mode": "xuezhan",
    "xueliu_kongs": "money",
    "late_added_kong_pays": False,
    "concealed_kong_shown": True,
    "last_tiles_rule": "active",
    "fan_table": "video",
    "kong_bloom_from_discard": "feeder_all",
}


def test_evaluate_hand_accepts_every_section_13_option():
    result = fan_of("1133446677889m", "9m", void="p", options=EVERY_OPTION)
    assert result["patterns"] == {"qingqidui": 3}


def test_play_round_accepts_every_section_13_option():
    case = {
        "hands": [DISCARDER, "555p123m456m789m1p", IDLE, IDLE],
        "dealer": 0,
        "wall": "1p2s3s4s5s6s",
        "options": EVERY_OPTION,
        "actions": [
            [0, "void", "s"],
            [1, "void", "s"],
            [2, "void", "s"],
            [3, "void", "s"],
            [0, "discard", "5p"],
            [1, "kong"],
            [1, "zimo"],
        ],
    }
    result = play_round(case)
    assert "errors" not in result, result
    assert result["ledger"] == [[0, 1, 2, "kong_exposed"], [0, 1, 12, "zimo"]]


def test_play_round_refuses_an_unknown_option():
    with pytest.raises(ValueError, match="unknown option"):
        play_round(
            {
                "hands": ["", "", "", ""],
                "dealer": 0,
                "wall": "",
                "actions": [],
                "options": {"fan_tables": "video"},
            }
        )


def test_every_option_validates():
    assert RoomOptions.from_dict(EVERY_OPTION).fan_table == "video"


# --- many rounds with the variants on ---------------------------------------------------------

VARIANT_SETS = [
    {
        "late_added_kong_pays": False,
        "concealed_kong_shown": True,
        "kong_bloom_from_discard": "feeder_all",
        "last_tiles_rule": "active",
        "last_four_auto_ron": True,
    },
    {
        "fan_table": "video",
        "cap": None,
        "zimo_bonus": "base",
        "kong_bloom_from_discard": "feeder_all",
    },
]


@pytest.mark.parametrize("options", VARIANT_SETS, ids=("money-variants", "video-table"))
def test_invariants_and_explained_amounts_over_random_rounds_with_the_variants(options):
    """The invariants of tests/rules/test_round_invariants.py (every tile accounted for,
    zero-sum ledger, views that tell nothing hidden, exact replays) hold with the variants
    on, and every payment's explanation gives back its amount."""
    rng = random.Random(json.dumps(options))
    for number in range(25):
        seed, dealer = f"variant-{number}", number % 4
        state, actions = invariants.play(seed, dealer, options, rng)
        replay = Round.deal(seed, dealer, RoomOptions.from_dict(options))
        for seat, action in actions:
            replay.apply(seat, action)
        assert replay.to_json() == state.to_json()
        for explanation in explain(state.to_json()):
            assert amount_of(explanation.arithmetic) == explanation.amount, explanation
