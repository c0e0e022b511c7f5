"""The coach (教练): 大师's view of a seat's decision, from that seat's view only."""

import random

from games.players import coach
from games.players.bots import Shape
from games.players.computer import choose_action
from games.players.expert import defence
from games.players.expert.player import best_discard
from games.players.simulate import simulate
from games.rules.tiles import parse_tile, suit_index
from tests.rules.states import claim_state, scramble_hidden_tiles, turn_state

LEVELS = ("expert", "strong", "expert", "easy")


def test_the_coach_s_first_candidate_is_the_expert_s_own_choice_at_every_decision():
    checked = {"turn": 0, "claim": 0}

    def check(state, seat, action, seconds):
        advice = coach.advise(state, seat)
        if advice is None:
            assert state.phase not in ("turn", "claim", "rob")
            return
        assert advice.choice == choose_action(state, seat, "expert", random.Random(0))
        assert advice.reason in coach.REASONS
        if state.phase == "turn" and state.current == seat:
            legal = sorted({t for verb, t in state.legal_actions(seat) if verb == "discard"})
            assert sorted(a.tile for a in advice.discards) == legal  # each legal discard once
            assert [a.chosen for a in advice.discards].count(True) == 1
            top = advice.discards[0]
            assert top.chosen
            if not state.locked(seat):
                assert top.tile == best_discard(state, seat)
            if advice.choice[0] == "discard":
                assert advice.choice == ("discard", top.tile)
            checked["turn"] += 1
        else:
            assert advice.discards == ()
            checked["claim"] += 1

    simulate(4, "coach-agrees", None, LEVELS, on_decision=check)
    simulate(
        2, "coach-agrees-x", {"exchange_three": True, "mode": "xueliu"}, LEVELS, on_decision=check
    )
    assert checked["turn"] > 200 and checked["claim"] > 20


def test_the_coach_reads_only_what_the_seat_may_see():
    scrambler = random.Random(7)
    compared = 0

    def check(state, seat, action, seconds):
        nonlocal compared
        advice = coach.advise(state, seat)
        if advice is None:
            return
        for _ in range(2):
            assert coach.advise(scramble_hidden_tiles(state, seat, scrambler), seat) == advice
        compared += 1

    simulate(4, "coach-no-peeking", {"cap": None}, LEVELS, on_decision=check)
    assert compared > 200


def test_each_discard_shows_its_steps_its_tiles_to_wait_for_and_its_waits():
    # 123456789m 11p 459p + 5s: throwing 5s leaves a hand one step from ready.
    state = turn_state("123456789m11p459p", "s")
    state.hands[0][parse_tile("5s")] += 1
    state.hands[0][parse_tile("5p")] -= 1
    state.voids[0] = suit_index("s")
    advice = coach.advise(state, 0)
    by_tile = {a.tile: a for a in advice.discards}
    # The void tile must go first: it is the only legal discard, and 大师's.
    assert list(by_tile) == [parse_tile("5s")] and advice.discards[0].chosen

    # A ready hand: 123456789m 11p 45p + 9p drawn; throwing 9p waits on 3p and 6p.
    state = turn_state("123456789m11p459p", "s")
    advice = coach.advise(state, 0)
    nine = next(a for a in advice.discards if a.tile == parse_tile("9p"))
    assert nine.shanten == 0
    assert {w.tile for w in nine.waits} == {"3p", "6p"}
    assert all(w.fan >= 0 and 0 <= w.unseen <= 4 for w in nine.waits)
    # 进张 are the tiles that lower the steps, each with its unseen copies, summing to
    # the figure the computer players use.
    four = next(a for a in advice.discards if a.tile == parse_tile("4p"))
    counts = list(state.hands[0])
    counts[parse_tile("4p")] -= 1
    unseen = defence.unseen_counts(state.visible_counts(0))
    assert four.shanten == 1 and four.waits == ()
    assert four.effective_total == Shape(counts, 0, state.voids[0]).ukeire(unseen) > 0
    assert all(n == unseen[t] for t, n in four.effective)
    assert advice.discards[0].tile == parse_tile("9p")


def test_a_claim_comes_with_the_reason_for_the_expert_s_answer():
    # Playing for 清一色 in 万: a pong of 5p would end it, so 大师 passes and says why.
    other_suit = claim_state("1123456778m99m5p", "s", "5p", ["pong", "pass"])
    other_suit.hands[0][parse_tile("5p")] = 2
    other_suit.hands[0][parse_tile("1m")] = 1
    advice = coach.advise(other_suit, 0)
    assert advice.choice == ("pass", None)
    assert (advice.reason, advice.figures) == ("keeps_flush", (suit_index("m"),))
    # A win on offer: taken, with the fan the engine would score it at.
    win = claim_state("123456789m11p45p", "s", "6p", ["win", "pass"])
    advice = coach.advise(win, 0)
    assert advice.choice == ("win", None) and advice.reason == "win"
    assert advice.figures == (win.win_on_offer(0).fan,)


def test_comparing_two_discards_names_the_first_term_that_tells_them_apart():
    # Ready by throwing 9p; throwing 1m leaves the hand a step away.
    state = turn_state("123456789m11p459p", "s")
    advice = coach.advise(state, 0)
    assert coach.compare_discards(advice, parse_tile("1m")) == ("discard_closer", (0, 1))
    # Two discards as close: the one keeping more tiles that help wins on that term.
    by_tile = {a.tile: a for a in advice.discards}
    for other in advice.discards[1:]:
        code, figures = coach.compare_discards(advice, other.tile)
        assert code in coach.REASONS
        if code == "discard_wider":
            best = advice.discards[0]
            assert figures == (best.effective_total, by_tile[other.tile].effective_total)
            assert figures[0] > figures[1]
