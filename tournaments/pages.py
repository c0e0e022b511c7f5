"""What the tournaments' pages show, read in a few queries: the leaderboard (the same for
everybody who looks: it is rendered once per change for all of them, tournaments.live),
and the lists of tournaments. Nothing here changes anything."""

from django.db.models import Count, Q

from games.models import Round
from games.words.labels import person_name
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.standings import standings


def board_context(tournament: Tournament) -> dict:
    """The leaderboard: rank, points, rounds, and the table each player is at (a link to
    watch it), with how many tables are being played."""
    playing = TournamentTable.objects.filter(tournament=tournament, done_at__isnull=True)
    at_table: dict[int, tuple[int, str]] = {}
    for number, code, entries in playing.values_list("number", "room__code", "entries"):
        for entry in entries:
            if entry is not None:
                at_table[entry] = (number, code)
    rows = [{"row": row, "table": at_table.get(row.entry_id)} for row in standings(tournament)]
    return {
        "tournament": tournament,
        "rows": rows,
        "tables_playing": len({table for table in at_table.values()}),
        "waiting": sum(1 for row in rows if row["table"] is None and not row["row"].withdrawn),
    }


def played_rounds(tournament: Tournament) -> list[dict]:
    """Every finished round of the tournament's tables, newest first: its table's number,
    who played it (computers as such) and a link's round id. Two queries."""
    names = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "user__username"))
    rounds = (
        Round.objects.filter(
            room__tournament_table__tournament=tournament, status=Round.Status.ENDED
        )
        .order_by("-ended_at", "-pk")
        .values_list(
            "pk", "ended_at", "room__tournament_table__number", "room__tournament_table__entries"
        )
    )
    return [
        {
            "round_id": round_id,
            "ended_at": ended_at,
            "table": number,
            "players": [person_name(names[e]) if e is not None else None for e in seats],
        }
        for round_id, ended_at, number, seats in rounds
    ]


def listed_tournaments(user) -> dict:
    """The site's tournaments (upcoming and running, then the last finished) and the
    person's own (made or entered)."""
    counted = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__withdrawn_at__isnull=True))
    )
    live = counted.exclude(status=Tournament.Status.FINISHED)
    mine = Q(creator=user) | Q(entries__user=user) if user.is_authenticated else Q(pk=None)
    return {
        "upcoming": list(live.filter(listed=True).order_by("starts_at")[:20]),
        "mine": list(live.filter(mine).distinct().order_by("starts_at")[:20]),
        "past": list(
            counted.filter(Q(listed=True) | mine, status=Tournament.Status.FINISHED)
            .distinct()
            .order_by("-finished_at")[:20]
        ),
    }


def my_entry(tournament: Tournament, user) -> Entry | None:
    if not user.is_authenticated:
        return None
    return Entry.objects.filter(tournament=tournament, user=user).first()
