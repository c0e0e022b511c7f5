"""Every case of shared/vectors/hands.jsonl (copied into tests/vectors/)."""

import json
from pathlib import Path

import pytest

from games.rules.conformance import evaluate_hand

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent.parent / "vectors" / "hands.jsonl").read_text().splitlines()
    if line.strip()
]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_hand_vector(case):
    assert evaluate_hand(case) == case["expect"]


def test_the_copy_matches_the_shared_vectors_when_they_are_present():
    shared = Path(__file__).resolve().parents[3] / "shared" / "vectors" / "hands.jsonl"
    if not shared.exists():
        pytest.skip("shared/ is not next to this checkout")
    copy = Path(__file__).parent.parent / "vectors" / "hands.jsonl"
    assert copy.read_text() == shared.read_text()


@pytest.mark.parametrize(
    "case, message",
    [
        ({"hand": "123m", "void": "s", "win": "1m"}, "must have 13"),
        ({"hand": "1234567890123m", "void": "s"}, "no tile 0"),
        ({"hand": "1234567891234x", "void": "s"}, "unknown suit"),
        ({"hand": "1111123456789m", "void": "s"}, "copies"),
        ({"hand": "1112345678999m", "void": "z"}, "unknown suit"),
        ({"hand": "1112345678999m", "void": "s", "win": "1m", "how": "magic"}, "way to win"),
        ({"hand": "1112345678999m", "void": "s", "options": {"cap": 1}}, "option cap"),
        ({"hand": "1112345678999m", "void": "s", "options": {"colour": 1}}, "unknown option"),
        ({"hand": "1m", "void": "s", "melds": ["pong 123m"] * 4}, "copies of one tile"),
        ({"hand": "1m", "void": "s", "melds": ["chow 111m"] * 4}, "unknown meld kind"),
        ({"hand": "111m", "void": "s"}, "must have 13"),
        ({"void": "s"}, "no 'hand'"),
        ({"hand": "1111m234p567p999p", "void": "s", "win": "1m"}, "copies of 1m"),
        ({"hand": "1112345678999m", "void": "s", "win": "1m", "flags": ["lucky"]}, "flags"),
        ("not a case", "JSON object"),
    ],
)
def test_a_malformed_case_raises_a_readable_value_error(case, message):
    with pytest.raises(ValueError, match=message):
        evaluate_hand(case)
