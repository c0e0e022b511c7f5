"""The outside player ebony72 seated on our engine (benchmarks.bots.opponents.ebony): it plays
whole rounds legally, decides only on what its seat may see, reproduces its own engine's
games under the rules closest to its own, and the tournament gives the same result
whatever the number of worker processes. Skipped when its code is not at
../shared/opponents/ebony72 (relative to the project root)."""

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.players.simulate import play_round
from games.rules.options import RoomOptions
from games.rules.round import SEATS, Round

ROOT = Path(__file__).resolve().parents[2]
EBONY_DIR = ROOT / ".." / "shared" / "opponents" / "ebony72"
if not (EBONY_DIR / "strategyz0614.py").is_file():
    pytest.skip(f"ebony72 is not at {EBONY_DIR}", allow_module_level=True)

from benchmarks.bots import bench_bots  # noqa: E402
from benchmarks.bots.opponents import ebony  # noqa: E402
from tests.rules.states import scramble_hidden_tiles  # noqa: E402


def play(levels, seed: str, options=None, dealer: int = 0, check=None):
    """One round with these levels; every action taken must be legal. Returns the ended
    state, the table (log, fallbacks) and how many decisions each level made."""
    state = Round.deal(seed=seed, dealer=dealer, options=RoomOptions.from_dict(options))
    table = ebony.Table()
    decisions = Counter()

    def legal_only(state, seat, action, seconds):
        assert action in state.legal_actions(seat), (seat, levels[seat], action)
        decisions[levels[seat]] += 1
        if check is not None:
            check(state, seat, action, table)

    play_round(
        state,
        levels,
        random.Random(seed),
        on_decision=legal_only,
        choose=table.choose,
        on_applied=table.observe,
    )
    return state, table, decisions


def assert_ended_well(state, table, decisions, levels):
    assert state.phase == "ended"
    assert sum(state.net()) == 0
    assert state.tiles_accounted() == 108
    assert all(decisions[level] > 0 for level in levels)
    assert all(not counts for counts in table.fallbacks), table.fallbacks


# --- whole rounds -------------------------------------------------------------------------


def test_four_ebony_z_seats_play_a_round_to_its_end():
    levels = ("ebony-z",) * SEATS
    state, table, decisions = play(levels, "ebony-four-5", dealer=1)
    assert_ended_well(state, table, decisions, levels)


@pytest.mark.parametrize(
    "options",
    [ebony.EBONY_RULES, {}, {"mode": "xueliu"}],
    ids=["ebony-rules", "default-rules", "xueliu"],
)
def test_ebony_initial_and_our_expert_play_a_round_together(options):
    levels = ("ebony-initial", "expert", "ebony-initial", "expert")
    state, table, decisions = play(levels, "ebony-mixed", options, dealer=2)
    assert_ended_well(state, table, decisions, levels)


def test_with_exchange_three_ebony_seats_swap_our_bots_pick():
    levels = ("ebony-z", "expert", "ebony-initial", "strong")
    picks = []

    def note_picks(state, seat, action, table):
        if action[0] == "exchange":
            picks.append(seat)

    state, table, decisions = play(
        levels, "ebony-exchange", {"exchange_three": True}, check=note_picks
    )
    assert_ended_well(state, table, decisions, levels)
    assert sorted(picks) == list(range(SEATS))


# --- no peeking ---------------------------------------------------------------------------


def test_ebony_decides_without_hidden_information():
    """Its choice stays the same when the other seats' concealed tiles and the wall are
    dealt anew (the public log is the same: it holds only what everybody saw)."""
    levels = ("ebony-initial", "ebony-z", "ebony-initial", "expert")
    scrambler = random.Random(5)
    compared = Counter()

    def same_choice_on_scrambled_copies(state, seat, action, table):
        level = levels[seat]
        if level == "expert":
            return
        for _ in range(2):
            copy = scramble_hidden_tiles(state, seat, scrambler)
            assert copy.hands[seat] == state.hands[seat]
            assert ebony.ebony_action(copy, seat, level, log=table.log) == action
        compared[level] += 1

    for deal in range(2):
        play(levels, f"no-peeking-{deal}", dealer=deal, check=same_choice_on_scrambled_copies)
    assert compared["ebony-initial"] > 50 and compared["ebony-z"] > 30


def test_other_seats_are_stand_ins_without_tiles():
    state = Round.deal(seed="stand-ins", dealer=0)
    for seat in range(SEATS):
        state.apply(seat, ("void", seat % 3))
    player, dealer, players = ebony.build_table(ebony.load(), state, 0, ebony.PublicLog())
    assert len(player.hand) == 14 and player.player_id == 0
    assert all(p.hand == [] for p in players if p is not player)
    assert dealer.deck == [None] * len(state.wall)
    assert dealer.numWl == len(state.wall) - 1 and dealer.act_history == [[0, "draw"]]


def test_an_answer_our_engine_cannot_take_is_replaced_and_counted(monkeypatch):
    state = Round.deal(seed="fallback", dealer=0)
    for seat in range(SEATS):
        state.apply(seat, ("void", seat % 3))
    strategy = ebony.load().strategies["ebony-initial"]
    monkeypatch.setattr(strategy, "check_zimo", lambda *args: "stand")
    monkeypatch.setattr(strategy, "check_zikong", lambda *args: ["stand", "zikong"])
    fallbacks = Counter()

    def broken(*args):
        raise ValueError("a bug of its own")

    for answer in (lambda *args: [5, 5], broken):  # no such tile; an exception
        monkeypatch.setattr(strategy, "select_a_card_to_discard", answer)
        action = ebony.ebony_action(state, 0, "ebony-initial", fallbacks=fallbacks)
        assert action in state.legal_actions(0) and action[0] == "discard"
    assert fallbacks == {"discard": 1, "discard (raised)": 1}


def test_its_modules_shadow_nothing():
    ebony.load()
    names = ("utils", "dfncy", "hytreekong", "xzplayer", "xzdealer", "strategyz0614")
    assert not [m for m in sys.modules if m.partition(".")[0] in names]
    assert str(EBONY_DIR.resolve()) not in sys.path
    assert ebony.load().strategies["ebony-z"].Oracle is False


# --- its hand evaluation, made faster (benchmarks.bots.opponents.ebony_speed) ---------------------


def random_hands(count: int, seed: int):
    """(T, Pg, KB, dc) as ebony-z asks hyval: up to 14 tiles of two suits (no tile of the
    void dc), 0–2 pongs, unseen counts with many zeros (and, rarely, a negative one)."""
    rng = random.Random(seed)
    for _ in range(count):
        dc = rng.randrange(3)
        kinds = [[c, n] for c in range(3) if c != dc for n in range(1, 10)]
        pongs = rng.sample(kinds, rng.randrange(3))
        pool = [list(k) for k in kinds if k not in pongs for _ in range(4)]
        size = rng.choice([13, 14, 2, 1, 5, 8, 11]) - 3 * len(pongs)
        T = rng.sample(pool, max(size, 1))
        KB = [rng.choice([0, 0, 1, 2, 3, 4, -1] if i % 9 else [0, 1, 4]) for i in range(27)]
        yield T, [list(p) for p in pongs], KB, dc


def test_its_hand_value_is_unchanged_by_the_speed_ups():
    """hyval with the faster cost and the wider cache gives what its own _hyval_impl and
    cost give, and the faster cost equals its cost on every partial decomposition its
    search prices."""
    hk = ebony.load().strategies["ebony-z"].hk
    fast_cost, original_cost = hk.cost, hk.cost.original
    priced = []

    def spy(*args):
        priced.append([json.loads(json.dumps(a)) for a in args])
        return original_cost(*args)

    for T, Pg, KB, dc in random_hands(40, seed=7):
        hk.cost = spy
        try:
            expected = hk._hyval_impl([list(t) for t in T], Pg, KB, dc)
        finally:
            hk.cost = fast_cost
        T.reverse()  # hyval sorts T in place, as its callers expect
        assert hk.hyval(T, Pg, KB, dc) == expected, (T, Pg, KB, dc)
        assert T == sorted(T)
    assert len(priced) > 1000
    assert len({str(call[0]) for call in priced}) > 100  # many distinct decompositions
    for pi, T, Pg, KB, dc in priced:
        assert fast_cost(pi, T, Pg, KB, dc) == original_cost(pi, T, Pg, KB, dc)


def test_its_next_tile_and_bad_decomposition_tests_are_unchanged_by_the_speed_ups():
    hk = ebony.load().strategies["ebony-z"].hk
    odd = [[c, n] for c in (-1, 0, 1, 2, 3) for n in range(-1, 12)]
    odd += [3, 8, 9, 0, None, (0, 1), [0, True], [0.0, 1], [0, 1, 2], "x"]
    for t in odd:
        for name in ("nxtile", "nnxtile"):
            assert getattr(hk, name)(t) == getattr(hk, name).original(t), (name, t)
    original_cost, priced = hk.cost.original, []

    def spy(pi, *args):
        priced.append((json.loads(json.dumps(pi)), args[2]))
        return original_cost(pi, *args)

    for T, Pg, KB, dc in random_hands(20, seed=11):
        fast = hk.cost
        hk.cost = spy
        try:
            hk._hyval_impl([list(t) for t in T], Pg, KB, dc)
        finally:
            hk.cost = fast
    bad = 0
    for pi, KB in priced:
        assert hk.haha(pi, KB, 0) == hk.haha.original(pi, KB, 0), (pi, KB)
        bad += hk.haha.original(pi, KB, 0)
    assert 0 < bad < len(priced)  # both answers were checked, many times


@pytest.mark.slow  # a whole tournament, played twice
def test_the_speed_ups_change_no_decision_of_a_tournament(monkeypatch):
    def rounds(summary):
        return [
            (
                p["a"],
                p["b"],
                p["difference"]["mean"],
                p["levels"]["ebony-z"]["wins"],
                p["levels"]["ebony-z"]["patterns"],
            )
            for p in summary["pairings"]
        ]

    hk = ebony.load().strategies["ebony-z"].hk
    fast = rounds(bench_bots.run(("strong", "ebony-z"), 2, seed=21, rules="ebony", workers=1))
    for name in ("hyval", "cost", "haha", "nxtile", "nnxtile"):
        monkeypatch.setattr(hk, name, getattr(hk, name).original)
    assert (
        rounds(bench_bots.run(("strong", "ebony-z"), 2, seed=21, rules="ebony", workers=1)) == fast
    )


def test_the_wider_cache_answers_from_the_zero_pattern_of_kb():
    hk = ebony.load().strategies["ebony-z"].hk
    T, Pg, KB, dc = next(random_hands(1, seed=3))
    first = hk.hyval(list(T), Pg, KB, dc)
    more_unseen = [k + 2 if k > 0 else k for k in KB]
    assert hk.hyval(list(T), Pg, more_unseen, dc) == first
    assert hk.hyval.original(list(T), Pg, more_unseen, dc) == first  # its own cache agrees


# --- faithful to its own engine ------------------------------------------------------------

# Run in a child process: ebony's own engine (webgame/game_core.py) imports its modules
# as top-level ``utils``, ``xzplayer`` … and leaves them in sys.modules.
SAME_GAME = """
import json, random, sys
from benchmarks.bots.opponents import ebony
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.players.simulate import play_round

ebony.load()
sys.dont_write_bytecode = True  # no __pycache__ in its folder
sys.path[:0] = [str(ebony.EBONY_DIR / "webgame"), str(ebony.EBONY_DIR)]
import game_core

def tile(card):
    return card[0] * 9 + card[1] - 1

rows = []
for seed in SEEDS:
    game = game_core.GameSession(seed=seed, strategies=["initial"] * 4, human=None)
    hands = [[tile(card) for card in player.hand] for player in game.players]
    wall = [tile(card) for card in reversed(game.dealer.deck)]  # it draws from the end
    game.advance()
    state = Round.from_deal(hands, wall, 0, RoomOptions.from_dict(ebony.EBONY_RULES))
    table = ebony.Table()
    play_round(state, ["ebony-initial"] * 4, random.Random(0), choose=table.choose,
               on_applied=table.observe)
    rows.append({"theirs": game.dealer.act_history, "scores": [p.myscore for p in game.players],
                 "ours": ebony.ebony_history(table.log, ebony.Seats(0)), "net": state.net()})
print(json.dumps(rows))
"""


def test_on_its_own_deals_it_plays_the_games_of_its_own_engine():
    """Under EBONY_RULES our engine with ebony-initial seats plays, action for action,
    the game its own engine plays on the same deal, with the same scores."""
    script = SAME_GAME.replace("SEEDS", "[0, 1, 2, 3]")
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    for row in json.loads(out.splitlines()[-1]):
        assert row["ours"] == row["theirs"]
        assert row["net"] == row["scores"]


# --- the tournament -----------------------------------------------------------------------


def test_the_tournament_gives_the_same_result_with_one_or_two_workers():
    def without_timings(summary):
        for key in ("seconds", "rounds_per_second", "workers"):
            summary.pop(key)
        for stats in [
            *summary["levels"].values(),
            *(s for p in summary["pairings"] for s in p["levels"].values()),
        ]:
            stats.pop("decisions")
        return summary

    one, two = (
        bench_bots.run(("easy", "ebony-initial"), 8, seed=4, rules="ebony", workers=workers)
        for workers in (1, 2)
    )
    assert two["workers"] == 2
    assert without_timings(one) == without_timings(two)
    stats = one["levels"]["ebony-initial"]
    assert stats["seat_rounds"] == 16 and 0 <= stats["zimo_rate"] <= stats["win_rate"]
    assert stats["fallbacks"] == {}
    assert one["options"]["cap"] is None and one["rules"] == "ebony"


def test_command_line_takes_ebony_levels_rules_and_workers(capsys):
    bench_bots.main(
        [
            "--rounds",
            "4",
            "--levels",
            "strong,ebony-initial",
            "--rules",
            "ebony",
            "--workers",
            "1",
            "--seed",
            "3",
        ]
    )
    text = capsys.readouterr().out
    assert "| ebony-initial | all | 8 |" in text and "rules ebony" in text
    assert "ebony-initial: answers not allowed by our engine (fallback played): none" in text
