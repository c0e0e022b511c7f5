"""A tournament page's socket: anybody logged in who has the tournament's link hears its
leaderboard change (tournaments.live)."""

from channels.db import database_sync_to_async

from games.table.list_socket import ListSocket
from games.table.socket_limits import TOURNAMENT_SOCKETS
from tournaments import live
from tournaments.models import Tournament


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
