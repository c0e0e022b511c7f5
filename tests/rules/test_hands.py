"""Winning hands, waits and shanten: property tests against a plain reference."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.rules.hands import Meld, is_winning, shanten, waits
from games.rules.tiles import RANKS, parse_tiles, tile_str, to_counts
from tests.rules.hand_draws import built_winning_hands
from tests.rules.reference import reference_is_winning


def counts_of(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


@st.composite
def random_hands(draw, size=14):
    """A random hand of `size` tiles from one, two or three suits, at most 4 of a kind."""
    suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
    pool = [s * RANKS + r for s in suits for r in range(RANKS)]
    tiles = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = to_counts(tiles)
    assume(max(counts) <= 4)
    return counts


voids = st.one_of(st.none(), st.integers(0, 2))


@settings(max_examples=400)
@given(random_hands(), voids)
def test_winning_detection_agrees_with_the_reference_on_random_hands(counts, void):
    assert is_winning(counts, 0, void) == reference_is_winning(counts, 0, void)


@settings(max_examples=400)
@given(built_winning_hands(), voids)
def test_winning_detection_agrees_with_the_reference_on_built_hands(counts, void):
    assert is_winning(counts, 0, void) == reference_is_winning(counts, 0, void)


@settings(max_examples=200)
@given(random_hands(size=8), voids)
def test_with_two_melds_seven_pairs_do_not_count(counts, void):
    assert is_winning(counts, 2, void) == reference_is_winning(counts, 2, void)


@settings(max_examples=300)
@given(random_hands(size=13), voids)
def test_a_tile_is_a_wait_exactly_when_adding_it_wins(counts, void):
    found = waits(counts, [], void)
    for t in range(27):
        counts[t] += 1
        wins = counts[t] <= 4 and reference_is_winning(counts, 0, void)
        counts[t] -= 1
        assert (t in found) == wins, tile_str(t)


@settings(max_examples=300)
@given(random_hands(size=13), voids)
def test_shanten_zero_means_ready(counts, void):
    # Ready is shanten 0, except where the only waits are tiles the player holds 4 of.
    if waits(counts, [], void):
        assert shanten(counts, 0, void) == 0
    else:
        assert shanten(counts, 0, void) >= 0


@settings(max_examples=300)
@given(random_hands(size=14), voids)
def test_shanten_minus_one_means_a_winning_hand(counts, void):
    assert (shanten(counts, 0, void) == -1) == is_winning(counts, 0, void)


@settings(max_examples=200)
@given(random_hands(size=14), voids, st.integers(0, 13))
def test_a_discard_never_lowers_shanten_and_raises_it_by_at_most_one(counts, void, index):
    before = shanten(counts, 0, void)
    held = [t for t in range(27) for _ in range(counts[t])]
    counts[held[index]] -= 1
    assert before <= shanten(counts, 0, void) <= before + 1


def test_void_suit_tiles_block_a_win():
    assert is_winning(counts_of("23445677m345789p"), 0, void=2)
    assert not is_winning(counts_of("23445677m345789p"), 0, void=1)


def test_a_hand_with_three_suits_cannot_win_for_any_void():
    hand = counts_of("234m567m22p456p789s")
    assert all(not is_winning(hand, 0, void) for void in range(3))


def test_seven_pairs_with_four_of_a_kind_as_two_pairs():
    assert is_winning(counts_of("11112233445566m"), 0, void=2)


def test_seven_pairs_need_no_melds():
    assert not is_winning(counts_of("11335577m99p"), 1, void=2)


def test_melds_count_as_sets():
    assert is_winning(counts_of("55p"), 4, void=2)
    assert is_winning(counts_of("123m55p"), 3, void=2)


def test_a_tile_whose_four_copies_are_held_is_not_a_wait():
    assert waits(counts_of("1111m234p567p999p"), [], void=2) == []
    # The same shape with the fourth copy in a pong: 1m still held four times.
    melds = [Meld("pong", parse_tiles("1m")[0])]
    assert waits(counts_of("1m234p567p999p"), melds, void=2) == []


def test_nine_gates_waits_on_all_nine():
    assert [tile_str(t) for t in waits(counts_of("1112345678999m"), [], void=2)] == [
        f"{r}m" for r in range(1, 10)
    ]


def test_shanten_of_known_hands():
    assert shanten(counts_of("1112345678999m"), 0, 2) == 0
    assert shanten(counts_of("11122345678999m"), 0, 2) == -1
    assert shanten(counts_of("13579m13579p135m"), 0, 2) == 3
    # Two void tiles must go: shanten counts them as useless.
    assert shanten(counts_of("123456789m12p99s"), 0, 2) == 1
    assert shanten(counts_of("123456789m12p99s"), 0, 0) > 1


def test_shanten_matches_a_brute_force_ready_check_on_random_hands():
    rng = random.Random(7)
    for _ in range(200):
        tiles = rng.sample([t for t in range(18) for _ in range(4)], 13)
        counts = to_counts(tiles)
        ready = any(
            reference_is_winning(counts[:t] + [counts[t] + 1] + counts[t + 1 :], 0, 2)
            for t in range(18)
            if counts[t] < 4
        )
        if ready:
            assert shanten(counts, 0, 2) == 0
        else:
            assert shanten(counts, 0, 2) >= 0
