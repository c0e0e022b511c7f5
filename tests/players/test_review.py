"""The review (复盘): exactly the person's own decisions where 大师 chose otherwise."""

import random

from games.players.computer import choose_action
from games.players.review import Move, review
from games.players.simulate import play_round
from games.rules.round import Round
from games.rules.tiles import parse_tile
from tests.rules.states import turn_state


def test_one_discard_against_the_expert_s():
    # Ready by throwing 9p (waits 3p and 6p); the person throws 1m instead.
    state = turn_state("123456789m11p459p", "s")
    one_m = ("discard", parse_tile("1m"))
    result = review(Round.from_json(state.to_json()), [Move(0, one_m, True)], 0)
    assert (result.decisions, result.agreements) == (1, 0)
    (difference,) = result.differences
    assert difference.step == 1 and difference.played == one_m
    assert difference.advice.choice == ("discard", parse_tile("9p"))
    nine = difference.advice.discards[0]
    assert nine.chosen and nine.shanten == 0 and {w.tile for w in nine.waits} == {"3p", "6p"}
    # The same discard made for them (托管, the clock) is not theirs to review.
    made_for_them = review(Round.from_json(state.to_json()), [Move(0, one_m, False)], 0)
    assert (made_for_them.decisions, made_for_them.differences) == (0, ())


def play_and_expect(number: int, levels) -> tuple[Round, list[Move], list, int]:
    """One round from its deal; seat 0's moves, every seventh counted as made for the
    person (托管); the (step, move) where 大师 would have chosen otherwise, found with the
    computer players' own chooser; and seat 0's own decisions."""
    deal = Round.deal(seed=f"review-scripted-{number}", dealer=number % 4)
    start = Round.from_json(deal.to_json())
    moves, expected = [], []
    decisions = 0

    def note(state, seat, action, seconds):
        nonlocal decisions
        by_person = not (seat == 0 and len(moves) % 7 == 0)
        moves.append(Move(seat, action, by_person))
        if seat == 0 and by_person and state.phase in ("turn", "claim", "rob"):
            decisions += 1
            if choose_action(state, 0, "expert", random.Random(0)) != action:
                expected.append((len(moves), action))

    play_round(deal, levels, random.Random(number), on_decision=note)
    return start, moves, expected, decisions


def test_played_rounds_reviews_list_exactly_the_differing_decisions():
    # Seat 0 plays as the strong level, whose choices differ from 大师's now and then.
    levels = ("strong", "expert", "easy", "expert")
    total_decisions = total_differences = 0
    for number in range(6):
        start, moves, expected, decisions = play_and_expect(number, levels)
        result = review(start, moves, 0)
        assert [(d.step, d.played) for d in result.differences] == expected
        assert result.decisions == decisions
        assert result.agreements == decisions - len(expected)
        total_decisions += decisions
        total_differences += len(expected)
    assert total_decisions > 40 and 0 < total_differences < total_decisions
