"""Which unseen tiles are still to come: in the wall, or kept in another player's hand.

Every unseen copy of a tile is either in the wall or in a concealed hand. A wait is worth
more the more of its copies are in the wall: the seat may draw them (自摸), and a player
who draws one they cannot use throws it (a win on a discard). Copies in a hand mostly
stay there. Hands hold no tiles of their player's void suit once its last void tile is
thrown (the void rule makes void tiles go first), so the suits others keep are short in
the wall and the suits they void are long: with two players void in 万, a 万 wait is far
livelier than an equal count of 筒.

From the seat's own view only: each other hand's size and void (public), whether its
last discard was of the void suit (then it may still hold some), and the unseen counts.
Each hand's tiles are spread evenly over the suits it may still hold.
"""

from games.players.expert.defence import opponent_void
from games.rules.round import Round
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS, suits_in_play

# A tile kept in a hand still comes out now and then (its holder breaks a shape or gives
# up on it): it counts this much of a copy in the wall.
RELEASED = 0.3
# Void tiles a player is supposed to still hold while its last discard was one.
VOID_LEFT = 2.0


def held_per_suit(state: Round, seat: int) -> list[float]:
    """An estimate of the tiles of each suit in the other players' concealed hands (laid
    down hands are seen, so not counted), spread over the suits of the wall (两房: none
    of 万)."""
    held = [0.0] * SUIT_COUNT
    in_play = suits_in_play(state.options.suits)
    for other in range(state.seats):
        if other == seat or state.hand_laid_down(other):
            continue
        size = float(sum(state.hands[other]))  # a hand's size is public
        void = opponent_void(state, other, seat)
        suits = [s for s in in_play if s != void]
        if void is not None and _may_hold_void(state, other, void):
            kept = min(VOID_LEFT, size)
            held[void] += kept
            size -= kept
        for s in suits:
            held[s] += size / len(suits)
    return held


def _may_hold_void(state: Round, other: int, void: int) -> bool:
    discards = state.discards[other]
    return not discards or discards[-1] // RANKS == void


def live_weights(state: Round, seat: int, unseen: list[int]) -> list[float]:
    """Each tile's unseen copies, each weighed by how likely it is still to come out
    (in the wall; or, ``RELEASED``, in a hand), scaled so that the weights add up to the
    unseen total: a suit short in the wall counts for less, one long in it for more."""
    held = held_per_suit(state, seat)
    total = sum(unseen)
    if total <= 0:
        return [float(n) for n in unseen]
    share = [0.0] * SUIT_COUNT
    for s in range(SUIT_COUNT):
        in_suit = sum(unseen[s * RANKS : (s + 1) * RANKS])
        if in_suit <= 0:
            continue
        kept = min(held[s], in_suit)
        share[s] = ((in_suit - kept) + RELEASED * kept) / in_suit
    weighted = [unseen[t] * share[t // RANKS] for t in range(TILE_KINDS)]
    weighted_total = sum(weighted)
    scale = total / weighted_total if weighted_total > 0 else 1.0
    return [w * scale for w in weighted]
