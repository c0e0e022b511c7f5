"""The duplicate tournament (复式): run in stages as the Swiss shift is (tournaments.swiss),
but every table of a stage plays the same deals — the n-th round of stage s is one deal
for all, drawn from the site's secret so that nobody can know it beforehand — and a
player's score compares them with the others who held the same seat of the same deal:
matchpoints, as duplicate bridge counts them, 2 for each of those they did better than
and 1 for each they tied. Luck of the tiles cancels out; the choices remain.

The tables are sealed (games' ``Room.sealed_until``) until their stage is over at every
table (tournaments.tables.unseal_stage): until then nobody but those who played a deal
sees a table or a round of it, so a finished table cannot show a slower one its tiles,
nor one that has yet to begin it."""

import hashlib
import hmac
from collections import defaultdict

from django.conf import settings

from tournaments.ledger import finished_seats
from tournaments.models import Tournament, TournamentTable


def deal_of(tournament: Tournament, stage: int, number: int) -> tuple[str, int]:
    """The (seed, dealer) of the ``number``-th round of ``stage``: the same at every
    table, secret (keyed by the site's secret key), the dealer moving round by round."""
    message = f"tournament-deal:{tournament.pk}:{stage}:{number}".encode()
    seed = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()[:32]
    return seed, (number - 1) % tournament.table_size


def fixed_deal(room, number: int) -> tuple[str, int] | None:
    """``games.play.dealing.fixed_deal_sources``: a duplicate table's next deal."""
    table = (
        TournamentTable.objects.filter(room=room, tournament__format=Tournament.Format.DUPLICATE)
        .select_related("tournament")
        .first()
    )
    if table is None:
        return None
    return deal_of(table.tournament, table.stage, number)


def matchpoints(tournament: Tournament) -> tuple[dict[int, int], dict[int, int]]:
    """({user id: matchpoints}, {user id: rounds}): each person against everybody who
    held the same seat of the same deal (computers compared, never scored)."""
    seats = finished_seats(tournament, "round__seed_hash", "seat", "user_id")
    groups: dict[tuple[str, int], list[tuple[int | None, int]]] = defaultdict(list)
    for seed_hash, seat, user_id, received, paid in seats:
        groups[seed_hash, seat].append((user_id, received - paid))
    points: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for held in groups.values():
        for user_id, net in held:
            if user_id is None:
                continue
            played[user_id] += 1
            points[user_id] += (
                sum(2 if net > other else 1 if net == other else 0 for _u, other in held) - 1
            )  # oneself: a tie, taken back
    return points, played
