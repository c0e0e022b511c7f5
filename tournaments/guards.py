"""Who may sit at a tournament's table: nobody but the people the clock seated there (the
seats are made full, so this only turns away somebody taking a seat freed meanwhile).
Called by ``games.rooms.seating`` (``seat_guards``). And how late its watchers see it."""

from django.conf import settings
from django.utils.translation import gettext as _

from tournaments.models import TournamentTable


def seated_by_the_clock(room, user) -> str | None:
    """Why ``user`` (None: a computer player) may not sit at ``room``, or None."""
    if not TournamentTable.objects.filter(room=room).exists():
        return None
    return _("The tournament's clock seats its players: nobody else sits at its tables.")


def watch_delay(room) -> int:
    """A tournament table is watched some moves late, so nobody watching can coach a
    player (``audience.watch_delay_sources``)."""
    if TournamentTable.objects.filter(room=room).exists():
        return settings.TOURNAMENT_WATCH_DELAY_MOVES
    return 0
