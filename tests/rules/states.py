"""Rounds set up at one seat's decision, for the computer players' and the coach's tests: its
turn, a claim on offer, a win on offer; and the same round with what the seat cannot see
shuffled."""

import random

from games.rules.hands import Meld
from games.rules.options import RoomOptions
from games.rules.round import SEATS, Claim, Round
from games.rules.tiles import TILE_KINDS, parse_tile, parse_tiles, suit_index, to_counts


def counts_of(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def turn_state(hand: str, void: str, melds: tuple[str, ...] = ()) -> Round:
    """Seat 0 to discard from ``hand`` (after a draw); the other seats hold nothing."""
    state = Round(
        options=RoomOptions(),
        dealer=0,
        hands=[counts_of(hand)] + [[0] * TILE_KINDS for _ in range(SEATS - 1)],
        wall=parse_tiles("5m5p5s"),
        melds=[[Meld.parse(m) for m in melds], [], [], []],
        voids=[suit_index(void), 0, 1, 2],
        phase="turn",
        current=0,
        turn_kind="draw",
    )
    assert sum(state.hands[0]) + 3 * len(melds) == 14
    return state


def claim_state(hand: str, void: str, tile: str, verbs: list[str]) -> Round:
    state = turn_state("123456789m11p459p", "s")
    state.hands[0] = counts_of(hand)
    state.voids[0] = suit_index(void)
    state.discards[1] = [parse_tile(tile)]
    state.phase = "claim"
    state.current = 1
    state.claim = Claim(kind="discard", tile=parse_tile(tile), source=1, options={0: verbs})
    return state


def scramble_hidden_tiles(state: Round, seat: int, rng: random.Random) -> Round:
    """A copy in which the other seats' concealed tiles and the wall are dealt anew from
    the same pool (each hand keeps its size): all that ``seat`` cannot see. A hand laid
    down (a winner's) is seen by all and kept."""
    copy = Round.from_json(state.to_json())
    others = [o for o in range(copy.seats) if o != seat and not copy.hand_laid_down(o)]
    pool = list(copy.wall)
    for other in others:
        pool += [t for t in range(TILE_KINDS) for _ in range(copy.hands[other][t])]
    rng.shuffle(pool)
    for other in others:
        size = sum(copy.hands[other])
        copy.hands[other] = to_counts(pool[:size])
        pool = pool[size:]
    copy.wall = pool
    return copy


def ron_offer(hand: str, tile: str, wall_size: int, options: dict | None = None) -> Round:
    """Seat 0 (void 索) may win on ``tile`` thrown by seat 1; the wall holds
    ``wall_size`` tiles (no wait of seat 0 among them, so the unseen copies stay with the
    others' hands and the wall alike)."""
    state = claim_state(hand, "s", tile, ["win", "pass"])
    state.options = RoomOptions.from_dict(options or {})
    state.wall = [parse_tile("9s")] * wall_size
    return state
