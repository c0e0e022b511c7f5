"""This project's own public vectors for RULES.md section 14 (tables for three and two,
two suits, 点炮需番, 对对胡番数, 夹心五): tests/vectors/hands_tables.jsonl and
rounds_tables_own.jsonl. Each case says in its "reason" which rule it pins down; every
expectation was worked out from the rule book by hand."""

from collections import Counter

import pytest

from games.rules.conformance import evaluate_hand, play_round
from games.rules.tiles import COPIES, parse_tiles, suit_letter
from tests.rules.vector_cases import assert_round_agrees, cases_of

TABLES = [(4, 3), (4, 2), (3, 3), (3, 2), (2, 3), (2, 2)]  # (players, suits)


HAND_CASES = cases_of("hands_tables.jsonl")
ROUND_CASES = cases_of("rounds_tables_own.jsonl")


def table_of(case: dict) -> tuple[int, int]:
    options = case.get("options") or {}
    return options.get("players", 4), options.get("suits", 3)


@pytest.mark.parametrize("case", HAND_CASES, ids=[case["id"] for case in HAND_CASES])
def test_hand_vector(case):
    assert evaluate_hand(case) == case["expect"]


@pytest.mark.parametrize("case", ROUND_CASES, ids=[case["id"] for case in ROUND_CASES])
def test_round_vector(case):
    assert_round_agrees(play_round(case), case["expect"])


@pytest.mark.parametrize(
    "case", HAND_CASES + ROUND_CASES, ids=[c["id"] for c in HAND_CASES + ROUND_CASES]
)
def test_every_case_says_why_it_was_chosen(case):
    assert isinstance(case.get("reason"), str) and len(case["reason"].strip()) > 20


def test_the_ids_are_unique():
    ids = [case["id"] for case in HAND_CASES + ROUND_CASES]
    assert len(ids) == len(set(ids))


def test_the_rounds_file_has_a_round_for_each_of_the_six_tables():
    assert {table_of(case) for case in ROUND_CASES} == set(TABLES)


@pytest.mark.parametrize("case", ROUND_CASES, ids=[case["id"] for case in ROUND_CASES])
def test_each_round_deals_the_tiles_of_its_table(case):
    players, suits = table_of(case)
    hands = [parse_tiles(hand) for hand in case["hands"]]
    assert [len(hand) for hand in hands] == [
        14 if seat == case["dealer"] else 13 for seat in range(players)
    ]
    tiles = [t for hand in hands for t in hand] + parse_tiles(case["wall"])
    assert max(Counter(tiles).values()) <= COPIES  # no fifth copy
    if suits == 2:  # 两房: no 万 and no 定缺
        assert "m" not in {suit_letter(t) for t in tiles}
        legal = [action for action in case["actions"] if action[-1] != "illegal"]
        assert not any(action[1] == "void" for action in legal)


def test_the_hands_file_covers_the_section_14_scoring_options():
    options = [case.get("options") or {} for case in HAND_CASES]
    assert any(o.get("ron_needs_fan") for o in options)
    assert any(o.get("pongs_fan") == 2 for o in options)
    assert any(o.get("middle_five") for o in options)
    # Two-suit hands are given without a void, wins and waits alike.
    two_suits = [case for case in HAND_CASES if table_of(case)[1] == 2]
    assert all("void" not in case for case in two_suits)
    assert any("win" not in case for case in two_suits)
    # 点炮需番 both refuses (a 0-fan discard) and allows (自摸, 根, 杠上炮).
    refused = [c for c in HAND_CASES if c["expect"] == {"win": False}]
    assert refused and all(c["options"].get("ron_needs_fan") for c in refused)
