"""tournaments/seating_plans.py: the arena's and the Swiss shift's seatings and the placement
points, checked the way a tournament director would check them. Pure functions: no
database, no Django."""

import random

import pytest

from tournaments.seating_plans import (
    Waiting,
    arena_tables,
    pairs,
    placement_points,
    swiss_tables,
)


def waiting(entry: int, score: int = 0, since: float = 0.0, last_table=(), recent=()) -> Waiting:
    """``last_table``: who they sat with last; ``recent``: at their latest tables."""
    tables = (frozenset(last_table),) if last_table else tuple(frozenset(t) for t in recent)
    return Waiting(entry=entry, score=score, since=since, recent=tables)


def ranked_line(count: int, *, last_tables: dict[int, set[int]] | None = None) -> list[Waiting]:
    """``count`` people waiting, entry 1 best and entry ``count`` worst, all waiting since
    the same moment (so only the standings decide)."""
    last_tables = last_tables or {}
    return [
        waiting(entry, score=100 - entry, since=10.0, last_table=last_tables.get(entry, ()))
        for entry in range(1, count + 1)
    ]


def sat_before(tables, last_tables: dict[int, set[int]]) -> int:
    """How many pairs at ``tables`` sat together at their last table."""
    return sum(
        1
        for table in tables
        for pair in pairs(table)
        if any(other in last_tables.get(entry, set()) for entry in pair for other in pair)
    )


def repeats(tables, together: dict[frozenset[int], int]) -> int:
    return sum(together.get(pair, 0) for table in tables for pair in pairs(table))


def everybody_met(*groups) -> dict[frozenset[int], int]:
    return {pair: 1 for group in groups for pair in pairs(group)}


# --- the arena ---------------------------------------------------------------------------


def test_arena_seats_nobody_when_too_few_wait():
    assert arena_tables([], 4) == []
    assert arena_tables(ranked_line(3), 4) == []
    assert arena_tables(ranked_line(2), 3) == []
    assert arena_tables(ranked_line(1), 2) == []


def test_arena_seats_exactly_one_full_table():
    assert arena_tables(ranked_line(4), 4) == [(1, 2, 3, 4)]


def test_arena_with_nine_waiting_seats_two_tables_and_the_latest_arrival_waits():
    people = ranked_line(8) + [waiting(9, score=500, since=99.0)]  # the leader, just arrived
    tables = arena_tables(people, 4)
    assert len(tables) == 2
    assert 9 not in {entry for table in tables for entry in table}
    assert sorted(entry for table in tables for entry in table) == list(range(1, 9))


def test_arena_latest_arrivals_tied_on_time_the_higher_id_waits():
    people = [waiting(entry, since=5.0) for entry in (7, 3, 5, 1, 9)]
    (table,) = arena_tables(people, 4)
    assert sorted(table) == [1, 3, 5, 7]


def test_arena_who_waits_does_not_depend_on_score():
    # The best players do not jump the queue: whoever waited longest is seated first.
    people = [waiting(entry, score=entry * 10, since=float(entry)) for entry in range(1, 7)]
    (table,) = arena_tables(people, 4)
    assert sorted(table) == [1, 2, 3, 4]


def test_arena_seats_neighbours_in_the_standings_together():
    people = ranked_line(12)
    random.Random(3).shuffle(people)
    assert arena_tables(people, 4) == [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)]


def test_arena_equal_scores_longest_waiting_ranks_first_then_entry_id():
    people = [
        waiting(40, score=5, since=3.0),
        waiting(30, score=5, since=1.0),
        waiting(20, score=5, since=3.0),
        waiting(10, score=9, since=8.0),
        waiting(50, score=1, since=0.0),
        waiting(60, score=5, since=2.0),
        waiting(70, score=0, since=0.0),
        waiting(80, score=0, since=0.0),
    ]
    assert arena_tables(people, 4) == [(10, 30, 60, 20), (40, 50, 70, 80)]


def test_arena_avoids_a_repeat_with_the_smallest_swap():
    # 1 and 2 just sat together: 2 moves down one table in exchange for 5, the nearest
    # player below the cut (a smaller change to the standings than moving 1).
    people = ranked_line(8, last_tables={1: {2}, 2: {1}})
    assert arena_tables(people, 4) == [(1, 3, 4, 5), (2, 6, 7, 8)]


def test_arena_avoids_a_repeat_known_to_only_one_of_the_pair():
    people = ranked_line(8, last_tables={3: {4}})
    tables = arena_tables(people, 4)
    assert not any({3, 4} <= set(table) for table in tables)


def test_arena_mixes_two_tables_that_just_played_together():
    last_tables = {entry: {1, 2, 3, 4} - {entry} for entry in (1, 2, 3, 4)}
    last_tables |= {entry: {5, 6, 7, 8} - {entry} for entry in (5, 6, 7, 8)}
    tables = arena_tables(ranked_line(8, last_tables=last_tables), 4)
    for table in tables:
        # Two of each old table at each new one: the fewest repeats possible (4, not 12).
        assert len(set(table) & {1, 2, 3, 4}) == 2
        assert len(set(table) & {5, 6, 7, 8}) == 2
    assert sat_before(tables, last_tables) == 4
    assert tables[0][0] == 1  # the leader still sits at the first table


def test_arena_seats_a_repeat_when_it_cannot_be_avoided():
    last_tables = {entry: {1, 2, 3, 4} - {entry} for entry in (1, 2, 3, 4)}
    people = ranked_line(4, last_tables=last_tables)
    assert arena_tables(people, 4) == [(1, 2, 3, 4)]
    # Five waiting, the latest arrival waits: the four seated sit together again.
    late = waiting(5, score=1000, since=50.0)
    assert arena_tables([*people, late], 4) == [(1, 2, 3, 4)]


def test_arena_holds_a_table_that_would_seat_two_together_a_third_time_in_a_row():
    twice = {entry: ({1, 2, 3, 4} - {entry},) * 2 for entry in (1, 2, 3, 4)}
    people = [waiting(e, score=10 - e, since=90.0, recent=twice[e]) for e in (1, 2, 3, 4)]
    assert arena_tables(people, 4) == [(1, 2, 3, 4)]  # no clock: nothing held
    assert arena_tables(people, 4, now=100.0, patience=30.0) == []  # waited 10 s of 30
    assert arena_tables(people, 4, now=120.0, patience=30.0) == [(1, 2, 3, 4)]
    # Once in a row (twice with this one) is no reason to wait.
    once = [waiting(e, score=10 - e, since=90.0, recent=twice[e][:1]) for e in (1, 2, 3, 4)]
    assert arena_tables(once, 4, now=100.0, patience=30.0) == [(1, 2, 3, 4)]
    # One pair is enough: 1 and 2 sat together twice in a row, the others not.
    pair = {1: ({2}, {2}), 2: ({1}, {1})}
    people = [waiting(e, score=10 - e, since=90.0, recent=pair.get(e, ())) for e in (1, 2, 3, 4)]
    assert arena_tables(people, 4, now=100.0, patience=30.0) == []


def test_a_run_together_counts_the_latest_tables_one_after_the_other():
    # Latest first: 2 sat at the last two tables, 3 at the last one and the one before
    # the gap, 4 only long ago.
    person = waiting(1, recent=({2, 3}, {2}, {3, 4}))
    assert [person.in_a_row_with(other) for other in (2, 3, 4, 5)] == [2, 1, 0, 0]
    assert person.last_table == {2, 3}


def test_arena_is_deterministic_whatever_the_order_of_the_list():
    rng = random.Random(11)
    people = [
        waiting(
            entry,
            score=rng.randint(0, 5),
            since=float(rng.randint(0, 3)),
            last_table=rng.sample([e for e in range(1, 15) if e != entry], 3),
        )
        for entry in range(1, 15)
    ]
    expected = arena_tables(people, 4)
    for _ in range(20):
        rng.shuffle(people)
        assert arena_tables(people, 4) == expected


def test_arena_at_three_seats():
    people = ranked_line(7, last_tables={1: {2}, 2: {1}})
    assert arena_tables(people, 3) == [(1, 3, 4), (2, 5, 6)]


def test_arena_at_two_seats():
    # 1 and 2 just played each other: 1 meets 3 and 2 meets 4 instead.
    people = ranked_line(5, last_tables={1: {2}, 2: {1}})
    assert arena_tables(people, 2) == [(1, 3), (2, 4)]


def test_arena_refuses_a_table_of_one():
    with pytest.raises(ValueError):
        arena_tables(ranked_line(3), 1)


# --- the Swiss shift ---------------------------------------------------------------------


def test_swiss_eight_players_at_four():
    assert swiss_tables(list(range(1, 9)), 4) == [(1, 2, 3, 4), (5, 6, 7, 8)]


def test_swiss_keeps_the_order_of_the_ranking_not_of_the_ids():
    assert swiss_tables([8, 3, 5, 1, 7, 2], 3) == [(8, 3, 5), (1, 7, 2)]


def test_swiss_ten_players_byes_one_a_table_at_the_last_tables():
    assert swiss_tables(list(range(1, 11)), 4) == [
        (1, 2, 3, 4),
        (5, 6, 7, None),
        (8, 9, 10, None),
    ]


def test_swiss_two_players_at_four_share_one_table():
    assert swiss_tables([1, 2], 4) == [(1, 2, None, None)]


def test_swiss_one_player_gets_a_table_of_computer_players():
    assert swiss_tables([7], 4) == [(7, None, None, None)]
    assert swiss_tables([7], 2) == [(7, None)]


def test_swiss_nobody_ranked_no_tables():
    assert swiss_tables([], 4) == []


def test_swiss_five_players_at_four_two_people_at_least_a_table():
    assert swiss_tables([1, 2, 3, 4, 5], 4) == [(1, 2, 3, None), (4, 5, None, None)]


def test_swiss_thirteen_players_at_three():
    assert swiss_tables(list(range(1, 14)), 3) == [
        (1, 2, 3),
        (4, 5, 6),
        (7, 8, 9),
        (10, 11, None),
        (12, 13, None),
    ]


def test_swiss_refuses_an_entry_ranked_twice():
    with pytest.raises(ValueError):
        swiss_tables([1, 2, 2, 3], 4)


def test_swiss_stage_two_does_not_reseat_the_same_four():
    together = everybody_met((1, 2, 3, 4), (5, 6, 7, 8))
    tables = swiss_tables(list(range(1, 9)), 4, together)
    assert repeats(tables, together) == 4  # down from 12: two of each old table per table
    for table in tables:
        assert len(set(table) & {1, 2, 3, 4}) == 2
    assert tables[0][0] == 1


def test_swiss_without_history_keeps_the_plain_cut():
    ranked = list(range(1, 13))
    assert swiss_tables(ranked, 4, {}) == swiss_tables(ranked, 4)
    unrelated = everybody_met((1, 5, 9))  # pairs that the plain cut never seats together
    assert swiss_tables(ranked, 4, unrelated) == swiss_tables(ranked, 4)


def test_swiss_breaks_the_pair_that_met_most_often():
    # 1-2 met twice and 3-4 once: only one swap is needed to break the worse one first.
    together = {frozenset({1, 2}): 2, frozenset({3, 4}): 1}
    tables = swiss_tables(list(range(1, 9)), 4, together)
    assert repeats(tables, together) == 0
    assert not any({1, 2} <= set(table) for table in tables)


def test_swiss_a_player_moves_at_most_one_table():
    # Everybody in the top two tables met everybody: moving people two tables would help,
    # but the standings would mean little; they move one table at most.
    together = everybody_met(tuple(range(1, 9)))
    tables = swiss_tables(list(range(1, 13)), 4, together)
    for index, table in enumerate(tables):
        for entry in table:
            assert abs((entry - 1) // 4 - index) <= 1


def test_swiss_byes_stay_with_the_last_tables_after_swaps():
    together = everybody_met((5, 6, 7), (8, 9, 10))
    tables = swiss_tables(list(range(1, 11)), 4, together)
    assert [table.count(None) for table in tables] == [0, 1, 1]
    assert all(table[-1] is None for table in tables[1:])


def test_pairs_of_a_table_leave_the_byes_out():
    assert pairs((1, 2, None, None)) == [frozenset({1, 2})]
    assert pairs((7, None)) == []
    assert sorted(map(sorted, pairs((1, 2, 3, 4)))) == [
        [1, 2],
        [1, 3],
        [1, 4],
        [2, 3],
        [2, 4],
        [3, 4],
    ]


# --- placement points --------------------------------------------------------------------


def test_placement_points_no_tie():
    nets = {11: -5, 12: 30, 13: -25, 14: 0}
    assert placement_points(nets, (4, 2, 1, 0)) == {12: 4, 14: 2, 11: 1, 13: 0}


def test_placement_points_a_tie_in_second_both_take_second():
    nets = {1: 40, 2: 0, 3: 0, 4: -40}
    assert placement_points(nets, (4, 2, 1, 0)) == {1: 4, 2: 2, 3: 2, 4: 0}


def test_placement_points_a_tie_for_first():
    nets = {1: 20, 2: 20, 3: -10, 4: -30}
    assert placement_points(nets, (4, 2, 1, 0)) == {1: 4, 2: 4, 3: 1, 4: 0}


def test_placement_points_all_tied_all_first():
    nets = {1: 0, 2: 0, 3: 0, 4: 0}
    assert placement_points(nets, (4, 2, 1, 0)) == {1: 4, 2: 4, 3: 4, 4: 4}


def test_placement_points_three_players():
    assert placement_points({1: -8, 2: 16, 3: -8}, (4, 2, 0)) == {2: 4, 1: 2, 3: 2}
    assert placement_points({1: 1, 2: 2, 3: 3}, (4, 2, 0)) == {3: 4, 2: 2, 1: 0}


def test_placement_points_two_players():
    assert placement_points({1: 8, 2: -8}, (3, 0)) == {1: 3, 2: 0}
    assert placement_points({1: 0, 2: 0}, (3, 0)) == {1: 3, 2: 3}


def test_placement_points_needs_one_place_per_player():
    with pytest.raises(ValueError):
        placement_points({1: 0, 2: 5, 3: 1}, (4, 2, 1, 0))


# --- properties over many random inputs --------------------------------------------------


def random_waiting(rng: random.Random) -> list[Waiting]:
    entries = rng.sample(range(1, 500), rng.randint(0, 30))
    people = []
    for entry in entries:
        others = [other for other in entries if other != entry]
        last_table = rng.sample(others, min(len(others), rng.randint(0, 3)))
        people.append(
            waiting(
                entry,
                score=rng.randint(-20, 20),
                since=float(rng.randint(0, 10)),
                last_table=last_table,
            )
        )
    return people


def for_many_seeds(check) -> None:
    """Run ``check(seed)`` for a few hundred seeds, naming the seed of a failure."""
    for seed in range(300):
        try:
            check(seed)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from error


def test_arena_property_everybody_who_can_sit_sits_once():
    for_many_seeds(check_arena_seats_everybody_once)


def test_arena_property_no_more_repeats_than_the_plain_cut():
    for_many_seeds(check_arena_repeats_no_more_than_the_plain_cut)


def test_swiss_property_everybody_once_byes_last():
    for_many_seeds(check_swiss_everybody_once_byes_last)


def check_arena_seats_everybody_once(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice((2, 3, 4))
    people = random_waiting(rng)
    tables = arena_tables(people, size)

    seated = [entry for table in tables for entry in table]
    assert all(len(table) == size for table in tables)
    assert len(seated) == len(set(seated)), "somebody seated twice"
    assert set(seated) <= {person.entry for person in people}, "an invented id"
    assert len(tables) == len(people) // size
    # Those left waiting are the latest arrivals.
    by_arrival = sorted(people, key=lambda person: (person.since, person.entry))
    assert set(seated) == {person.entry for person in by_arrival[: len(seated)]}
    # The same people in another order: the same tables.
    rng.shuffle(people)
    assert arena_tables(people, size) == tables


def check_arena_repeats_no_more_than_the_plain_cut(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice((2, 3, 4))
    people = random_waiting(rng)
    tables = arena_tables(people, size)
    last_tables = {person.entry: set(person.last_table) for person in people}
    fresh = [waiting(p.entry, p.score, p.since) for p in people]
    assert sat_before(tables, last_tables) <= sat_before(arena_tables(fresh, size), last_tables)


def check_swiss_everybody_once_byes_last(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice((2, 3, 4))
    ranked = rng.sample(range(1, 1000), rng.randint(0, 40))
    together = {
        frozenset(rng.sample(ranked, 2)): rng.randint(1, 3)
        for _ in range(rng.randint(0, 3 * len(ranked)))
        if len(ranked) >= 2
    }
    tables = swiss_tables(ranked, size, together)

    people = [seat for table in tables for seat in table if seat is not None]
    assert sorted(people) == sorted(ranked), "everybody ranked sits exactly once"
    assert all(len(table) == size for table in tables)
    assert len(tables) == -(-len(ranked) // size)
    byes = [table.count(None) for table in tables]
    assert byes == sorted(byes), "byes go to the last tables"
    assert max(byes, default=0) - min(byes, default=0) <= 1, "byes spread one a table"
    assert all(bye < size for bye in byes), "no table of computer players only"
    if len(ranked) >= 2:
        assert all(size - bye >= 2 or size == 2 for bye in byes)
    for table in tables:  # the people first, the byes in the last seats
        assert list(table) == [s for s in table if s is not None] + [None] * table.count(None)
    # Nobody moves more than one table from the plain cut, and repeats never grow.
    plain = swiss_tables(ranked, size)
    plain_table = {entry: index for index, table in enumerate(plain) for entry in table}
    for index, table in enumerate(tables):
        assert all(abs(plain_table[entry] - index) <= 1 for entry in table if entry is not None)
    assert repeats(tables, together) <= repeats(plain, together)
    assert swiss_tables(list(ranked), size, dict(together)) == tables
