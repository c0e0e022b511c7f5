"""A Hypothesis strategy for hands: winning ones, built set by set."""

from hypothesis import assume
from hypothesis import strategies as st

from games.rules.tiles import RANKS


@st.composite
def built_winning_hands(draw):
    """Four random sets and a pair (often valid): exercises the winning side too."""
    suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
    counts = [0] * 27
    for _ in range(4):
        suit = draw(st.sampled_from(sorted(suits)))
        if draw(st.booleans()):
            rank = draw(st.integers(0, 8))
            counts[suit * RANKS + rank] += 3
        else:
            rank = draw(st.integers(0, 6))
            for i in range(3):
                counts[suit * RANKS + rank + i] += 1
    suit = draw(st.sampled_from(sorted(suits)))
    counts[suit * RANKS + draw(st.integers(0, 8))] += 2
    assume(max(counts) <= 4)
    return counts
