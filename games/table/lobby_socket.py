"""The lobby's socket: it only listens. One listener per process is in the lobby's group
and renders the list once per change, language and page for all of that process's
lobby sockets (LobbyListener); the newest socket of a page wins. A logged-in person's
socket closes when the session it was opened with ends (``accounts.socket_sessions``)."""

import asyncio
import json
import logging
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from accounts.socket_sessions import SessionSocket
from common import limits
from games.play.broadcast import LOBBY_GROUP
from games.rooms import lobby as selectors
from games.table import socket_limits
from games.table.safe_socket import SafeConsumer, language_of

logger = logging.getLogger(__name__)


class LobbyConsumer(SessionSocket, SafeConsumer, AsyncWebsocketConsumer):
    """Keeps the lobby's list of rooms live: when a room opens, fills or starts a round,
    every lobby page gets the new list (no tile, no hand: the lobby is public). The page
    a socket shows is its ``?page=`` (games.rooms.lobby.lobby_rooms); the lists are
    rendered by the process's one ``LobbyListener``, never by each socket.

    A person logged in may hold ``LOBBY_SOCKETS_PER_USER`` lobby sockets in a process, a
    visitor ``ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS`` per address; one more closes their
    oldest (``limits.CLOSE_REPLACED``). A person's socket is in their group of sockets
    and closes when its session ends (``accounts.socket_sessions``)."""

    joined = False  # registered with the process's listener
    live = False  # accepted: the listener sends it every change

    async def connect(self) -> None:
        self.language = language_of(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.page = selectors.page_number((query.get("page") or ["1"])[0])
        user = self.scope["user"]
        if user.is_authenticated:
            await self.count_socket(socket_limits.LOBBY_SOCKETS, user.pk)
            await self.join_session_group(user)
        else:
            await self.count_socket(
                socket_limits.ANONYMOUS_LOBBY_SOCKETS, limits.socket_address(self.scope)
            )
        # The listener is in the lobby's group before the page is told it is live.
        await LOBBY_LISTENER.join(self)
        self.joined = True
        await self.accept()
        self.live = True

    async def clean_up(self) -> None:
        self.live = False
        await self.leave_session_group()
        if self.joined:
            LOBBY_LISTENER.leave(self)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        # The lobby socket takes no commands, whatever is sent; it says so.
        await self.send_error(self.translated(_("The lobby's socket takes no messages.")))

    async def send_error(self, message: str) -> None:
        await self.send(text_data=json.dumps({"error": message}, ensure_ascii=False))

    async def say_session_ended(self, message) -> None:
        await self.send_replaced_note(self.translated(message))

    async def send_replaced_note(self, message: str) -> None:
        self.live = False
        await self.send(
            text_data=(
                f'<p id="lobby-note" class="lobby-note" role="status" hx-swap-oob="true">'
                f"{escape(message)}</p>"
            )
        )


def render_lobby(views) -> tuple[dict[tuple[str, int], str], int]:
    """The lobby's lists for each (language, page) of ``views``, and how many renders
    that took: one per language and page shown, a page beyond the last being the last
    (so that no page asked for costs a render of its own)."""
    counts = selectors.lobby_counts()
    rendered: dict[tuple[str, int], str] = {}
    pages: dict[tuple[str, int], str] = {}
    for language, page in views:
        shown = (language, min(page, counts["pages"]))
        if shown not in rendered:
            with translation.override(language):
                rendered[shown] = render_to_string(
                    "games/_room_list.html",
                    {"rooms": selectors.lobby_rooms(shown[1], counts=counts), "oob": True},
                )
        pages[(language, page)] = rendered[shown]
    return pages, len(rendered)


class LobbyListener:
    """The one member of the lobby's group in this process, for all its lobby sockets.

    A change of the lobby (``games.play.broadcast.broadcast_lobby_changed``) reaches
    every process with a member in the group, once. Here it is rendered once for each
    language and page that this process's lobby sockets show, and each socket is sent
    its copy: a change costs a render or two per process, whatever the number of
    sockets. (Were each socket in the group to render for itself, 1,000 sockets would take
    about 10 s to have one change: ``benchmarks/bench_lobby.py`` measures both.) Changes
    that arrive while a render runs are rendered together once it is done: a render starts
    after the last change it answers arrived, so no page is left with an older list than
    the database's.

    It starts with the process's first lobby socket (on that event loop and channel
    layer) and stops with the last.
    """

    # Channels drops a member from a group after a day (channels_redis' group_expiry):
    # the listener joins its group again this often.
    REJOIN_SECONDS = 3600.0

    def __init__(self) -> None:
        self.sockets: dict[LobbyConsumer, None] = {}  # registered, oldest first
        self.renders = 0  # (language, page) lists rendered, for tests and benchmarks
        self._loop = None
        self._layer = None
        self._task: asyncio.Task | None = None  # receiving the changes (``_run``)
        self._ready: asyncio.Event | None = None  # set once in the group

    def _running(self, layer) -> bool:
        return (
            self._loop is asyncio.get_running_loop()
            and self._layer is layer
            and self._task is not None
            and not self._task.done()
        )

    async def join(self, socket: LobbyConsumer) -> None:
        """Register ``socket`` (sent every change once it is ``live``), starting to
        listen if this process was not; returns once the listener is in the group."""
        if not self._running(socket.channel_layer):
            self._start(socket.channel_layer)
        self.sockets[socket] = None
        await self._ready.wait()

    def leave(self, socket: LobbyConsumer) -> None:
        """``socket`` closed; the last one gone, stop listening (the listener leaves the
        group by itself, never holding up the socket's own end)."""
        self.sockets.pop(socket, None)
        if not self.sockets and self._running(socket.channel_layer):
            task, self._task = self._task, None
            task.cancel()

    def _start(self, layer) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._layer is not layer:
            self.sockets.clear()  # those of another loop or layer: gone with it
        self._loop, self._layer = loop, layer
        self._ready, changed = asyncio.Event(), asyncio.Event()
        self._task = asyncio.ensure_future(self._run(layer, self._ready, changed))

    async def _run(self, layer, ready: asyncio.Event, changed: asyncio.Event) -> None:
        """Receive the lobby's changes, and have them sent (``_send_changes``) meanwhile."""
        # The layer's usual kind of channel name: channels_redis reads the channels of a
        # process through one queue per prefix, the one its consumers use.
        channel = await layer.new_channel()
        try:
            await layer.group_add(LOBBY_GROUP, channel)
        except Exception:  # the sockets are not held up: they miss changes until rejoined
            logger.exception("lobby: could not join the lobby's group")
        finally:
            ready.set()
        sender = asyncio.ensure_future(self._send_changes(layer, channel, changed))
        try:
            while True:
                try:
                    message = await layer.receive(channel)
                except Exception:  # the channel layer's server away for a moment
                    logger.exception("lobby: could not receive the lobby's changes")
                    await asyncio.sleep(1.0)
                    continue
                if message.get("type") == "lobby.changed":
                    changed.set()
        finally:
            sender.cancel()
            try:  # bounded: a process shutting down cancels this too
                await asyncio.wait_for(layer.group_discard(LOBBY_GROUP, channel), timeout=5)
            except (asyncio.CancelledError, Exception):
                # Left in the group, it is sent the lobby's changes until the group
                # expires; nobody reads them, and the layer drops them when they expire.
                pass

    async def _send_changes(self, layer, channel: str, changed: asyncio.Event) -> None:
        """Send each change, all those that came during a render together after it."""
        while True:
            try:
                await asyncio.wait_for(changed.wait(), timeout=self.REJOIN_SECONDS)
            except TimeoutError:
                try:
                    await layer.group_add(LOBBY_GROUP, channel)
                except Exception:
                    logger.exception("lobby: could not join the lobby's group again")
                continue
            changed.clear()
            try:
                await self._send_all()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("lobby: could not send the new list")

    async def _send_all(self) -> None:
        sockets = [s for s in self.sockets if s.live]
        if not sockets:
            return
        views = {(s.language, s.page) for s in sockets}
        pages, renders = await database_sync_to_async(render_lobby)(views)
        self.renders += renders
        for socket in sockets:
            if not socket.live:  # closed or replaced meanwhile
                continue
            try:
                await socket.send(text_data=pages[(socket.language, socket.page)])
            except Exception:
                logger.debug("lobby: a socket closed while it was sent the list", exc_info=True)


LOBBY_LISTENER = LobbyListener()
