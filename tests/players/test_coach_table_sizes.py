"""The coach, the waiting-tile hints and the review against 大师 at a table for three of two
suits (三人两房) and at tables for two (RULES.md section 14)."""

import random

import pytest

from games.players import coach
from games.players.bots import unseen_of
from games.players.computer import choose_action
from games.players.hints import current_waits, discard_hints, exchange_hint
from games.players.review import Move, review
from games.players.simulate import play_round
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import RANKS, parse_tile, parse_tiles

LEVELS = ("strong", "expert", "easy")


def dealt(seed: str, number: int, options: RoomOptions) -> Round:
    return Round.deal(seed=f"{seed}-{number}", dealer=number % options.players, options=options)


@pytest.mark.parametrize("players, suits", [(3, 2), (2, 3), (2, 2)])
def test_the_coach_and_the_hints_advise_at_a_table_for_three_or_two(players, suits):
    options = RoomOptions(players=players, suits=suits, exchange_three=True)
    counted = {"turn": 0, "claim": 0, "hinted": 0, "exchange": 0}

    def check(state, seat, action, seconds):
        if state.phase == "exchange":
            hint = exchange_hint(state, seat)
            assert hint is not None and action == ("exchange", tuple(parse_tiles(hint)))
            counted["exchange"] += 1
            return
        advice = coach.advise(state, seat)
        if advice is None:
            assert state.phase not in ("turn", "claim", "rob")
            return
        assert advice.choice == choose_action(state, seat, "expert", random.Random(0))
        assert advice.reason in coach.REASONS
        unseen = unseen_of(state, seat)
        if state.phase != "turn":
            counted["claim"] += 1
            return
        legal = sorted({t for verb, t in state.legal_actions(seat) if verb == "discard"})
        assert sorted(a.tile for a in advice.discards) == legal
        assert advice.discards[0].chosen
        others = {o for o in range(players) if o != seat and not state.out[o]}
        for candidate in advice.discards:
            assert {o for o, _ in candidate.danger} <= others
            for t, copies in candidate.effective:
                assert copies == unseen[t] > 0  # never a tile none of which is left
                assert suits == 3 or t >= RANKS  # with two suits never a 万
            for wait in candidate.waits:
                assert wait.unseen == unseen[parse_tile(wait.tile)]
        for waits in discard_hints(state, seat).values():
            counted["hinted"] += 1
            assert all(w.unseen == unseen[parse_tile(w.tile)] for w in waits)
        counted["turn"] += 1

    for number in range(4):
        state = dealt("coach-sizes", number, options)
        play_round(state, LEVELS[:players], random.Random(number), on_decision=check)
        for seat in range(players):
            current_waits(state, seat)  # the ended round asks nothing, raises nothing
    assert counted["turn"] > 20 and counted["claim"] > 0 and counted["hinted"] > 0
    assert counted["exchange"] == 4 * players


def test_the_coach_names_each_other_player_s_danger_at_a_table_for_three():
    # 三人两房: seat 0 holds 123456789s11p459p; the others have thrown a while.
    state = dealt("coach-three", 0, RoomOptions(players=3, suits=2))
    state.hands[0] = [0] * len(state.hands[0])
    for t in parse_tiles("123456789s11p459p"):
        state.hands[0][t] += 1
    state.discards[1] = parse_tiles("2288s1177p")
    state.discards[2] = parse_tiles("3377s2288p")
    advice = coach.advise(state, 0)
    assert advice.choice == ("discard", parse_tile("9p"))
    nine = advice.discards[0]
    assert nine.tile == parse_tile("9p") and nine.shanten == 0
    assert {w.tile for w in nine.waits} == {"3p", "6p"}
    assert [seat for seat, _ in nine.danger] == [1, 2]


def play_and_expect(number: int, options: RoomOptions, levels) -> tuple:
    """A round from its deal with seat 0's moves, every seventh made for the person; the
    (step, move) where 大师 would have chosen otherwise; and seat 0's own decisions."""
    deal = dealt("review-sizes", number, options)
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


@pytest.mark.parametrize("suits", [2, 3])
def test_the_review_against_the_expert_works_on_a_round_at_a_table_for_three(suits):
    options = RoomOptions(players=3, suits=suits)
    total_decisions = total_differences = 0
    for number in range(4):
        start, moves, expected, decisions = play_and_expect(number, options, LEVELS)
        result = review(start, moves, 0)
        assert [(d.step, d.played) for d in result.differences] == expected
        assert result.decisions == decisions
        for difference in result.differences:
            for candidate in difference.advice.discards:
                assert {seat for seat, _ in candidate.danger} <= {1, 2}
        total_decisions += decisions
        total_differences += len(expected)
    assert total_decisions > 20 and 0 < total_differences < total_decisions
