"""The arena (限时积分赛): for its window, whoever is free is seated as soon as a table's
worth are waiting (tournaments.seating_plans.arena_tables: near each other in the
standings, not the same opponents twice in a row where a swap avoids it, nor more than
``MOST_IN_A_ROW`` times while others may come free); too few for a table are seated
with computers after ``fill_seconds()``. When the window closes nobody is seated any more, and
once the last round has ended the tournament is over. A step of the clock."""

from django.conf import settings

from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.seating_plans import MOST_IN_A_ROW, Waiting, arena_tables
from tournaments.standings import points_by_user
from tournaments.tables import next_number, open_table


def fill_seconds() -> float:
    """Fewer waiting than a table holds: after this long the computers fill the other
    seats, so that nobody waits for a table that a small field will never fill."""
    return settings.TOURNAMENT_FILL_SECONDS


def step(tournament: Tournament, now) -> bool:
    if now >= tournament.ends_at:
        return _end_if_done(tournament, now)
    return _seat(tournament, now)


def _seat(tournament: Tournament, now) -> bool:
    """Seat everybody who can be: full tables of those waiting (arena_tables), or the
    computers beside those who have waited ``fill_seconds()`` for a table."""
    waiting = list(
        Entry.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True, waiting_since__isnull=False
        ).values_list("pk", "user_id", "waiting_since")
    )
    size = tournament.table_size
    longest = min((since for _pk, _user, since in waiting), default=None)
    if longest is None or (len(waiting) < size and _waited(longest, now) < fill_seconds()):
        return False  # no table to make: the standings need not be read
    points, _played = points_by_user(tournament)
    recent = _recent_tables(tournament, {pk for pk, _user, _since in waiting})
    plan = arena_tables(
        [
            Waiting(pk, points.get(user_id, 0), since.timestamp(), recent.get(pk, ()))
            for pk, user_id, since in waiting
        ],
        size,
        # Holding a table back for others to come free makes sense only while some play.
        now=now.timestamp() if _some_play(tournament) else None,
        patience=fill_seconds(),
    )
    seated = {entry for seats in plan for entry in seats}
    left = sorted((since, pk) for pk, _user, since in waiting if pk not in seated)
    if left and len(left) < size and _waited(left[0][0], now) >= fill_seconds():
        # Too few for a table, and the first of them has waited long enough: computers
        # take the other seats (a small field, or the last ones free near the end).
        people = [pk for _since, pk in left]
        plan.append(tuple(people) + (None,) * (size - len(people)))
    users = {pk: user_id for pk, user_id, _since in waiting}
    number = next_number(tournament) - 1
    for seats in plan:
        number += 1
        open_table(tournament, number, list(seats), users, now)
    return bool(plan)


def _some_play(tournament: Tournament) -> bool:
    return Entry.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True, waiting_since__isnull=True
    ).exists()


def _waited(since, now) -> float:
    return (now - since).total_seconds()


def _recent_tables(tournament: Tournament, waiting: set[int]) -> dict[int, tuple]:
    """Each waiting entry's company at their latest tables (``MOST_IN_A_ROW`` of them),
    the latest first."""
    recent: dict[int, list[frozenset[int]]] = {entry: [] for entry in waiting}
    tables = TournamentTable.objects.filter(tournament=tournament).order_by("-number")
    for entries in tables.values_list("entries", flat=True).iterator():
        people = {e for e in entries if e is not None}
        for entry in people & waiting:
            if len(recent[entry]) < MOST_IN_A_ROW:
                recent[entry].append(frozenset(people - {entry}))
        if all(len(found) == MOST_IN_A_ROW for found in recent.values()):
            break  # everybody's latest tables found: older ones change nothing
    return {entry: tuple(found) for entry, found in recent.items()}


def _end_if_done(tournament: Tournament, now) -> bool:
    """The window closed: nobody is seated any more; once the last table's round has
    ended, the tournament is over and its standings freeze."""
    Entry.objects.filter(tournament=tournament, waiting_since__isnull=False).update(
        waiting_since=None
    )
    if TournamentTable.objects.filter(tournament=tournament, done_at__isnull=True).exists():
        return False
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    return True
