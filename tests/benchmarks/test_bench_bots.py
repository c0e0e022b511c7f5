"""The duplicate tournament of benchmarks.bots.bench_bots: every deal in every arrangement,
levels rotated through the seats, and statistics that add up."""

import json
import random
from collections import Counter

import pytest

from benchmarks.bots import bench_bots
from games.players.expert import player as expert_player
from games.rules.round import SEATS, Round
from tests.rules.states import ron_offer

LEVELS = ("easy", "strong")
DEALS = 3


@pytest.fixture(scope="module")
def played():
    return bench_bots.play_all(LEVELS, DEALS, seed=7, arrangements="all")


def test_every_deal_is_played_in_every_arrangement(played):
    results, _ = played
    layout = bench_bots.ARRANGEMENTS["all"]
    seen = Counter((r.deal, r.arrangement) for r in results)
    assert seen == Counter({(deal, a): 1 for deal in range(DEALS) for a in layout})
    assert {r.pairing for r in results} == {LEVELS}


def test_each_level_sits_in_every_seat_equally_often(played):
    results, _ = played
    for deal in range(DEALS):
        seats = Counter(
            (level, seat) for r in results if r.deal == deal for seat, level in enumerate(r.levels)
        )
        # six arrangements, each level in two seats of each: three times per seat
        assert seats == Counter({(level, seat): 3 for level in LEVELS for seat in range(SEATS)})


def test_alternate_is_abab_and_baba():
    assert bench_bots.seat_levels(LEVELS, "ABAB") == ("easy", "strong", "easy", "strong")
    assert bench_bots.seat_levels(LEVELS, "BABA") == ("strong", "easy", "strong", "easy")


def test_points_sum_to_zero_and_feeders_match_wins(played):
    results, _ = played
    for deal in range(DEALS):
        rounds = [r for r in results if r.deal == deal]
        assert sum(sum(r.net) for r in rounds) == 0
    for r in results:
        assert sum(r.net) == 0
        for seat in range(SEATS):
            assert not (r.pig[seat] and r.not_ready[seat])  # a pig counts as a pig only


def test_round_result_reads_wins_feeders_and_settlement():
    state = Round.deal(seed="bench-bots", dealer=0)
    state.phase, state.end = "ended", "wall_empty"
    state.winners = [
        {
            "seat": 0,
            "how": "ron",
            "fan": 2,
            "from": 2,
            "patterns": {"duiduihu": 1, "jingoudiao": 1},
        },
        {"seat": 1, "how": "zimo", "fan": 1, "from": None, "patterns": {"pinghu": 0, "zimo": 1}},
    ]
    state.ledger = [
        {"payer": 2, "payee": 0, "amount": 4, "reason": "ron"},
        {"payer": 2, "payee": 1, "amount": 2, "reason": "zimo"},
        {"payer": 3, "payee": 1, "amount": 2, "reason": "zimo"},
        {"payer": 3, "payee": 2, "amount": 16, "reason": "pig"},
    ]
    state.settlement = {"pigs": [3], "not_ready": [2, 3], "ready": {}}
    r = bench_bots.round_result(state, LEVELS, 0, "ABAB", ("easy", "strong") * 2)
    assert r.won == (True, True, False, False)
    assert r.fans == ((2,), (1,), (), ())
    assert r.fed == (False, False, True, False)  # 自摸 has no feeder
    assert r.pig == (False, False, False, True)
    assert r.not_ready == (False, False, True, False)
    assert r.net == (4, 4, 10, -18)
    # By source: discard wins, 自摸, kongs, wall end.
    assert r.income == ((4, 0, 0, 0), (0, 4, 0, 0), (-4, -2, 0, 16), (0, -2, 0, -16))
    assert r.patterns == (
        (("duiduihu", 1), ("jingoudiao", 1)),
        (("pinghu", 1), ("zimo", 1)),
        (),
        (),
    )


def test_the_patterns_of_a_level_s_wins_are_shares_of_its_wins(played):
    results, timings = played
    summary = bench_bots.summarise(results, LEVELS, timings)
    assert summary["levels"]["strong"]["wins"] > 0  # (easy may win none in these rounds)
    for level, stats in summary["levels"].items():
        kinds = Counter()
        for r in results:
            for s in range(SEATS):
                if r.levels[s] == level:
                    kinds.update(dict(r.patterns[s]))
        # Every win counts its pattern (平胡 at least), so no share is above one.
        assert all(0 < share <= 1 for share in stats["patterns"].values())
        assert (
            sum(
                share
                for name, share in stats["patterns"].items()
                if name in ("pinghu", "duiduihu", "qingyise", "qidui")
            )
            <= 1 + 1e-9
        )
        assert stats["patterns"] == pytest.approx(
            {name: count / stats["wins"] for name, count in kinds.items()}
        )
    text = bench_bots.format_markdown(
        {
            **summary,
            "deals_per_pairing": DEALS,
            "seed": 7,
            "arrangements": ["ABAB"],
            "seconds": 1.0,
            "rounds_per_second": 1.0,
            "options": {},
        }
    )
    assert "Share of wins counting each pattern or extra" in text
    assert f"- strong ({summary['levels']['strong']['wins']} wins): pinghu " in text


def test_income_by_source_reads_each_payment_reason():
    expected = {
        "ron": "discard_win",
        "rob_kong": "discard_win",
        "zimo": "zimo",
        "kong_exposed": "kongs",
        "kong_transfer": "kongs",
        "kong_refund": "kongs",
        "pig": "wall_end",
        "not_ready": "wall_end",
        "ready_difference": "wall_end",
    }
    for reason, source in expected.items():
        assert bench_bots.income_source(reason) == source


def test_income_by_source_adds_up_to_the_points(played):
    results, timings = played
    for r in results:
        assert tuple(sum(row) for row in r.income) == r.net
    # Kong money and both kinds of wins happen in a few real rounds.
    assert any(row[0] for r in results for row in r.income)
    assert any(row[1] for r in results for row in r.income)
    summary = bench_bots.summarise(results, LEVELS, timings)
    for level, stats in summary["levels"].items():
        nets = [r.net[s] for r in results for s in range(SEATS) if r.levels[s] == level]
        assert sum(stats["income"].values()) == pytest.approx(sum(nets) / len(nets))


def test_kong_money_by_kind_is_what_the_ledger_paid_for_kongs():
    state = Round.deal(seed="kong-money", dealer=0)
    state.ledger.extend(
        [
            {"payer": 1, "payee": 0, "amount": 2, "reason": "kong_concealed"},
            {"payer": 2, "payee": 0, "amount": 2, "reason": "kong_concealed"},
            {"payer": 3, "payee": 1, "amount": 2, "reason": "kong_exposed"},
            {"payer": 1, "payee": 2, "amount": 2, "reason": "kong_transfer"},
            {"payer": 0, "payee": 3, "amount": 8, "reason": "zimo"},
        ]
    )
    result = bench_bots.round_result(
        state, ("easy", "strong"), 0, "ABAB", bench_bots.seat_levels(("easy", "strong"), "ABAB")
    )
    kinds = dict(zip(bench_bots.KONG_REASONS, zip(*result.kong_money, strict=True), strict=True))
    assert kinds["kong_concealed"] == ((4, 0), (0, 2), (0, 2), (0, 0))
    assert kinds["kong_exposed"] == ((0, 0), (2, 0), (0, 0), (0, 2))
    assert kinds["kong_transfer"] == ((0, 0), (0, 2), (2, 0), (0, 0))
    assert kinds["kong_added"] == kinds["kong_refund"] == ((0, 0),) * SEATS
    assert [sum(got - paid for got, paid in row) for row in result.kong_money] == [
        row[bench_bots.INCOME_SOURCES.index("kongs")] for row in result.income
    ]


def test_kong_money_of_real_rounds_adds_up_to_their_kong_income(played):
    results, timings = played
    kongs = bench_bots.INCOME_SOURCES.index("kongs")
    for r in results:
        assert [sum(got - paid for got, paid in row) for row in r.kong_money] == [
            row[kongs] for row in r.income
        ]
    assert any(got for r in results for row in r.kong_money for got, _ in row)
    summary = bench_bots.summarise(results, LEVELS, timings)
    for stats in summary["levels"].values():
        net = sum(k["received"] - k["paid"] for k in stats["kong_money"].values())
        assert net == pytest.approx(stats["income"]["kongs"])
    text = bench_bots.format_markdown(
        {
            **summary,
            "seed": 7,
            "deals_per_pairing": DEALS,
            "arrangements": ["ABAB"],
            "rules": "default",
            "seconds": 1.0,
            "rounds_per_second": 1.0,
            "options": {},
        }
    )
    assert "Kong money per seat-round, received / paid:" in text


def test_summary_rates_and_intervals(played):
    results, timings = played
    summary = bench_bots.summarise(results, LEVELS, timings)
    easy, strong = summary["levels"]["easy"], summary["levels"]["strong"]
    for stats in (easy, strong):
        assert stats["seat_rounds"] == DEALS * 6 * 2
        for key in ("win_rate", "deal_in_rate", "pig_rate", "not_ready_rate"):
            assert 0 <= stats[key] <= 1
        ci = stats["points"]
        assert ci["n"] == DEALS
        assert ci["low"] <= ci["mean"] <= ci["high"]
        assert stats["decisions"]["decisions"] > 0
        assert stats["decisions"]["mean_ms"] <= stats["decisions"]["max_ms"]
    # Two against two: what one level wins the other loses.
    assert easy["points"]["mean"] == pytest.approx(-strong["points"]["mean"])
    total = sum(sum(r.net[s] for s in range(SEATS) if r.levels[s] == "strong") for r in results)
    assert strong["points"]["mean"] == pytest.approx(total / strong["seat_rounds"])
    (pairing,) = summary["pairings"]
    diff = pairing["difference"]
    assert diff["mean"] == pytest.approx(easy["points"]["mean"] - strong["points"]["mean"])
    assert diff["low"] <= diff["mean"] <= diff["high"]


def test_same_seed_same_result():
    first = bench_bots.run(LEVELS, 4, seed=3)
    second = bench_bots.run(LEVELS, 4, seed=3)
    for summary in (first, second):
        summary.pop("seconds"), summary.pop("rounds_per_second")
        for stats in summary["levels"].values():
            stats.pop("decisions")
        for pairing in summary["pairings"]:
            for stats in pairing["levels"].values():
                stats.pop("decisions")
    assert first == second


def test_command_line_prints_tables_and_writes_json(tmp_path, capsys):
    out = tmp_path / "bots.json"
    bench_bots.main(["--rounds", "4", "--levels", "easy,strong", "--seed", "2", "--json", str(out)])
    text = capsys.readouterr().out
    assert "| easy | all | 8 |" in text  # 4 rounds, 2 seats each
    assert "| easy v strong | 2 | 4 |" in text
    data = json.loads(out.read_text())
    assert data["rounds"] == 4 and data["deals_per_pairing"] == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--levels", "easy,grandmaster"], "unknown level(s) grandmaster"),
        (["--levels", "easy,easy"], "two different levels"),
        (["--rounds", "1"], "too few"),
        (["--options", '{"cap": 99}'], "cap"),
    ],
)
def test_bad_input_is_a_clear_error(args, message, capsys):
    with pytest.raises(SystemExit):
        bench_bots.main(args)
    assert message in capsys.readouterr().err


def test_an_expert_variant_plays_without_its_part_and_leaves_the_expert_whole():
    # The wide wait of tests/players/test_expert.py: the expert lets the win pass, the
    # expert without zimo_wait takes it, and the expert is itself again afterwards.
    state = ron_offer("123456789m2223p", "4p", wall_size=50)
    rng = random.Random(0)
    assert bench_bots.choose_ours(state, 0, "expert-without-zimo_wait", rng) == ("win", None)
    assert expert_player.PARTS["zimo_wait"] is True
    assert bench_bots.choose_ours(state, 0, "expert", rng) == ("pass", None)
    summary = bench_bots.run(["expert", "expert-without-zimo_wait"], 8, seed=3)
    assert set(summary["levels"]) == {"expert", "expert-without-zimo_wait"}


# --- --against and the paired contrasts ---------------------------------------------------


def synthetic_round(pairing, deal, arrangement, level_points):
    """A round whose seats of each level won ``level_points[level]`` points each."""
    levels = bench_bots.seat_levels(pairing, arrangement)
    nothing = (False,) * SEATS
    return bench_bots.RoundResult(
        pairing=pairing,
        deal=deal,
        arrangement=arrangement,
        levels=levels,
        net=tuple(level_points[level] for level in levels),
        won=nothing,
        fed=nothing,
        fans=((),) * SEATS,
        pig=nothing,
        not_ready=nothing,
        end="wall_empty",
    )


def test_a_contrast_cancels_the_luck_of_the_deal_the_pairings_share():
    # Deal luck of ±5 points that whoever sits at the table against C gets alike; X
    # gains one point per seat-round more from it than Y does.
    luck = [5, -5, 3, -3, 0, 4]
    results = []
    for deal, points in enumerate(luck):
        for arrangement in ("ABAB", "BABA"):
            results.append(
                synthetic_round(("X", "C"), deal, arrangement, {"X": points + 1, "C": -points - 1})
            )
            results.append(
                synthetic_round(("Y", "C"), deal, arrangement, {"Y": points, "C": -points})
            )
    assert bench_bots.pairings_of(("X", "Y", "C"), against="C") == [("X", "C"), ("Y", "C")]
    summary = bench_bots.summarise(results, ("X", "Y", "C"), bench_bots.Timings(), against="C")
    (contrast,) = summary["contrasts"]
    assert (contrast["a"], contrast["b"], contrast["against"]) == ("X", "Y", "C")
    # X − C is 2 points more than Y − C on every deal: exactly 2, no interval to speak of,
    diff = contrast["difference"]
    assert diff["n"] == len(luck)
    assert diff["mean"] == pytest.approx(2) and diff["high"] - diff["low"] == pytest.approx(0)
    # while each pairing alone carries the deals' luck in its interval.
    for pairing in summary["pairings"]:
        assert pairing["difference"]["high"] - pairing["difference"]["low"] > 5


def test_without_against_every_two_levels_play_and_each_third_gives_a_contrast():
    assert bench_bots.pairings_of(("a", "b", "c")) == [("a", "b"), ("a", "c"), ("b", "c")]
    results = [
        synthetic_round(pairing, deal, "ABAB", {pairing[0]: deal, pairing[1]: -deal})
        for pairing in bench_bots.pairings_of(("a", "b", "c"))
        for deal in range(3)
    ]
    summary = bench_bots.summarise(results, ("a", "b", "c"), bench_bots.Timings())
    found = {(c["a"], c["b"], c["against"]): c["difference"]["mean"] for c in summary["contrasts"]}
    assert set(found) == {("a", "b", "c"), ("a", "c", "b"), ("b", "c", "a")}
    # A pairing played the other way round counts with its sign turned: c − b is −(b − c).
    a_b, a_c, b_c = (p["difference"]["mean"] for p in summary["pairings"])
    assert found[("a", "c", "b")] == pytest.approx(a_b - (-b_c))
    assert found[("a", "b", "c")] == pytest.approx(a_c - b_c)


def test_against_plays_each_level_against_one_and_pairs_them_by_deal(tmp_path, capsys):
    out = tmp_path / "against.json"
    bench_bots.main(
        [
            "--rounds",
            "12",
            "--levels",
            "easy,expert-without-live,strong",
            "--against",
            "strong",
            "--seed",
            "5",
            "--workers",
            "1",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert "| easy v expert-without-live, against strong | 3 |" in text
    data = json.loads(out.read_text())
    assert [(p["a"], p["b"]) for p in data["pairings"]] == [
        ("easy", "strong"),
        ("expert-without-live", "strong"),
    ]
    assert data["deals_per_pairing"] == 3  # 12 rounds: 2 pairings × 2 arrangements × 3
    (contrast,) = data["contrasts"]
    first, second = (p["difference"]["mean"] for p in data["pairings"])
    assert contrast["difference"]["mean"] == pytest.approx(first - second)


def test_against_a_level_not_played_is_a_clear_error(capsys):
    with pytest.raises(SystemExit):
        bench_bots.main(["--levels", "easy,strong", "--against", "expert"])
    assert "--against expert: give it in --levels too" in capsys.readouterr().err
