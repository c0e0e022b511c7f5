"""A xueliu round at its first win."""

from tests.rules.tables import act, table

XUELIU = {"mode": "xueliu", "last_four_must_win": False}
IDLE = "1123456778899s"  # void s and only s tiles: never ready, never a pig
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"


def first_win(options=None, wall="2s2s3s5p1m1m5p"):
    """Seat 0 throws 5p and seat 1 wins on it; the wall then runs: seat 2, 3, 0, 1 ..."""
    state = table(
        [DISCARDER, WAITS_5P, IDLE, IDLE], wall=wall, options={**XUELIU, **(options or {})}
    )
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    return state
