"""The ledger of a tournament's rounds, as its standings read it (tournaments.standings,
tournaments.duplicate)."""

from games.history.my_rounds import seat_total
from games.models import Round, RoundPlayer
from tournaments.models import Tournament


def finished_seats(tournament: Tournament, *fields: str):
    """Every seat of the finished rounds of the tournament's tables: ``fields``, then
    what the seat received and paid (summed from the ledger). One query."""
    return (
        RoundPlayer.objects.filter(
            round__room__tournament_table__tournament=tournament,
            round__status=Round.Status.ENDED,
        )
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .values_list(*fields, "received", "paid")
        .order_by()
    )
