"""A tournament's table belongs to its tournament (``games.play.homes``): between rounds
its page links back there, and once its last round has shown its settlement (the clock
then frees its players: tournaments.tables) the page takes its players there, where their
next table is. Its seats are the clock's: nobody changes them (the maker, who owns the
room, included), nor leaves them but by withdrawing from the tournament."""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.play.homes import Home
from tournaments.clock import TICK_SECONDS
from tournaments.models import TournamentTable
from tournaments.tables import settlement_seconds

FOLLOW_MARGIN_SECONDS = 2 * TICK_SECONDS


def home(room_id: int) -> Home | None:
    code = (
        TournamentTable.objects.filter(room_id=room_id)
        .values_list("tournament__code", flat=True)
        .first()
    )
    if code is None:
        return None
    url = reverse("tournaments:detail", kwargs={"code": code})
    # A moment more than the clock takes to free them: they arrive free, or seated again.
    follow_after = settlement_seconds() + FOLLOW_MARGIN_SECONDS
    return Home(
        _("Back to the tournament"),
        url,
        follow_after=follow_after,
        seats_kept_because=_(
            "The tournament's clock seats its tables and deals their rounds: nobody changes "
            "their seats. To leave the tournament, withdraw on its page."
        ),
    )
