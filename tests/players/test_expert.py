"""The expert computer player (大师): its danger estimate, its taste for bigger hands,
that it plays only on what its seat may see, and that it beats the easy level."""

import random

from games.players.bots import choose_discard
from games.players.computer import choose_action
from games.players.expert import defence, plan, player, triplets
from games.players.expert.player import best_discard
from games.players.simulate import play_round, simulate
from games.rules.round import Round
from games.rules.tiles import parse_tile, suit_index
from tests.rules.states import claim_state, counts_of, ron_offer, scramble_hidden_tiles, turn_state

LATE = [parse_tile(t) for t in "1s 2s 3s 9s 9s 1p 9p 7s 8s 1s 2s 3s".split()]


def late_state(hand: str, void: str) -> Round:
    """Seat 0 to discard; the opponents have made twelve discards each (likely ready),
    seats 1, 2, 3 void in 万, 筒, 条."""
    state = turn_state(hand, void)
    state.voids = [suit_index(void), suit_index("m"), suit_index("p"), suit_index("s")]
    for seat in (1, 2, 3):
        state.discards[seat] = list(LATE)
    return state


def unseen_of(state: Round, seat: int) -> list[int]:
    return defence.unseen_counts(state.visible_counts(seat))


def test_a_tile_of_an_opponents_void_suit_cannot_deal_into_them():
    state = late_state("123456789m11p459p", "s")
    chances = defence.deal_in_chances(state, 0, unseen_of(state, 0))
    five_m, five_p = parse_tile("5m"), parse_tile("5p")
    assert chances[1][five_m] == 0  # seat 1 is void in 万
    assert chances[2][five_p] == 0  # seat 2 is void in 筒
    assert chances[2][five_m] > 0 and chances[1][five_p] > 0


def test_a_tile_whose_copies_are_all_visible_cannot_be_a_pair_wait():
    # 1p: one in hand, three in seat 1's discards. 2p likewise: four seen. Nobody can
    # hold a 1p (no pair or single wait), nor a 2p (no 23p run waiting on it).
    state = late_state("123456789m11p459p", "s")
    state.hands[0] = list(state.hands[0])
    state.hands[0][parse_tile("1p")] = 1
    state.hands[0][parse_tile("2p")] = 1
    state.hands[0][parse_tile("9m")] = 0
    state.discards[1] += [parse_tile("1p")] * 3 + [parse_tile("2p")] * 3
    unseen = unseen_of(state, 0)
    one_p = parse_tile("1p")
    assert unseen[one_p] == 0 and unseen[parse_tile("2p")] == 0
    for opponent in (1, 3):
        assert defence.wait_weights(state, 0, opponent, unseen)[one_p] == 0
    # a live tile of the same suit is dangerous against the same opponent
    assert defence.wait_weights(state, 0, 3, unseen)[parse_tile("5p")] > 0


def test_when_its_best_discard_looks_dangerous_the_expert_throws_a_safer_one():
    # Late, three opponents who look ready. The expert's fastest discard is rated
    # dangerous enough to defend; it throws, among the discards that keep most of the
    # hand's offence, the one the danger estimate rates safest.
    state = late_state("223699m11337788p", "s")
    state.wall = state.wall[:1]
    unseen = unseen_of(state, 0)
    offence = player.offence_scores(state, 0, player.candidates(state, 0), unseen)
    fastest = max(offence, key=lambda t: (offence[t], -t))
    chance = defence.deal_in_chance(state, 0, unseen)
    assert chance[fastest] >= player.ALARM
    risk = defence.danger(state, 0, unseen)
    kept = [t for t in offence if offence[t] >= player.KEEP * offence[fastest]]
    tile = best_discard(state, 0)
    assert tile in kept and risk[tile] == min(risk[t] for t in kept)
    assert risk[tile] < risk[fastest]


def test_with_no_danger_in_sight_the_expert_plays_for_its_hand():
    # Early in the round nobody looks ready: the expert's discard is its best offence.
    state = turn_state("123m456m789m1p2p5p9p9p", "s")
    unseen = unseen_of(state, 0)
    offence = player.offence_scores(state, 0, player.candidates(state, 0), unseen)
    assert max(defence.deal_in_chance(state, 0, unseen)) < player.ALARM
    assert best_discard(state, 0) == max(offence, key=lambda t: (offence[t], -t))


def test_the_expert_goes_for_a_full_flush_when_it_is_close():
    # One from ready either way: the strong level throws 1m (widest wait); the expert
    # throws 9p and keeps a hand of 万 only (清一色, two fan more).
    state = turn_state("1333555677899m9p", "s")
    assert choose_discard(state, 0) == parse_tile("1m")
    assert plan.flush_suit(state.hands[0], [], suit_index("s")) == suit_index("m")
    action = choose_action(state, 0, "expert", random.Random(0))
    assert action == ("discard", parse_tile("9p"))


def test_a_hand_with_three_tiles_outside_its_suit_plays_for_speed():
    state = turn_state("13335556778m19p9p", "s")
    assert plan.flush_suit(state.hands[0], [], suit_index("s")) is None
    assert choose_action(state, 0, "expert", random.Random(0)) == (
        "discard",
        choose_discard(state, 0),
    )


def test_playing_for_a_flush_the_expert_pongs_its_suit_only():
    # 12 万 and one 筒 tile: a pong of 5p would end the 清一色, a pong of 9m keeps it.
    other_suit = claim_state("1123456778m99m5p", "s", "5p", ["pong", "pass"])
    other_suit.hands[0][parse_tile("5p")] = 2
    other_suit.hands[0][parse_tile("1m")] = 1
    assert choose_action(other_suit, 0, "strong", random.Random(0)) == ("pong", None)
    assert choose_action(other_suit, 0, "expert", random.Random(0)) == ("pass", None)
    own_suit = claim_state("1234567899m99m5p", "s", "9m", ["pong", "pass"])
    own_suit.hands[0][parse_tile("9m")] = 2
    assert choose_action(own_suit, 0, "expert", random.Random(0)) == ("pong", None)


def test_the_expert_decides_without_hidden_information():
    levels = ("expert", "strong", "expert", "easy")
    scrambler = random.Random(5)
    compared = 0

    def check(state, seat, action, seconds):
        nonlocal compared
        if levels[seat] != "expert":
            return
        copy = scramble_hidden_tiles(state, seat, scrambler)
        seen = choose_action(state, seat, "expert", random.Random(compared))
        assert choose_action(copy, seat, "expert", random.Random(compared)) == seen
        compared += 1

    simulate(8, "expert-no-peeking", {"cap": None}, levels, on_decision=check)
    simulate(
        2,
        "expert-no-peeking-x",
        {"exchange_three": True, "mode": "xueliu"},
        levels,
        on_decision=check,
    )
    assert compared > 300


def test_expert_rounds_replay_alike():
    levels = ("expert",) * 4
    runs = []
    for _ in range(2):
        state = Round.deal(seed="expert-replay", dealer=0)
        play_round(state, levels, random.Random(7))
        runs.append((state.net(), state.winners, state.pool))
    assert runs[0] == runs[1]


def test_the_expert_does_not_lose_to_the_easy_level_in_a_duplicate_match():
    # 24 deals, each played twice with the levels swapped between the seats, so that the
    # luck of the deal counts for both levels alike.
    totals = {"expert": 0, "easy": 0}
    for index in range(24):
        for levels in (("expert", "easy") * 2, ("easy", "expert") * 2):
            state = Round.deal(seed=f"expert-vs-easy-{index}", dealer=index % 4)
            play_round(state, levels, random.Random(index))
            for seat, points in enumerate(state.net()):
                totals[levels[seat]] += points
    assert totals["expert"] > totals["easy"], totals


# --- waiting for 自摸 --------------------------------------------------------------------


def test_early_with_a_wide_wait_the_expert_lets_a_small_win_pass_for_a_zimo():
    # Ready on 1p-3p-4p (the 4p on offer): a plain win paid by one player now, against
    # a 自摸 paid by all three on any of 10 live copies with about twelve draws to come.
    state = ron_offer("123456789m2223p", "4p", wall_size=50)
    assert choose_action(state, 0, "expert", random.Random(0)) == ("pass", None)
    assert choose_action(state, 0, "strong", random.Random(0)) == ("win", None)


def test_near_the_wall_s_end_or_on_a_thin_wait_the_expert_takes_the_win():
    late = ron_offer("123456789m2223p", "4p", wall_size=8)
    assert choose_action(late, 0, "expert", random.Random(0)) == ("win", None)
    # One wait, the 7p on offer: three copies left to draw.
    thin = ron_offer("123456789m5557p", "7p", wall_size=50)
    assert choose_action(thin, 0, "expert", random.Random(0)) == ("win", None)


def test_with_one_payer_left_or_in_xueliu_the_expert_takes_the_win():
    two_left = ron_offer("123456789m2223p", "4p", wall_size=50)
    two_left.out[2] = two_left.out[3] = True  # only the discarder could pay a 自摸
    assert choose_action(two_left, 0, "expert", random.Random(0)) == ("win", None)
    xueliu = ron_offer("123456789m2223p", "4p", wall_size=50, options={"mode": "xueliu"})
    assert choose_action(xueliu, 0, "expert", random.Random(0)) == ("win", None)


def kong_turn(wall_size: int) -> Round:
    """Seat 0 holds four 1万 in 1111233m 456p 789p 5p: throwing 5p leaves it ready, the
    concealed kong leaves it one step from ready; ``wall_size`` tiles are left."""
    state = turn_state("1111233m456p789p5p", "s")
    state.wall = [parse_tile("9s")] * wall_size
    return state


def test_early_the_expert_takes_a_kong_s_money_even_at_a_step_s_cost():
    early = kong_turn(wall_size=60)  # 15 draws each left
    kong = ("concealed_kong", parse_tile("1m"))
    assert choose_action(early, 0, "expert", random.Random(0)) == kong
    # Without the part, or near the wall's end, it keeps the ready hand.
    player.PARTS["eager_kong"] = False
    try:
        assert choose_action(early, 0, "expert", random.Random(0)) == ("discard", parse_tile("5p"))
    finally:
        player.PARTS["eager_kong"] = True
    late = kong_turn(wall_size=24)  # 6 draws each left
    assert choose_action(late, 0, "expert", random.Random(0)) == ("discard", parse_tile("5p"))


def test_steps_to_all_pongs_count_triplets_and_pairs():
    def steps(hand: str, melds: int = 0, void: str = "s") -> int:
        return triplets.triplet_shanten(counts_of(hand), melds, suit_index(void))

    assert steps("111222333m44455p") == -1  # four triplets and a pair: a win
    assert steps("111222333m4445p") == 0  # waits on 5p alone (单钓)
    assert steps("111222333m4455p") == 0  # two pairs: waits on either (对倒)
    assert steps("111222m334455p") == 1  # three pairs: one must become a triplet
    assert steps("111222m3344p569p") == 2
    assert steps("11m3344p", melds=2) == 1  # two melds: two sets and a pair to go
    # Void tiles count for nothing, even when paired.
    assert steps("111222m3344p55p99s") == steps("111222m3344p55p")


def test_the_expert_pongs_for_all_pongs_where_the_strong_level_passes():
    # 222m 3m 44m 8m 22p 55p 99p, one step from ready: a pong of 4m leaves no closer
    # normal hand, but after it and a throw of 3m, 222m 22p 55p 99p are one step from
    # 对对胡 on any of three pairs.
    state = claim_state("2223448m225599p", "s", "4m", ["pong", "pass"])
    assert choose_action(state, 0, "strong", random.Random(0)) == ("pass", None)
    assert choose_action(state, 0, "expert", random.Random(0)) == ("pong", None)
    player.PARTS["triplets"] = False
    try:
        assert choose_action(state, 0, "expert", random.Random(0)) == ("pass", None)
    finally:
        player.PARTS["triplets"] = True


def test_with_all_pongs_as_close_as_any_win_the_expert_keeps_its_pairs():
    # 45m 999m 11p 333p 77p 88p: throwing 8p or 4m leaves the hand one step from
    # ready either way; only the 4m throw keeps 对对胡 (a fan more) as close.
    state = turn_state("45999m113337788p", "s")
    assert choose_action(state, 0, "expert", random.Random(0)) == ("discard", parse_tile("4m"))
    player.PARTS["triplets"] = False
    try:
        assert choose_action(state, 0, "expert", random.Random(0)) == ("discard", parse_tile("8p"))
    finally:
        player.PARTS["triplets"] = True
