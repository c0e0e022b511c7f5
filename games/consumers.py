"""WebSocket consumers.

The lobby socket only listens: it joins the lobby group so that a page can be told when
the list of open tables changes. Sockets reach a consumer only through the origin and
session checks of `xuezhan.asgi`.
"""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

LOBBY_GROUP = "lobby"


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        # The lobby socket takes no commands; say so instead of ignoring the message.
        await self.send_json({"error": "the lobby socket accepts no messages"})

    async def lobby_changed(self, event) -> None:
        await self.send_json({"type": "lobby.changed"})
