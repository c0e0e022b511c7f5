"""The benchmarks at tables for three and for two and of two suits (RULES.md section 14):
bench_bots' duplicate tournament seats its two levels among three or two seats, and
bench_round plays as many bots as the table has seats."""

import json
from collections import Counter

import pytest

from benchmarks import bench_round
from benchmarks.bots import bench_bots

LEVELS = ("easy", "strong")
DEALS = 3
THREE_TWO = {"players": 3, "suits": 2}


@pytest.fixture(scope="module")
def played_by_three():
    return bench_bots.play_all(LEVELS, DEALS, seed=7, options=THREE_TWO, arrangements="all")


def test_at_a_table_for_three_every_deal_is_played_in_six_arrangements(played_by_three):
    results, _ = played_by_three
    layout = bench_bots.arrangements_at("all", 3)
    assert layout == ("ABA", "BAB", "AAB", "BBA", "BAA", "ABB")
    seen = Counter((r.deal, r.arrangement) for r in results)
    assert seen == Counter({(deal, a): 1 for deal in range(DEALS) for a in layout})
    assert all(len(r.levels) == len(r.net) == len(r.won) == len(r.zimo) == 3 for r in results)


def test_at_a_table_for_three_each_level_sits_in_every_seat_equally_often(played_by_three):
    results, _ = played_by_three
    for deal in range(DEALS):
        seats = Counter(
            (level, seat) for r in results if r.deal == deal for seat, level in enumerate(r.levels)
        )
        assert seats == Counter({(level, seat): 3 for level in LEVELS for seat in range(3)})


def test_at_a_table_for_three_points_add_up(played_by_three):
    results, timings = played_by_three
    for r in results:
        assert sum(r.net) == 0 and not any(r.pig)  # no 花猪 with two suits
        assert [sum(row) for row in r.income] == list(r.net)
    summary = bench_bots.summarise(results, LEVELS, timings)
    stats = summary["levels"]
    assert stats["easy"]["seat_rounds"] == stats["strong"]["seat_rounds"] == DEALS * 9
    total = sum(r.net[s] for r in results for s, level in enumerate(r.levels) if level == "strong")
    assert stats["strong"]["points"]["mean"] == pytest.approx(total / (DEALS * 9))
    (pairing,) = summary["pairings"]
    assert pairing["deals"] == DEALS and pairing["rounds"] == DEALS * 6


@pytest.mark.parametrize("arrangements", ["alternate", "all"])
def test_at_a_table_for_two_the_levels_take_turns_in_both_seats(arrangements):
    results, _ = bench_bots.play_all(
        LEVELS, 2, seed=3, options={"players": 2}, arrangements=arrangements
    )
    assert [r.arrangement for r in results] == ["AB", "BA", "AB", "BA"]
    assert all(sum(r.net) == 0 and len(r.levels) == 2 for r in results)


def test_the_command_line_plays_a_table_for_three_of_two_suits(tmp_path, capsys):
    out = tmp_path / "three.json"
    options = json.dumps({**THREE_TWO, "ron_needs_fan": True, "cap": 3})
    bench_bots.main(
        ["--rounds", "4", "--levels", "expert,strong", "--seed", "2", "--workers", "1"]
        + ["--options", options, "--json", str(out)]
    )
    text = capsys.readouterr().out
    assert "× ABA/BAB" in text and '"players": 3' in text and '"suits": 2' in text
    assert "| expert | all | 6 |" in text  # 4 rounds of 3 seats, half of them each
    assert "| expert v strong | 2 | 4 |" in text
    data = json.loads(out.read_text())
    assert data["rounds"] == 4 and data["options"]["players"] == 3
    assert data["arrangements"] == ["ABA", "BAB"]


def test_the_outside_player_is_refused_at_a_table_for_three(capsys):
    with pytest.raises(SystemExit):
        bench_bots.main(["--levels", "expert,ebony-z", "--options", '{"players": 3}'])
    assert "only at a table for four of three suits" in capsys.readouterr().err


def test_round_rate_tables_seat_as_many_bots_as_the_table_has_seats(capsys):
    assert bench_round.tables(3) == {
        "strong v easy": ("strong", "easy", "strong"),
        "all strong": ("strong",) * 3,
        "all easy": ("easy",) * 3,
    }
    bench_round.main(["--rounds", "2", "--options", '{"players": 2, "suits": 2}'])
    text = capsys.readouterr().out
    assert text.count("rounds/s") == 3 and '"players": 2' in text
    with pytest.raises(SystemExit):
        bench_round.main(["--options", '{"players": 5}'])
