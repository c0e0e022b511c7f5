"""A tournament's standings: a sum over the ledger of the rounds played at its tables,
each round counted as the tournament scores it (its net points, or placement points by
each table's nets), never stored. Computers (byes) have no entry and stand nowhere."""

from collections import defaultdict
from dataclasses import dataclass

from games.words import labels
from tournaments.duplicate import matchpoints
from tournaments.ledger import finished_seats
from tournaments.models import Entry, Tournament
from tournaments.seating_plans import placement_points


@dataclass(slots=True)
class Standing:
    rank: int  # equal points share a rank
    entry_id: int
    user_id: int
    name: str
    points: int
    rounds: int
    withdrawn: bool


def round_nets(tournament: Tournament) -> dict[int, dict[int, int]]:
    """Each finished round of the tournament's tables: {user id: net} of its people."""
    seats = finished_seats(tournament, "round_id", "user_id", "seat")
    rounds: dict[int, dict] = defaultdict(dict)
    for round_id, user_id, seat, received, paid in seats:
        # A computer's seat counts for the places (it beat somebody or not), under a
        # key of its own that no user id takes.
        rounds[round_id][user_id if user_id is not None else -1 - seat] = received - paid
    return rounds


def points_by_user(tournament: Tournament) -> tuple[dict[int, int], dict[int, int]]:
    """({user id: points}, {user id: rounds}) over the tournament's finished rounds."""
    points: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    placement = tournament.scoring == Tournament.Scoring.PLACEMENT
    for nets in round_nets(tournament).values():
        scored = placement_points(nets, tuple(tournament.placement_points)) if placement else nets
        for who, value in scored.items():
            if who >= 0:  # a person, not a computer
                points[who] += value
                played[who] += 1
    return points, played


def standings(tournament: Tournament) -> list[Standing]:
    """Every entry, most points first (then fewer rounds, then the earlier to join)."""
    if tournament.format == Tournament.Format.DUPLICATE:
        points, played = matchpoints(tournament)
    else:
        points, played = points_by_user(tournament)
    entries = Entry.objects.filter(tournament=tournament).values_list(
        "pk", "user_id", "user__username", "withdrawn_at", "joined_at"
    )
    rows = [
        Standing(
            0,
            pk,
            user_id,
            labels.person_name(username),
            points.get(user_id, 0),
            played.get(user_id, 0),
            withdrawn is not None,
        )
        for pk, user_id, username, withdrawn, _joined in sorted(entries, key=lambda e: e[4])
    ]
    rows.sort(key=lambda row: (-row.points, row.rounds))
    for index, row in enumerate(rows):
        shared = index > 0 and rows[index - 1].points == row.points
        row.rank = rows[index - 1].rank if shared else index + 1
    return rows
