"""How many sockets one person (or, for visitors, one address) may hold open in this
process: the table's and the lobby's. Over the limit the newest wins and the oldest is
closed (``common.limits.OpenSockets``, ``CLOSE_REPLACED``), telling it why."""

from django.utils.translation import gettext_lazy as _

from common.limits import OpenSockets

TABLE_SOCKETS = OpenSockets(
    "TABLE_SOCKETS_PER_USER",
    _(
        "This page was opened elsewhere (in another window or tab): it no longer updates "
        "here. Reload it to go on here."
    ),
)
LOBBY_SOCKETS = OpenSockets(
    "LOBBY_SOCKETS_PER_USER",
    _(
        "This page was opened elsewhere (in another window or tab): it no longer updates "
        "here. Reload it to go on here."
    ),
)
ANONYMOUS_LOBBY_SOCKETS = OpenSockets(
    "ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS",
    _(
        "Too many lobby pages are open from your network: this one no longer updates. "
        "Reload it, or log in."
    ),
)


def forget_sockets() -> None:
    """For tests: start counting sockets from nothing."""
    for sockets in (TABLE_SOCKETS, LOBBY_SOCKETS, ANONYMOUS_LOBBY_SOCKETS):
        sockets.open.clear()
