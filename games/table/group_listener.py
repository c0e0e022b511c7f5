"""One listener per process for a group of pages that all show the same list: it is the
group's only member in the process, renders the list once per change and view (a view
being what a page shows: its language, its page number) and sends each of the
process's sockets its copy. The lobby's list (games.table.lobby_socket) and a club's list
of tables (clubs.live) are two such lists."""

import asyncio
import logging
from collections.abc import Callable, Hashable, Iterable

from channels.db import database_sync_to_async

logger = logging.getLogger(__name__)

# A render: the views asked for -> (the HTML of each view, how many renders that took).
Render = Callable[[Iterable[Hashable]], tuple[dict, int]]


class GroupListener:
    """The one member of ``group`` in this process, for all the sockets showing its list.

    A change (a message of type ``changed_type`` sent to the group) reaches every process
    with a member in the group, once. Here it is rendered once for each view that this
    process's sockets show (``render``; a socket's view is its ``view`` attribute), and
    each socket is sent its copy: a change costs a render or two per process, whatever the
    number of sockets. (Were each socket in the group to render for itself, 1,000 sockets
    would take about 10 s to have one change: ``benchmarks/bench_lobby.py`` measures both.)
    Changes that arrive while a render runs are rendered together once it is done: a
    render starts after the last change it answers arrived, so no page is left with an
    older list than the database's.

    A socket is sent the changes while its ``live`` is true; other messages of the group
    go to ``on_message``. It starts with the process's first socket (on that event loop
    and channel layer) and stops with the last.
    """

    # Channels drops a member from a group after a day (channels_redis' group_expiry):
    # the listener joins its group again this often.
    REJOIN_SECONDS = 3600.0

    def __init__(self, group: str, render: Render, changed_type: str) -> None:
        self.group = group
        self.render = render
        self.changed_type = changed_type
        self.sockets: dict = {}  # registered, oldest first
        self.renders = 0  # views rendered, for tests and benchmarks
        self._loop = None
        self._layer = None
        self._task: asyncio.Task | None = None  # receiving the changes (``_run``)
        self._ready: asyncio.Event | None = None  # set once in the group
        self._changed: asyncio.Event | None = None  # set: a change to render and send

    @property
    def listening(self) -> bool:
        return self._task is not None and not self._task.done()

    def _running(self, layer) -> bool:
        return self._loop is asyncio.get_running_loop() and self._layer is layer and self.listening

    async def join(self, socket) -> None:
        """Register ``socket`` (sent every change once it is ``live``), starting to
        listen if this process was not; returns once the listener is in the group."""
        if not self._running(socket.channel_layer):
            self._start(socket.channel_layer)
        self.sockets[socket] = None
        await self._ready.wait()

    def leave(self, socket) -> None:
        """``socket`` closed; the last one gone, stop listening (the listener leaves the
        group by itself, never holding up the socket's own end)."""
        self.sockets.pop(socket, None)
        if not self.sockets and self._running(socket.channel_layer):
            task, self._task = self._task, None
            task.cancel()

    async def on_message(self, message: dict) -> None:
        """A message of the group other than a change: none here."""

    async def welcome(self, socket) -> None:
        """``socket`` is now live (sent every change from here on): nothing more here, its
        page shows the list as it was a moment ago. A listener that sends only what
        changed sends it the whole list."""

    def render_again(self) -> None:
        """Render and send as if the list had changed (a listener with nothing to send
        a socket it welcomes)."""
        if self._changed is not None:
            self._changed.set()

    def _start(self, layer) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._layer is not layer:
            self.sockets.clear()  # those of another loop or layer: gone with it
        self._loop, self._layer = loop, layer
        self._ready, changed = asyncio.Event(), asyncio.Event()
        self._changed = changed
        self._task = asyncio.ensure_future(self._run(layer, self._ready, changed))

    async def _run(self, layer, ready: asyncio.Event, changed: asyncio.Event) -> None:
        """Receive the group's changes, and have them sent (``_send_changes``) meanwhile."""
        # The layer's usual kind of channel name: channels_redis reads the channels of a
        # process through one queue per prefix, the one its consumers use.
        channel = await layer.new_channel()
        try:
            await layer.group_add(self.group, channel)
        except Exception:  # the sockets are not held up: they miss changes until rejoined
            logger.exception("%s: could not join the group", self.group)
        finally:
            ready.set()
        sender = asyncio.ensure_future(self._send_changes(layer, channel, changed))
        try:
            while True:
                try:
                    message = await layer.receive(channel)
                except Exception:  # the channel layer's server away for a moment
                    logger.exception("%s: could not receive the changes", self.group)
                    await asyncio.sleep(1.0)
                    continue
                if message.get("type") == self.changed_type:
                    changed.set()
                else:
                    await self.on_message(message)
        finally:
            sender.cancel()
            try:  # bounded: a process shutting down cancels this too
                await asyncio.wait_for(layer.group_discard(self.group, channel), timeout=5)
            except (asyncio.CancelledError, Exception):
                # Left in the group, it is sent the changes until the group expires;
                # nobody reads them, and the layer drops them when they expire.
                pass

    async def _send_changes(self, layer, channel: str, changed: asyncio.Event) -> None:
        """Send each change, all those that came during a render together after it."""
        while True:
            try:
                await asyncio.wait_for(changed.wait(), timeout=self.REJOIN_SECONDS)
            except TimeoutError:
                try:
                    await layer.group_add(self.group, channel)
                except Exception:
                    logger.exception("%s: could not join the group again", self.group)
                continue
            changed.clear()
            try:
                await self._send_all()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("%s: could not send the new list", self.group)

    async def _send_all(self) -> None:
        views = {s.view for s in self.sockets if s.live}
        if not views:
            return
        pages, renders = await database_sync_to_async(self.render)(views)
        self.renders += renders
        # From here to the list of sockets nothing waits: a socket that went live during
        # the render is sent this change too (its page may be older than it), and every
        # socket on the list was welcomed before ``messages`` saw this change.
        messages = self.messages(pages)
        for socket in [s for s in self.sockets if s.live and messages.get(s.view)]:
            if socket.live:  # closed or replaced meanwhile
                await self.send_to(socket, messages[socket.view])

    def messages(self, pages: dict) -> dict:
        """What the sockets of each view are sent for the lists just rendered (view ->
        HTML): the lists themselves here; a listener that sends only what changed says
        so, None where nothing did."""
        return pages

    async def send_to(self, socket, text: str) -> None:
        try:
            await socket.send(text_data=text)
        except Exception:
            logger.debug("%s: a socket closed while it was sent the list", self.group)


class Listeners:
    """This process's listeners of one kind of page, one per key (a club, a tournament)
    while a socket of this process shows it: ``make(key)`` makes one."""

    def __init__(self, make: Callable[[Hashable], GroupListener]) -> None:
        self.make = make
        self.by_key: dict = {}

    def __contains__(self, key) -> bool:
        return key in self.by_key

    def listener_for(self, key) -> GroupListener:
        if key not in self.by_key:
            self.by_key[key] = self.make(key)
        return self.by_key[key]

    def leave(self, socket, key) -> None:
        listener = self.by_key.get(key)
        if listener is None:
            return
        listener.leave(socket)
        if not listener.sockets:
            self.by_key.pop(key, None)
