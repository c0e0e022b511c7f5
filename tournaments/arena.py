"""The arena (限时积分赛): for its window, whoever is free is seated as soon as a table's
worth are waiting (tournaments.seating_plans.arena_tables: near each other in the
standings, not the same opponents twice in a row); too few for a table are seated with
computers after ``fill_seconds()``. When the window closes nobody is seated any more, and
once the last round has ended the tournament is over. A step of the clock."""

from django.conf import settings

from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.seating_plans import Waiting, arena_tables
from tournaments.standings import points_by_user
from tournaments.tables import open_table


def fill_seconds() -> float:
    """Fewer waiting than a table holds: after this long the computers fill the other
    seats, so that nobody waits for a table that a small field will never fill."""
    return settings.TOURNAMENT_FILL_SECONDS


def step(tournament: Tournament, now) -> bool:
    if now >= tournament.ends_at:
        return _end_if_done(tournament, now)
    return _seat(tournament, now)


def _seat(tournament: Tournament, now) -> bool:
    """Seat everybody who can be: full tables of those waiting (arena_tables)."""
    waiting = list(
        Entry.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True, waiting_since__isnull=False
        ).values_list("pk", "user_id", "waiting_since")
    )
    size = tournament.table_size
    if not waiting:
        return False
    points, _played = points_by_user(tournament)
    last = _last_tables(tournament)
    plan = arena_tables(
        [
            Waiting(pk, points.get(user_id, 0), since.timestamp(), last.get(pk, frozenset()))
            for pk, user_id, since in waiting
        ],
        size,
    )
    seated = {entry for seats in plan for entry in seats}
    left = sorted((since, pk) for pk, _user, since in waiting if pk not in seated)
    if left and (now - left[0][0]).total_seconds() >= fill_seconds():
        # Too few for a table, and the first of them has waited long enough: computers
        # take the other seats (a small field, or the last ones free near the end).
        people = [pk for _since, pk in left]
        plan.append(tuple(people) + (None,) * (size - len(people)))
    users = {pk: user_id for pk, user_id, _since in waiting}
    number = TournamentTable.objects.filter(tournament=tournament).count()
    for seats in plan:
        number += 1
        open_table(tournament, number, list(seats), users, now)
    return bool(plan)


def _last_tables(tournament: Tournament) -> dict[int, frozenset[int]]:
    """Each entry's opponents at their latest table."""
    last: dict[int, frozenset[int]] = {}
    tables = TournamentTable.objects.filter(tournament=tournament).order_by("-number")
    for entries in tables.values_list("entries", flat=True):
        people = [e for e in entries if e is not None]
        for entry in people:
            last.setdefault(entry, frozenset(people) - {entry})
    return last


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
