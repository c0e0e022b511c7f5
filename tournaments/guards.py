"""Who may sit at a tournament's table: nobody but the people the clock seated there (the
seats are made full, so this only turns away somebody taking a seat freed meanwhile).
Called by ``games.rooms.seating`` (``seat_guards``)."""

from django.utils.translation import gettext as _

from tournaments.models import TournamentTable


def seated_by_the_clock(room, user) -> str | None:
    """Why ``user`` (None: a computer player) may not sit at ``room``, or None."""
    if not TournamentTable.objects.filter(room=room).exists():
        return None
    return _("The tournament's clock seats its players: nobody else sits at its tables.")
