"""WebSocket consumers.

``TableConsumer`` serves one seated player at one table. Every message it receives is
checked for shape, then handed to ``games.services``; a refused move is answered to that
player alone and changes nothing. When the room's group says the table changed, each
consumer renders the table as *its* player may see it: hidden tiles never leave the
server, nor travel through the channel layer.

The lobby socket only listens: a page is told when the list of open tables changes. One
listener per process is in the lobby's group and renders the list once per change,
language and page for all of that process's lobby sockets (``LobbyListener``).
"""

import asyncio
import json
import logging
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from games import commands, driver, idle_rooms, phrases, selectors, services, timers
from games.models import Room, Seat
from games.table import away, presence, watchers
from games.table.parts import render_table
from games.table.screen import Screen
from games.table.snapshot import load_snapshot, shared_snapshot
from xuezhan import limits

logger = logging.getLogger(__name__)

CLOSE_NOT_ALLOWED = 4403


class SafeConsumer:
    """What both sockets share, so that no frame and no failure can take one down.

    - A handler that fails is logged and, for a frame from the browser, answered with an
      error; the socket stays open and usable.
    - Whatever ends the connection (a close, an error, the server's own shutdown),
      ``clean_up`` runs, once, and a socket counted against a limit (``count_socket``)
      is given back.
    - Over a limit the newest socket wins: the same person's (or address's) oldest is
      told why and closes (``socket_replaced``), so a dead one never locks them out.
    - Channels checks the database connections before every message, on the one thread
      that also applies every move: five trips there per move, queued behind the moves.
      These consumers touch the database only through ``database_sync_to_async``, which
      checks around each call, so the per-message check is skipped.
    """

    cleaned_up = False
    slot: tuple | None = None  # (limits.OpenSockets, key) this socket is counted under

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.slot is not None:
                sockets, key = self.slot
                self.slot = None
                sockets.give_back(key, self.channel_name)
            if not self.cleaned_up:
                self.cleaned_up = True
                await self.clean_up()

    async def dispatch(self, message) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            logger.warning("socket: no handler for %r", message.get("type"))
            return
        try:
            await handler(message)
        except (StopConsumer, asyncio.CancelledError):
            raise
        except Exception:
            logger.exception("socket: handling %r failed", message.get("type"))
            if message.get("type") == "websocket.receive":
                await self.send_error(self.translated(_("The server could not do that.")))

    async def clean_up(self) -> None:
        """Undo what ``connect`` set up; runs exactly once, however the socket ends."""

    def translated(self, text) -> str:
        with translation.override(getattr(self, "language", settings.LANGUAGE_CODE)):
            return str(text)

    async def count_socket(self, sockets: limits.OpenSockets, key) -> None:
        """Count this socket under ``key`` (given back however it ends). Over the limit
        the newest wins: the oldest sockets of ``key`` are counted no more and told to
        close, each through its own channel, so that each closes in its own turn (a
        socket mid-render finishes first); a dead one frees its slot all the same."""
        self.slot = (sockets, key)
        for channel in sockets.take(key, self.channel_name):
            try:
                await self.channel_layer.send(channel, {"type": "socket.replaced"})
            except Exception:  # counted no more all the same: it closes at its ping timeout
                logger.exception("socket: could not tell %s it was replaced", channel)

    async def socket_replaced(self, event) -> None:
        """A newer socket of the same person (or address) took this one's place: the page
        says so, and does not try again (``limits.CLOSE_REPLACED``)."""
        if self.slot is None:
            return  # not counted (any more): nothing to make way for
        sockets, _key = self.slot
        self.slot = None  # given back already: the newer one holds it
        await self.send_replaced_note(self.translated(sockets.message))
        await self.close(code=limits.CLOSE_REPLACED)

    async def send_replaced_note(self, message: str) -> None:
        await self.send_error(message)


class LobbyConsumer(SafeConsumer, AsyncWebsocketConsumer):
    """Keeps the lobby's list of rooms live: when a room opens, fills or starts a round,
    every lobby page gets the new list (no tile, no hand: the lobby is public). The page
    a socket shows is its ``?page=`` (games.selectors.lobby_rooms); the lists are
    rendered by the process's one ``LobbyListener``, never by each socket.

    A person logged in may hold ``LOBBY_SOCKETS_PER_USER`` lobby sockets in a process, a
    visitor ``ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS`` per address; one more closes their
    oldest (``limits.CLOSE_REPLACED``)."""

    joined = False  # registered with the process's listener
    live = False  # accepted: the listener sends it every change

    async def connect(self) -> None:
        self.language = _language(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.page = selectors.page_number((query.get("page") or ["1"])[0])
        user = self.scope["user"]
        if user.is_authenticated:
            await self.count_socket(limits.LOBBY_SOCKETS, user.pk)
        else:
            await self.count_socket(limits.ANONYMOUS_LOBBY_SOCKETS,
                                    limits.socket_address(self.scope))
        # The listener is in the lobby's group before the page is told it is live.
        await LOBBY_LISTENER.join(self)
        self.joined = True
        await self.accept()
        self.live = True

    async def clean_up(self) -> None:
        self.live = False
        if self.joined:
            LOBBY_LISTENER.leave(self)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        # The lobby socket takes no commands, whatever is sent; it says so.
        await self.send_error(self.translated(_("The lobby's socket takes no messages.")))

    async def send_error(self, message: str) -> None:
        await self.send(text_data=json.dumps({"error": message}, ensure_ascii=False))

    async def send_replaced_note(self, message: str) -> None:
        self.live = False
        await self.send(text_data=(
            f'<p id="lobby-note" class="lobby-note" role="status" hx-swap-oob="true">'
            f'{escape(message)}</p>'))


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
                rendered[shown] = render_to_string("games/_room_list.html", {
                    "rooms": selectors.lobby_rooms(shown[1], counts=counts), "oob": True})
        pages[(language, page)] = rendered[shown]
    return pages, len(rendered)


class LobbyListener:
    """The one member of the lobby's group in this process, for all its lobby sockets.

    A change of the lobby (``services.broadcast_lobby_changed``, to the group) reaches
    every process with a member in the group, once. Here it is rendered once for each
    language and page that this process's lobby sockets show, and each socket is sent
    its copy: a change costs a render or two per process, whatever the number of
    sockets. (Each socket in the group rendering for itself, 1,000 sockets took 10 s to
    have one change: ``benchmarks/bench_lobby.py``.) Changes that arrive while a render
    runs are rendered together once it is done: a render starts after the last change it
    answers arrived, so no page is left with an older list than the database's.

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
        return (self._loop is asyncio.get_running_loop() and self._layer is layer
                and self._task is not None and not self._task.done())

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
            await layer.group_add(services.LOBBY_GROUP, channel)
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
                await asyncio.wait_for(
                    layer.group_discard(services.LOBBY_GROUP, channel), timeout=5)
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
                    await layer.group_add(services.LOBBY_GROUP, channel)
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
                logger.debug("lobby: a socket closed while it was sent the list",
                             exc_info=True)


LOBBY_LISTENER = LobbyListener()


def _language(scope) -> str:
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    supported = dict(settings.LANGUAGES)
    if cookie in supported:
        return cookie
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            for lang, _q in translation.trans_real.parse_accept_lang_header(value.decode()):
                try:
                    return translation.get_supported_language_variant(lang)
                except LookupError:
                    continue
    return settings.LANGUAGE_CODE


class TableConsumer(SafeConsumer, AsyncWebsocketConsumer):
    """One viewer's table: a seated player's, or a watcher's (a logged-in user without a
    seat, while the room lets people watch: ``games.audience``). A change of the table
    reaches every consumer as a ``table.changed`` message naming the change; the
    consumers of one process share one load of the table for it
    (``games.table.snapshot``), each renders its own viewer's view (a watcher's shows no
    hidden tile: the engine's view for no seat) and sends only the parts that page does
    not show yet (``games.table.screen``). Watchers are counted in the database
    (``games.table.watchers``) and every page shows how many watch."""

    watching = False  # counted as a watcher (games.table.watchers)
    watchers_shown: int | None = None  # the watch count this page shows

    async def connect(self) -> None:
        self.user = self.scope["user"]
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.language = _language(self.scope)
        # No request here: the forms take the CSRF secret of the browser's cookie, which
        # Django accepts as the form's token when a form is posted without the socket.
        self.csrf = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        self.screen = Screen()
        self.shown: tuple | None = None
        self.seats_shown = False  # whether the page shows the seats (for phrase bubbles)
        self.room_id, self.seated = await self._lookup()
        if self.room_id is None:
            # No such room, or nobody logged in: the table page needs a login too.
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        await self.count_socket(limits.TABLE_SOCKETS, self.user.pk)
        self.group = services.room_group(self.code)
        # In the group before the watcher is counted: a switch-off committed after the
        # check below reaches this socket.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        if not self.seated:
            await self._start_watching()
            return
        summary = await self._arrive()
        presence.arrived(self.channel_name, self.room_id, self.user.pk)
        await self.show(await shared_snapshot(self.room_id, None))
        if summary is not None:
            await self.send(text_data=await database_sync_to_async(self._away_note)(summary))
        count = await watchers.shared_count(self.room_id, None)
        if count:  # the page was rendered with a count; it may have changed since
            await self.show_watchers(count)

    async def _start_watching(self) -> None:
        """A viewer without a seat: counted as a watcher, shown the table as nobody's
        seat sees it; or, if the owner has switched watching off, told so."""
        allowed = await database_sync_to_async(watchers.watch)(
            channel=self.channel_name, room_id=self.room_id, user=self.user)
        if allowed:
            await database_sync_to_async(idle_rooms.touch)(self.room_id)
        else:
            await self.send_watching_off()
            return
        self.watching = True
        watchers.started(self.channel_name, self.room_id, self.channel_layer)
        await self.show(await shared_snapshot(self.room_id, None))
        await watchers.tell(self.channel_layer, self.code)  # every page shows one more

    async def _stop_watching(self) -> None:
        if self.watching:
            self.watching = False
            watchers.stopped(self.channel_name)
            await database_sync_to_async(watchers.unwatch)(channel=self.channel_name)
            await database_sync_to_async(idle_rooms.touch)(self.room_id)
            await watchers.tell(self.channel_layer, self.code)  # every page shows one fewer

    async def clean_up(self) -> None:
        """However the socket ended (closed, failed, cut off): the player is no longer
        here, and after the grace period the seat plays itself; a watcher is no longer
        counted."""
        if not getattr(self, "group", None):
            return
        if not self.seated:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._stop_watching()
            return
        presence.departed(self.channel_name)
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await database_sync_to_async(timers.left)(
            room_id=self.room_id, user_id=self.user.pk,
            still_here=presence.still_here(self.room_id, self.user.pk))
        # The room's idle time counts from the moment its last person left.
        await database_sync_to_async(idle_rooms.touch)(self.room_id)
        driver.wake()

    @database_sync_to_async
    def _arrive(self) -> "away.AwaySummary | None":
        """Mark the player here; what happened while they were away, if they were."""
        seat = Seat.objects.filter(room_id=self.room_id, user=self.user).first()
        summary = None
        if seat is not None and not seat.online:
            summary = away.since(self.room_id, seat, seat.last_seen, timezone.now())
        timers.seen(room_id=self.room_id, user_id=self.user.pk)
        idle_rooms.touch(self.room_id)  # a person is at the table: it is not idle
        return summary

    def _away_note(self, summary) -> str:
        with translation.override(self.language):
            names = load_snapshot(self.room_id).names
            return render_to_string("games/table/_away_note.html", {
                "s": summary, "winners": [names[i] for i in summary.wins]})

    @database_sync_to_async
    def _lookup(self) -> tuple[int | None, bool]:
        room = Room.objects.filter(code=self.code).first()
        if room is None or not self.user.is_authenticated:
            return None, False
        return room.pk, services.seat_of(room, self.user) is not None

    async def receive(self, text_data=None, bytes_data=None) -> None:
        if not self.seated:
            # A watcher's page has no move to make; whatever is sent changes nothing.
            await self.send_error(self.translated(
                _("You are watching this table: take a seat to play.")))
            return
        try:
            kind, action, version = commands.parse_frame(text_data, bytes_data)
        except commands.MalformedCommand as exc:
            await self.send_error(self.translated(exc.message))
            return
        try:
            await database_sync_to_async(self._handle)(kind, action, version)
        except services.ServiceError as exc:
            await self.send_error(str(exc))

    def _handle(self, kind: str, action: dict, version: int | None) -> None:
        # The room stands in by its key and code only: every service reads what it needs
        # under its own lock, so a copy read here could only be stale.
        with translation.override(self.language):
            commands.run_command(room=Room(pk=self.room_id, code=self.code), user=self.user,
                                 kind=kind, action=action, version=version)

    async def table_changed(self, event) -> None:
        await self.show(await shared_snapshot(self.room_id, event.get("change")))

    async def table_watchers(self, event) -> None:
        await self.show_watchers(await watchers.shared_count(self.room_id, event.get("change")))

    async def show_watchers(self, count: int) -> None:
        if count == self.watchers_shown:
            return
        self.watchers_shown = count
        with translation.override(self.language):
            await self.send(text_data=watchers.render_count(count, oob=True))

    async def table_watching(self, event) -> None:
        """The owner switched watching on or off. Off: a watcher (not the owner, who may
        always look at their room) is told so and the socket closes, with a code after
        which the page does not try again."""
        if event.get("allowed") or not self.watching or event.get("owner_id") == self.user.pk:
            return
        await self._stop_watching()
        await self.send_watching_off()

    async def send_watching_off(self) -> None:
        with translation.override(self.language):
            notice = render_to_string("games/table/_watching_off.html", {"oob": True})
        # The page's watch count would stay as it was: it is hidden with the table.
        await self.send(text_data=notice.strip() + watchers.render_count(0, oob=True))
        await self.close(code=CLOSE_NOT_ALLOWED)

    async def show(self, snap) -> None:
        """Bring the page to ``snap`` (never back to an older table than it shows)."""
        if self.shown is not None and snap.freshness < self.shown:
            return
        self.shown = snap.freshness
        with translation.override(self.language):  # the frame is rendered here too
            table = render_table(snap, user=self.user, csrf=self.csrf)
            message = self.screen.update(table)
        self.seats_shown = table.board is not None
        if message is not None:
            await self.send(text_data=message)

    async def table_phrase(self, event) -> None:
        """A quick phrase at a seat (games.phrases): shown in this page's language at the
        sender's seat. It goes beside the table's parts, never through the Screen: the
        table's version and what the page is known to show stay as they were."""
        if not self.seats_shown:
            return  # no seat on the page to show it at (before the first round)
        with translation.override(self.language):
            html = phrases.bubble(seat=event.get("seat"), key=event.get("phrase"),
                                  name=str(event.get("name", "")))
        if html is not None:
            await self.send(text_data=html)

    async def send_error(self, message: str) -> None:
        await self.send(
            text_data=f'<div id="table-error" hx-swap-oob="true" role="alert" '
            f'class="table-error">{escape(message)}</div>'
        )
