"""How many sockets one person (or, for visitors, one address) may hold open in this
process: the table's, the lobby's, and those of the other pages that list rooms (a
club's, a tournament's: as many as the lobby's each). Over the limit the newest wins and
the oldest is closed (``common.limits.OpenSockets``, ``CLOSE_REPLACED``), telling it why."""

from django.utils.translation import gettext_lazy as _

from common.limits import OpenSockets

OPENED_ELSEWHERE = _(
    "This page was opened elsewhere (in another window or tab): it no longer updates "
    "here. Reload it to go on here."
)
TABLE_SOCKETS = OpenSockets("TABLE_SOCKETS_PER_USER", OPENED_ELSEWHERE)
LOBBY_SOCKETS = OpenSockets("LOBBY_SOCKETS_PER_USER", OPENED_ELSEWHERE)
CLUB_SOCKETS = OpenSockets("LOBBY_SOCKETS_PER_USER", OPENED_ELSEWHERE)
TOURNAMENT_SOCKETS = OpenSockets("LOBBY_SOCKETS_PER_USER", OPENED_ELSEWHERE)
ANONYMOUS_LOBBY_SOCKETS = OpenSockets(
    "ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS",
    _(
        "Too many lobby pages are open from your network: this one no longer updates. "
        "Reload it, or log in."
    ),
)


def forget_sockets() -> None:
    """For tests: start counting sockets from nothing."""
    for sockets in (
        TABLE_SOCKETS,
        LOBBY_SOCKETS,
        CLUB_SOCKETS,
        TOURNAMENT_SOCKETS,
        ANONYMOUS_LOBBY_SOCKETS,
    ):
        sockets.open.clear()
