"""Rounds set up at a payment: a kong then a discard, a bloom on a kong, ready hands when
the wall runs out."""

from tests.rules.tables import act, table

IDLE = "1123456778899s"  # void s and only s tiles: never ready, never a pig
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"
WAITS_5P_TOO = "123m456m789m999p5p"


def kong_then_discard(**options):
    """Seat 0 makes a concealed kong, draws 3p and throws 5p, on which seats 1 and 2 win."""
    state = table(["5555m224466889p5p", WAITS_5P, WAITS_5P_TOO, IDLE], wall="3p1s", options=options)
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    act(state, 2, "win")
    return state


def bloom_table(**options):
    """Seat 1 konges seat 0's 5p and draws the 1p that completes its hand: 点杠花."""
    state = table(
        [DISCARDER, "555p123m456m789m1p", IDLE, IDLE], wall="1p2s3s4s5s6s", options=options
    )
    act(state, 0, "discard", "5p")
    act(state, 1, "kong")
    act(state, 1, "zimo")
    return state


def ready_by_wall_empty(options=None, seat3="111m333m777m555p9p", out=()):
    """The wall is empty: seat 0 throws 9s and stays ready on 5p; then nobody can draw."""
    state = table(
        ["123m456m789m111p5p9s", IDLE, "123m456p789s1122s", seat3], options=options, out=out
    )
    act(state, 0, "discard", "9s")
    return state
