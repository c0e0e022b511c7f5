"""Every case of shared/vectors/rounds.jsonl, rounds_modes.jsonl (section 13: 换三张,
血流成河, the seed variants) and rounds_tables.jsonl (section 14: tables for three and
two, two suits), all copied to tests/vectors/, illegal moves too."""

import json
from pathlib import Path

import pytest

from games.rules.conformance import play_round
from tests.rules.vector_cases import VECTORS, assert_round_agrees, cases_of

FILES = ("rounds.jsonl", "rounds_modes.jsonl", "rounds_tables.jsonl")


CASES = cases_of("rounds.jsonl")
MODE_CASES = cases_of("rounds_modes.jsonl")
TABLE_CASES = cases_of("rounds_tables.jsonl")
ALL_CASES = CASES + MODE_CASES + TABLE_CASES


@pytest.mark.parametrize("case", ALL_CASES, ids=[case["id"] for case in ALL_CASES])
def test_round_vector(case):
    assert_round_agrees(play_round(case), case["expect"])


def test_the_modes_file_has_a_round_for_every_section_13_option_set():
    ids = {case["id"] for case in MODE_CASES}
    assert {f"modes-exchange-{d}" for d in ("next", "previous", "opposite")} <= ids
    assert {
        "modes-xueliu-money",
        "modes-xueliu-fan",
        "modes-kong_bloom-feeder_all",
        "modes-fan_table-video",
    } <= ids


@pytest.mark.parametrize("name", FILES)
def test_the_copy_matches_the_shared_vectors_when_they_are_present(name):
    shared = Path(__file__).resolve().parents[3] / "shared" / "vectors" / name
    if not shared.exists():
        pytest.skip("shared/ is not next to this checkout")
    assert (VECTORS / name).read_text() == shared.read_text()


def test_an_action_wrongly_marked_illegal_is_reported_not_raised():
    case = json.loads(json.dumps(CASES[0]))
    case["actions"][0] = case["actions"][0] + ["illegal"]  # a legal void choice
    result = play_round(case)
    assert "should be illegal" in result["errors"][0]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hands": ["123m"]}, "4 hands"),
        ({"dealer": 4}, "dealer"),
        ({"wall": "0m"}, "no tile 0"),
        ({"actions": [[0, "chow", "1m"]]}, "unknown verb"),
        ({"actions": [[7, "pass"]]}, "seat"),
        ({"actions": [[0, "pass", "1m"]]}, "no argument"),
        ({"options": {"cap": 0}}, "option cap"),
    ],
)
def test_a_malformed_round_case_raises_a_readable_value_error(change, message):
    case = dict(CASES[0], **change)
    with pytest.raises(ValueError, match=message):
        play_round(case)
