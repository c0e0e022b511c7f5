"""大师's guess of which unseen tiles are still to come (games.players.expert.live), and the
hands laid down by winners, which every seat sees."""

import random

from games.players.expert import live
from games.players.expert.defence import unseen_counts
from games.rules.round import SEATS
from games.rules.tiles import RANKS, parse_tile, parse_tiles, suit_index, to_counts
from tests.rules.states import scramble_hidden_tiles, turn_state

M, P, S = suit_index("m"), suit_index("p"), suit_index("s")


def table_state():
    """Seat 0 (void 条) to discard; seats 1 and 2 void in 万, seat 3 in 筒, each holding
    13 tiles and last having thrown a 条 (so seats 1, 2 and 3 hold none of their voids...
    except seat 3's last discard, which is of its void: it may still hold some)."""
    state = turn_state("123456789m1p2p5p9p9p", "s")
    state.voids = [S, M, M, P]
    hands = ["1234567p123456s", "2345678p234567s", "3456789p345678s"]
    for seat, hand in zip((1, 2, 3), hands, strict=True):
        state.hands[seat] = to_counts(parse_tiles(hand))
    state.discards[1] = [parse_tile("9s")]
    state.discards[2] = [parse_tile("8s")]
    state.discards[3] = [parse_tile("1p")]
    state.wall = parse_tiles("1m2m3m4m5m6m7m8m9m1s2s3s4s5s6s7s")
    return state


def per_copy(weights, unseen, suit):
    base = suit * RANKS
    copies = sum(unseen[base : base + RANKS])
    return sum(weights[base : base + RANKS]) / copies


def test_a_suit_others_are_void_in_is_livelier_than_one_they_keep():
    state = table_state()
    unseen = unseen_counts(state.visible_counts(0))
    weights = live.live_weights(state, 0, unseen)
    # 万: only seat 3 may keep it; 筒: seats 1 and 2 (and seat 3 a few void ones); 条: all.
    man, pin, sou = (per_copy(weights, unseen, suit) for suit in (M, P, S))
    assert man > pin > sou
    # only a reweighing: as many copies in all as unseen, and none where none are unseen
    assert abs(sum(weights) - sum(unseen)) < 1e-9
    assert all(w == 0 for w, n in zip(weights, unseen, strict=True) if n == 0)


def test_a_player_whose_last_discard_was_of_the_void_suit_may_still_hold_some():
    state = table_state()
    held = live.held_per_suit(state, 0)
    assert held[P] > 13.0  # seats 1 and 2's half of their hands, and seat 3's void tiles
    state.discards[3].append(parse_tile("5s"))
    assert live.held_per_suit(state, 0)[P] == 13.0


def test_a_laid_down_hand_is_seen_not_guessed():
    state = table_state()
    before = live.held_per_suit(state, 0)
    seen_before = sum(state.visible_counts(0))
    state.out[1] = True  # seat 1 won: its hand lies face up
    seen = state.visible_counts(0)
    assert sum(seen) == seen_before + sum(state.hands[1])
    # 1p: one in seat 0's hand, one in seat 1's laid-down hand, one thrown by seat 3
    assert seen[parse_tile("1p")] == 3
    after = live.held_per_suit(state, 0)
    assert after[S] < before[S] and after[P] < before[P]


def test_the_scrambler_keeps_laid_down_hands_and_deals_the_rest_anew():
    state = table_state()
    state.out[2] = True
    copy = scramble_hidden_tiles(state, 0, random.Random(1))
    assert copy.hands[2] == state.hands[2]
    assert copy.visible_counts(0) == state.visible_counts(0)
    others = [s for s in range(SEATS) if s not in (0, 2)]
    assert sorted(sum(copy.hands[s]) for s in others) == sorted(sum(state.hands[s]) for s in others)


def test_live_weights_read_only_what_the_seat_may_see():
    state = table_state()
    unseen = unseen_counts(state.visible_counts(0))
    weights = live.live_weights(state, 0, unseen)
    for n in range(5):
        copy = scramble_hidden_tiles(state, 0, random.Random(n))
        assert live.live_weights(copy, 0, unseen_counts(copy.visible_counts(0))) == weights
