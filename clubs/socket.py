"""A club page's socket: it only listens, and only a member's (clubs.live sends it the
club's list of tables at each change). A stranger's socket, or a pending member's, is
refused before it opens: nothing of a club reaches a non-member."""

from channels.db import database_sync_to_async
from django.utils.translation import gettext_lazy as _

from clubs import live
from clubs.models import Membership
from games.table.list_socket import ListSocket
from games.table.safe_socket import CLOSE_NOT_ALLOWED
from games.table.socket_limits import CLUB_SOCKETS


@database_sync_to_async
def _is_member(club_id: int, user) -> bool:
    return Membership.objects.filter(club_id=club_id, user=user, pending=False).exists()


class ClubConsumer(ListSocket):
    sockets = CLUB_SOCKETS
    note_id = "club-note"

    @property
    def club_id(self) -> int:
        return self.scope["url_route"]["kwargs"]["club_id"]

    async def allowed(self, user) -> bool:
        return await _is_member(self.club_id, user)

    def listener(self):
        return live.LISTENERS.listener_for(self.club_id)

    def leave_listener(self) -> None:
        live.LISTENERS.leave(self, self.club_id)

    async def member_gone(self) -> None:
        """No longer a member: the page says so and hears nothing more."""
        self.live = False
        await self.send_note(self.translated(_("You are no longer a member of this club.")))
        await self.close(code=CLOSE_NOT_ALLOWED)
