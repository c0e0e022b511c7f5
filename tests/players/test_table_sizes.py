"""The computer players at tables for three and for two and of two suits (RULES.md section
14): whole rounds with legal moves only, at every level, and what the expert counts as
unseen and as dangerous fits the table it sits at."""

import random

import pytest

from games.players.bots import Shape, choose_exchange, unseen_counts, unseen_of
from games.players.computer import LEVELS, choose_action
from games.players.expert import defence, live
from games.players.simulate import play_round, simulate
from games.rules.exchange import all_picks, validate_pick
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import COPIES, RANKS, parse_tiles, to_counts
from tests.rules.states import scramble_hidden_tiles

# (players, suits): 三人两房, 三人三房, 两人三房, 两人两房, 四人两房.
TABLES = [(3, 2), (3, 3), (2, 3), (2, 2), (4, 2)]
MIXED = ("expert", "strong", "easy", "expert")
MAN = range(RANKS)  # the 万 tiles: none in a wall of two suits


def dealt(seed: str, number: int, options: RoomOptions) -> Round:
    return Round.deal(seed=f"{seed}-{number}", dealer=number % options.players, options=options)


def hidden_from(state: Round, seat: int) -> int:
    """How many tiles ``seat`` cannot see: the wall, the other concealed hands and the
    concealed kongs it is not shown."""
    hidden = len(state.wall)
    for other in range(state.seats):
        if other == seat:
            continue
        if not state.hand_laid_down(other):
            hidden += sum(state.hands[other])
        if not state.concealed_kong_seen(other, seat):
            hidden += sum(m.size for m in state.melds[other] if m.kind == "concealed")
    return hidden


# --- whole rounds -----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players, suits", TABLES)
def test_every_level_plays_rounds_to_the_end_with_legal_moves_only(players, suits, level):
    options = RoomOptions(players=players, suits=suits)
    levels = (level,) * players
    decisions = winners = 0

    def check(state, seat, action, seconds):
        nonlocal decisions
        assert action in state.legal_actions(seat), (state.phase, seat, action)
        assert state.phase != "void" or suits == 3  # no 定缺 with two suits
        decisions += 1

    for number in range(6):
        state = dealt(f"sizes-{level}", number, options)
        play_round(state, levels, random.Random(number), on_decision=check)
        assert state.phase == "ended" and state.end in ("one_left", "wall_empty")
        assert sum(state.net()) == 0 and len(state.net()) == players
        assert state.tiles_accounted() == 36 * suits
        assert all(void is None for void in state.voids) == (suits == 2)
        if suits == 2:
            assert not any(t in MAN for pile in state.discards for t in pile)
        winners += len(state.winners)
    assert decisions > 80
    if level != "easy":  # the easy level only wins what falls into its hands
        assert winners >= 5, winners


@pytest.mark.parametrize(
    "players, suits, more",
    [
        (3, 2, {"ron_needs_fan": True, "cap": 3}),  # the 三人两房 preset
        (3, 2, {"exchange_three": True}),
        (2, 2, {"exchange_three": True, "pongs_fan": 2}),
        (3, 3, {"exchange_three": True, "mode": "xueliu"}),
        (2, 3, {"middle_five": True, "zimo_bonus": "fan"}),
        (4, 2, {"mode": "xueliu"}),
    ],
)
def test_levels_play_each_other_at_every_table_under_its_options(players, suits, more):
    options = RoomOptions(players=players, suits=suits, **more)
    levels = MIXED[:players]
    wins = {level: 0 for level in levels}
    phases = set()

    def check(state, seat, action, seconds):
        assert action in state.legal_actions(seat), (state.phase, seat, action)
        phases.add(state.phase)

    for number in range(8):
        state = dealt("sizes-mixed", number, options)
        play_round(state, levels, random.Random(number), on_decision=check)
        assert state.phase == "ended" and sum(state.net()) == 0
        for win in state.winners:
            wins[levels[win["seat"]]] += 1
    assert ("void" in phases) == (suits == 3)
    assert ("exchange" in phases) == options.exchange_three
    assert wins["expert"] > 0 and wins["strong"] > 0, wins


@pytest.mark.parametrize("players, suits", TABLES)
def test_simulate_seats_one_level_per_seat_of_the_table(players, suits):
    options = {"players": players, "suits": suits}
    summary = simulate(3, "sizes-simulate", options)
    assert summary["rounds"] == 3 and len(summary["levels"]) == players
    assert len(summary["net_per_seat"]) == players and sum(summary["net_per_seat"]) == 0
    assert set(summary["mean_points_per_round"]) == {"strong", "easy"}
    with pytest.raises(ValueError, match=f"each of the {players} seats"):
        simulate(1, "sizes-simulate", options, ("strong",) * (players + 1))


def test_simulate_s_command_line_takes_a_table_for_two(capsys):
    from games.players.simulate import main

    main(["--rounds", "2", "--options", '{"players": 2, "suits": 2}', "--levels", "expert,easy"])
    text = capsys.readouterr().out
    assert "levels by seat: expert, easy" in text and "rounds: 2" in text
    with pytest.raises(SystemExit):
        main(["--options", '{"players": 3}', "--levels", "strong,easy"])
    assert "needs 3 of" in capsys.readouterr().err


# --- what the expert counts -------------------------------------------------------------


def test_with_two_suits_no_man_tile_is_unseen():
    visible = to_counts(parse_tiles("1123m99p"))
    three, two = unseen_counts(visible), unseen_counts(visible, 2)
    assert three[0] == 2 and three[1] == 3 and three[RANKS] == COPIES
    assert [two[t] for t in MAN] == [0] * RANKS
    assert two[RANKS:] == three[RANKS:] and sum(two) == 2 * RANKS * COPIES - 2
    assert defence.unseen_counts(visible, 2) == two


@pytest.mark.parametrize("players, suits", [(3, 2), (2, 2), (4, 2), (3, 3)])
def test_the_expert_s_unseen_tiles_are_what_its_seat_cannot_see(players, suits):
    options = RoomOptions(players=players, suits=suits)
    checked = 0

    def check(state, seat, action, seconds):
        nonlocal checked
        if state.phase != "turn" or state.current != seat or state.locked(seat):
            return
        unseen = unseen_of(state, seat)
        assert sum(unseen) == hidden_from(state, seat)
        assert all(0 <= n <= COPIES for n in unseen)
        if suits == 2:
            assert not any(unseen[t] for t in MAN)
        others = {o for o in range(players) if o != seat and not state.out[o]}
        per_opponent = defence.deal_in_chances(state, seat, unseen)
        assert set(per_opponent) <= others
        risk = defence.danger(state, seat, unseen, per_opponent)
        weights = live.live_weights(state, seat, unseen)
        held = live.held_per_suit(state, seat)
        if suits == 2:
            assert not any(risk[t] for t in MAN) and not any(weights[t] for t in MAN)
            assert held[0] == 0
        assert sum(weights) == pytest.approx(sum(unseen))
        # Its discard is a tile of the table's suits, from its own hand.
        assert action[0] != "discard" or state.hands[seat][action[1]] > 0
        checked += 1

    for number in range(4):
        state = dealt("sizes-unseen", number, options)
        play_round(state, MIXED[:players], random.Random(number), on_decision=check)
    assert checked > 40


def test_with_two_suits_an_opponent_discarding_both_is_not_read_as_a_flush():
    state = dealt("sizes-flush", 0, RoomOptions(players=3, suits=2))
    state.discards[1] = parse_tiles("19p19s5p5s")  # both suits alike: no 清一色 sign
    state.discards[2] = parse_tiles("123456p")  # throws only 筒: keeps 条
    assert defence.expected_fan(state, 0, 1) == pytest.approx(0.6)
    assert defence.expected_fan(state, 0, 2) == pytest.approx(1.6)


def test_at_a_table_for_three_the_others_hands_are_spread_over_the_suits_in_play():
    state = dealt("sizes-held", 1, RoomOptions(players=3, suits=2))
    held = live.held_per_suit(state, 0)
    others = sum(state.hands[1]) + sum(state.hands[2])
    assert held == [0.0, others / 2, others / 2]


def shanten_without(counts: list[int], tiles: tuple[int, ...]) -> int:
    rest = list(counts)
    for t in tiles:
        rest[t] -= 1
    return Shape(rest, 0, None).shanten


@pytest.mark.parametrize("players", [3, 2])
def test_with_two_suits_the_exchange_pick_leaves_the_best_hand(players):
    options = RoomOptions(players=players, suits=2, exchange_three=True)
    for number in range(6):
        state = dealt("sizes-exchange", number, options)
        for seat in range(players):
            counts = state.hands[seat]
            pick = choose_exchange(state, seat)
            assert validate_pick(counts, pick) == pick
            best = min(shanten_without(counts, p) for p in all_picks(counts))
            assert shanten_without(counts, pick) == best


def test_at_a_table_for_three_of_two_suits_the_levels_decide_without_hidden_information():
    options = RoomOptions(players=3, suits=2, exchange_three=True)
    scrambler = random.Random(5)
    compared = 0

    def check(state, seat, action, seconds):
        nonlocal compared
        level = MIXED[seat]
        copy = scramble_hidden_tiles(state, seat, scrambler)
        seen = choose_action(state, seat, level, random.Random(compared))
        assert choose_action(copy, seat, level, random.Random(compared)) == seen
        compared += 1

    for number in range(3):
        state = dealt("sizes-no-peeking", number, options)
        play_round(state, MIXED[:3], random.Random(number), on_decision=check)
    assert compared > 80
