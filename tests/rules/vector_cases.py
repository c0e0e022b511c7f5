"""The vector files under tests/vectors/ and the one way a played round is checked
against a case's ``expect``, shared by the shared vectors' tests and this project's own
(section 14's tables)."""

import json
from collections import Counter
from pathlib import Path

VECTORS = Path(__file__).parent.parent / "vectors"


def cases_of(name: str) -> list[dict]:
    """The cases of one .jsonl file of tests/vectors/, a line each."""
    return [json.loads(line) for line in (VECTORS / name).read_text().splitlines() if line]


def assert_round_agrees(result: dict, expect: dict) -> None:
    """The adapter's round (conformance.play_round) against the case's ``expect``: no
    error, the same payments in any order, the nets, the winners, how it ended, the next
    dealer; and the result survives a JSON round trip."""
    assert result.get("errors") is None, result["errors"]
    assert Counter(map(tuple, result["ledger"])) == Counter(map(tuple, expect["ledger"]))
    assert result["net"] == expect["net"]
    assert result["winners"] == expect["winners"]
    assert result["end"] == expect["end"]
    assert result["next_dealer"] == expect["next_dealer"]
    assert json.loads(json.dumps(result)) == result
