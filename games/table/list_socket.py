"""A page's socket that only listens to one list shown to everybody (a club's tables, a
tournament's leaderboard): a logged-in person's, counted against their sockets, sent the
list by the process's listener of that group (games.table.group_listener) at each
change. A subclass says who may open it (``allowed``) and which listener it joins."""

import json

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from accounts.socket_sessions import SessionSocket
from games.table.safe_socket import CLOSE_NOT_ALLOWED, SafeConsumer, language_of


class ListSocket(SessionSocket, SafeConsumer, AsyncWebsocketConsumer):
    sockets = None  # the common.limits.OpenSockets it is counted in
    note_id = "list-note"  # the page's element that says why it stopped updating
    no_messages = _("This page's socket takes no messages.")  # the answer to any message
    joined = False  # registered with the listener
    live = False  # accepted: the listener sends it every change
    user_id = None

    async def allowed(self, user) -> bool:
        raise NotImplementedError

    def listener(self):
        raise NotImplementedError

    def leave_listener(self) -> None:
        raise NotImplementedError

    async def connect(self) -> None:
        user = self.scope["user"]
        if not user.is_authenticated or not await self.allowed(user):
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        self.user_id = user.pk
        self.language = language_of(self.scope)
        self.view = self.language
        await self.count_socket(self.sockets, user.pk)
        await self.join_session_group(user)
        await self.listener().join(self)
        self.joined = True
        await self.accept()
        self.live = True
        await self.listener().welcome(self)

    async def clean_up(self) -> None:
        self.live = False
        await self.leave_session_group()
        if self.joined:
            self.leave_listener()

    async def receive(self, text_data=None, bytes_data=None) -> None:
        # It takes no commands, whatever is sent; it says so.
        await self.send_error(self.translated(self.no_messages))

    async def send_error(self, message: str) -> None:
        await self.send(text_data=json.dumps({"error": message}, ensure_ascii=False))

    async def say_session_ended(self, message) -> None:
        await self.send_replaced_note(self.translated(message))

    async def send_replaced_note(self, message: str) -> None:
        self.live = False
        await self.send_note(message)

    async def send_note(self, message: str) -> None:
        await self.send(
            text_data=(
                f'<p id="{self.note_id}" class="lobby-note" role="status" hx-swap-oob="true">'
                f"{escape(message)}</p>"
            )
        )
