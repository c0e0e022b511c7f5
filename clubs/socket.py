"""A club page's socket: it only listens, and only a member's (clubs.live sends it the
club's list of tables at each change). A stranger's socket, or a pending member's, is
refused before it opens: nothing of a club reaches a non-member."""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from accounts.socket_sessions import SessionSocket
from clubs import live
from clubs.models import Membership
from common.limits import OpenSockets
from games.table.safe_socket import CLOSE_NOT_ALLOWED, SafeConsumer, language_of

CLUB_SOCKETS = OpenSockets(
    "LOBBY_SOCKETS_PER_USER",  # as many as the lobby's: a list of rooms too
    _(
        "This page was opened elsewhere (in another window or tab): it no longer updates "
        "here. Reload it to go on here."
    ),
)


@database_sync_to_async
def _is_member(club_id: int, user) -> bool:
    return Membership.objects.filter(club_id=club_id, user=user, pending=False).exists()


class ClubConsumer(SessionSocket, SafeConsumer, AsyncWebsocketConsumer):
    joined = False  # registered with the club's listener
    live = False  # accepted: the listener sends it every change
    club_id = None
    user_id = None

    async def connect(self) -> None:
        user = self.scope["user"]
        club_id = self.scope["url_route"]["kwargs"]["club_id"]
        if not user.is_authenticated or not await _is_member(club_id, user):
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.club_id, self.user_id = club_id, user.pk
        self.language = language_of(self.scope)
        self.view = self.language
        await self.count_socket(CLUB_SOCKETS, user.pk)
        await self.join_session_group(user)
        await live.listener_for(club_id).join(self)
        self.joined = True
        await self.accept()
        self.live = True

    async def clean_up(self) -> None:
        self.live = False
        await self.leave_session_group()
        if self.joined:
            live.leave(self, self.club_id)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        await self.send_error(self.translated(_("The club page's socket takes no messages.")))

    async def send_error(self, message: str) -> None:
        await self.send(text_data=json.dumps({"error": message}, ensure_ascii=False))

    async def member_gone(self) -> None:
        """No longer a member: the page says so and hears nothing more."""
        self.live = False
        await self.send_note(self.translated(_("You are no longer a member of this club.")))
        await self.close(code=CLOSE_NOT_ALLOWED)

    async def say_session_ended(self, message) -> None:
        await self.send_replaced_note(self.translated(message))

    async def send_replaced_note(self, message: str) -> None:
        self.live = False
        await self.send_note(message)

    async def send_note(self, message: str) -> None:
        await self.send(
            text_data=(
                f'<p id="club-note" class="lobby-note" role="status" hx-swap-oob="true">'
                f"{escape(message)}</p>"
            )
        )
