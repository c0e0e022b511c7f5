"""Who sits with whom in a tournament: pure functions of plain values, no Django, no
database, so that a tournament director's rules can be read and tested here alone.

- ``arena_tables``: the arena (限时积分赛) seats whoever is waiting, now, at full tables of
  people near each other in the standings, avoiding the people they just sat with, and
  never the same two at more than ``MOST_IN_A_ROW`` tables in a row while others may
  come free to part them.
- ``swiss_tables``: the Swiss shift (瑞士移位) re-seats everybody by standing after each
  stage, byes (computer players) at the last tables, avoiding pairs that already met.
- ``placement_points``: the points of one table's places, ties sharing the best place.

Both seatings start from the standings cut into consecutive tables and then swap players
between neighbouring tables while that lowers the number of repeated pairs
(``_fewer_repeats``): a player moves at most one table away from where their standing put
them, so the standings still decide who plays whom. Everything is deterministic: the same
input gives the same tables, seats in standing order."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

# How many times two entries have already sat together (0 when never).
PairCost = Callable[[int, int], int]


# The arena seats two people together at most this many tables in a row while somebody
# else could sit there instead: the next time, their table waits (``arena_tables``).
MOST_IN_A_ROW = 2


@dataclass(frozen=True)
class Waiting:
    """An entry waiting for a table in the arena."""

    entry: int  # the entry's id
    score: int  # tournament points so far (higher is better)
    since: float  # when they started waiting (seconds, any clock); earlier = waited longer
    # Who they sat with at their latest tables, the latest first (not themselves).
    recent: tuple[frozenset[int], ...] = ()

    @property
    def last_table(self) -> frozenset[int]:
        """Who they sat with last time."""
        return self.recent[0] if self.recent else frozenset()

    def in_a_row_with(self, other: int) -> int:
        """At how many of their latest tables, one after the other, ``other`` sat too."""
        count = 0
        for table in self.recent:
            if other not in table:
                break
            count += 1
        return count


def pairs(table: Iterable[int | None]) -> list[frozenset[int]]:
    """The pairs of people at a table, bye seats (None) left out: what a caller adds to
    ``together`` after a stage."""
    people = [seat for seat in table if seat is not None]
    return [frozenset(pair) for pair in combinations(people, 2)]


def arena_tables(
    waiting: list[Waiting], size: int, *, now: float | None = None, patience: float = 0.0
) -> list[tuple[int, ...]]:
    """The full tables to seat now, each a tuple of ``size`` entry ids in standing order.

    As many tables as the people waiting fill; those left over keep waiting and are the
    ones who waited least (latest ``since``, then the higher entry id), so that nobody
    waits forever. The seated are ranked by score (then longest waiting, then entry id),
    cut into consecutive tables, and swapped between neighbouring tables to keep people
    from the company of their latest tables, the longer they have kept it the more.

    A table that would seat two people together for more than ``MOST_IN_A_ROW`` tables in
    a row is held back (its people keep waiting, for others to come free) until one of
    them has waited ``patience`` seconds at ``now``; then they sit together anyway, as
    in a field too small to part them. Without ``now`` nothing is held back."""
    _check_size(size)
    table_count = len(waiting) // size
    if table_count == 0:
        return []
    longest_waiting = sorted(waiting, key=lambda person: (person.since, person.entry))
    seated = longest_waiting[: table_count * size]
    ranked = sorted(seated, key=lambda person: (-person.score, person.since, person.entry))
    by_entry = {person.entry: person for person in ranked}

    def tables_in_a_row(a: int, b: int) -> int:
        # Either one's record is enough: the two should agree, but need not.
        return max(by_entry[a].in_a_row_with(b), by_entry[b].in_a_row_with(a))

    order = [person.entry for person in ranked]
    groups = [order[start : start + size] for start in range(0, len(order), size)]
    tables = [tuple(group) for group in _fewer_repeats(groups, tables_in_a_row, order)]
    if now is None:
        return tables
    return [
        table
        for table in tables
        if max(tables_in_a_row(a, b) for a, b in combinations(table, 2)) < MOST_IN_A_ROW
        or any(now - by_entry[entry].since >= patience for entry in table)
    ]


def swiss_tables(
    ranked: list[int], size: int, together: dict[frozenset[int], int] | None = None
) -> list[tuple[int | None, ...]]:
    """The next stage's tables, each a tuple of ``size`` seats: ``ranked`` (every entry
    still in, best first) cut in standing order, the best ``size`` at the first table.

    When the people do not fill every table, the empty seats are byes (None, a computer
    player) at the last tables, spread so that no table has two while another has none
    (10 players at size 4: 4, 3+bye, 3+bye). No table is only byes, and a table has at
    least two people whenever the numbers allow (one player alone gets one table).

    ``together`` counts how often each pair already shared a table; players are then
    swapped between neighbouring tables, each at most one table from their standing's,
    while a swap lowers the total of those counts at the new tables."""
    _check_size(size)
    if len(set(ranked)) != len(ranked):
        raise ValueError("an entry is ranked twice")
    if not ranked:
        return []
    met = together or {}

    def times_met(a: int, b: int) -> int:
        return met.get(frozenset((a, b)), 0)

    groups, start = [], 0
    for people in _people_per_table(len(ranked), size):
        groups.append(ranked[start : start + people])
        start += people
    groups = _fewer_repeats(groups, times_met, ranked)
    return [tuple(group) + (None,) * (size - len(group)) for group in groups]


def placement_points(nets: dict[int, int], table: tuple[int, ...]) -> dict[int, int]:
    """Each entry's placement points for one round: ``table`` gives the points of each
    place, best first (e.g. (4, 2, 1, 0)), one place per player, and the higher net
    takes the better place.

    Equal nets share a place and each takes the points of the BEST place they share
    (competition ranking, "1224"): a tie for second at (4, 2, 1, 0) gives 4, 2, 2, 0.
    Chosen over averaging because points stay whole numbers and nobody who tied is
    ranked below somebody they drew with; the price is that a tie hands out a little
    more in total than the table lists."""
    if len(table) != len(nets):
        raise ValueError(f"{len(nets)} players but {len(table)} places")
    # An entry's place is how many entries did strictly better.
    return {
        entry: table[sum(other > net for other in nets.values())] for entry, net in nets.items()
    }


def _check_size(size: int) -> None:
    if size < 2:
        raise ValueError(f"a table needs at least two seats, not {size}")


def _people_per_table(players: int, size: int) -> list[int]:
    """How many people sit at each table, first table first: as few tables as fit
    everybody, the people spread evenly so that the byes fall one a table on the last
    ones (two a table only when there are more byes than tables)."""
    table_count = -(-players // size)  # rounded up
    fewer, fuller_tables = divmod(players, table_count)
    return [fewer + 1] * fuller_tables + [fewer] * (table_count - fuller_tables)


def _fewer_repeats(groups: list[list[int]], cost: PairCost, order: list[int]) -> list[list[int]]:
    """Swap players between neighbouring groups while a swap lowers the total ``cost`` of
    the pairs seated together. Each round the best swap wins: the largest saving, then
    the two players closest in the standings (the smallest change to the standings'
    tables), then the earliest in the standings. A player never ends up more than one
    group from their first one. Groups come back sorted in standing order."""
    rank = {entry: place for place, entry in enumerate(order)}
    home = {entry: index for index, group in enumerate(groups) for entry in group}
    groups = [list(group) for group in groups]
    while (swap := _best_swap(groups, cost, rank, home)) is not None:
        index, upper, lower = swap
        above, below = groups[index], groups[index + 1]
        above[above.index(upper)], below[below.index(lower)] = lower, upper
    return [sorted(group, key=rank.__getitem__) for group in groups]


def _best_swap(
    groups: list[list[int]], cost: PairCost, rank: dict[int, int], home: dict[int, int]
) -> tuple[int, int, int] | None:
    """The best swap that lowers the cost, as (upper group's index, the player moving
    down, the player moving up), or None when no swap lowers it."""
    best_key, best = None, None
    for index in range(len(groups) - 1):
        above, below = groups[index], groups[index + 1]
        for upper in above:
            for lower in below:
                if home[upper] < index or home[lower] > index + 1:
                    continue  # they would end two groups from where they started
                saving = _saving(above, below, upper, lower, cost)
                if saving <= 0:
                    continue
                key = (-saving, abs(rank[upper] - rank[lower]), rank[upper], rank[lower])
                if best_key is None or key < best_key:
                    best_key, best = key, (index, upper, lower)
    return best


def _saving(above: list[int], below: list[int], upper: int, lower: int, cost: PairCost) -> int:
    """How much the cost drops when ``upper`` (in ``above``) and ``lower`` (in ``below``)
    change places: only their own pairs change."""
    stay_above = [entry for entry in above if entry != upper]
    stay_below = [entry for entry in below if entry != lower]
    before = sum(cost(upper, other) for other in stay_above) + sum(
        cost(lower, other) for other in stay_below
    )
    after = sum(cost(lower, other) for other in stay_above) + sum(
        cost(upper, other) for other in stay_below
    )
    return before - after
