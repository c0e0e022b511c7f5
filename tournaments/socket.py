"""A tournament page's socket: anybody logged in who has the tournament's link hears its
leaderboard change (tournaments.live)."""

from channels.db import database_sync_to_async
from django.utils.translation import gettext_lazy as _

from common.limits import OpenSockets
from games.table.list_socket import ListSocket
from tournaments import live
from tournaments.models import Tournament

TOURNAMENT_SOCKETS = OpenSockets(
    "LOBBY_SOCKETS_PER_USER",
    _(
        "This page was opened elsewhere (in another window or tab): it no longer updates "
        "here. Reload it to go on here."
    ),
)


class TournamentConsumer(ListSocket):
    sockets = TOURNAMENT_SOCKETS
    note_id = "tournament-note"
    tournament_id = None

    async def allowed(self, user) -> bool:
        code = self.scope["url_route"]["kwargs"]["code"]
        self.tournament_id = await database_sync_to_async(
            lambda: Tournament.objects.filter(code=code).values_list("pk", flat=True).first()
        )()
        return self.tournament_id is not None

    def listener(self):
        return live.LISTENERS.listener_for(self.tournament_id)

    def leave_listener(self) -> None:
        live.LISTENERS.leave(self, self.tournament_id)
