"""The table's socket. ``TableConsumer`` serves one seated player (or a watcher) at one
table. Every message it receives is checked for shape, then handed to
``games.play.moves``; a refused move is answered to that player alone and changes
nothing. When the room's group says the table changed, each consumer renders the table
as *its* player may see it: hidden tiles never leave the server, nor travel through the
channel layer.

A socket acts for the session it was opened with, no longer: it closes when that
session ends (``accounts.socket_sessions``), and before each command it makes for its
player it checks, now and then, that the session still logs the player in."""

import logging
import time
from typing import NamedTuple

from autobahn.exception import Disconnected  # daphne's: a send on a closed socket
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db.models import Exists, OuterRef
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from accounts.socket_sessions import SessionSocket, still_logged_in
from common import drain
from games.models import Room, Seat
from games.play import absence, broadcast, deadlines
from games.play.broadcast import room_group
from games.play.errors import ServiceError, StaleVersion
from games.play.snapshot import TableSnapshot, load_snapshot, revealed, shared_snapshot
from games.rooms import idle_rooms
from games.table import (
    away,
    commands,
    delayed,
    local_sockets,
    phrases,
    presence,
    reconnect,
    socket_limits,
    watchers,
)
from games.table.parts import render_table
from games.table.pause_end import PauseEnd
from games.table.safe_socket import CLOSE_NOT_ALLOWED, SafeConsumer, language_of
from games.table.screen import CLEAR_ERROR, Screen

logger = logging.getLogger(__name__)

# A socket checks that its session still logs its player in (accounts.socket_sessions
# still_logged_in: two small queries and the session's decoding) before a command it
# makes for them, at most this often: not on every move of a quick hand, on the one
# thread that applies every move. The message of the session's end closes the socket at
# once; this check only catches a message that was lost. At 5 s, a player moving every
# few seconds paid it on almost every move (an eighth of the database thread's time in
# benchmarks/bench_load at 50 tables); half a minute late at most for a lost message.
SESSION_RECHECK_SECONDS = 30.0


def clock() -> float:
    """Now, in seconds, for the session check (tests move it forward)."""
    return time.monotonic()


class SessionGone(Exception):
    """The socket's session no longer logs its player in: the command is not made."""


class Arrival(NamedTuple):
    """What a seated player's socket reads once it has joined its room."""

    table: TableSnapshot
    away: "away.AwaySummary | None"  # what happened while they were away, if they were
    watchers: int


class TableConsumer(SessionSocket, SafeConsumer, AsyncWebsocketConsumer):
    """One viewer's table: a seated player's, or a watcher's (a logged-in user without a
    seat, while the room lets people watch: ``games.rooms.audience``). A change of the table
    reaches every consumer as a ``table.changed`` message naming the change; the
    consumers of one process share one load of the table for it
    (``games.play.snapshot``), each renders its own viewer's view (a watcher's shows no
    hidden tile: the engine's view for no seat) and sends only the parts that page does
    not show yet (``games.table.screen``). Watchers are counted in the database
    (``games.table.watchers``) and every page shows how many watch."""

    watching = False  # counted as a watcher (games.table.watchers)
    watchers_shown: int | None = None  # the watch count this page shows
    watch_delay = 0  # a watcher's table is shown this many moves late (games.table.delayed)
    session_checked_at = 0.0  # clock() when the session last logged the player in

    async def connect(self) -> None:
        self.user = self.scope["user"]
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.language = language_of(self.scope)
        # No request here: the forms take the CSRF secret of the browser's cookie, which
        # Django accepts as the form's token when a form is posted without the socket.
        self.csrf = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        self.screen = Screen()
        self.shown: tuple | None = None
        self.seats_shown = False  # whether the page shows the seats (for phrase bubbles)
        self.pause_end = PauseEnd()
        self.room_id, self.seated = await self._lookup()
        if self.room_id is None:
            # No such room, or nobody logged in: the table page needs a login too.
            await self.close(code=CLOSE_NOT_ALLOWED)
            return
        await self.count_socket(socket_limits.TABLE_SOCKETS, self.user.pk)
        self.group = room_group(self.code)
        # Logged in by its session at this moment (Channels' AuthMiddleware checked it).
        self.session_checked_at = clock()
        await self.join_session_group(self.user)
        # In the group before the watcher is counted: a switch-off committed after the
        # check below reaches this socket. Held here before the table is read: every move
        # committed after that read reaches it from memory (games.table.local_sockets).
        await self.channel_layer.group_add(self.group, self.channel_name)
        local_sockets.add(self.room_id, self)
        await self.accept()
        if not self.seated:
            await self._start_watching()
            return
        arrival = await self._arrive()
        presence.arrived(self.channel_name, self.room_id, self.user.pk)
        await self.show_loaded(arrival.table)
        if arrival.away is not None:
            await self.send(text_data=self._away_note(arrival.away, arrival.table))
        if arrival.watchers:  # the page was rendered with a count; it may have changed since
            await self.show_watchers(arrival.watchers)

    async def _start_watching(self) -> None:
        """A viewer without a seat: counted as a watcher, shown the table as nobody's
        seat sees it; or, if the owner has switched watching off, told so."""
        delay = await database_sync_to_async(self._begin_watching)()
        if delay is None:
            await self.send_watching_off()
            return
        self.watching = True
        self.watch_delay = delay
        watchers.started(self.channel_name, self.room_id, self.channel_layer)
        await self.show_loaded(await shared_snapshot(self.room_id, None))
        await watchers.tell(self.channel_layer, self.code)  # every page shows one more

    def _begin_watching(self) -> int | None:
        """Counted as watching, the room kept open: the moves behind, or None (not
        allowed). One trip to the database thread."""
        delay = watchers.watch(channel=self.channel_name, room_id=self.room_id, user=self.user)
        if delay is not None:
            idle_rooms.touch(self.room_id)
        return delay

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
        await self.leave_session_group()
        if getattr(self, "pause_end", None) is not None:
            self.pause_end.cancel()
        if not getattr(self, "group", None):
            return
        local_sockets.remove(self.room_id, self)
        if not self.seated:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._stop_watching()
            return
        presence.departed(self.channel_name)
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await database_sync_to_async(absence.left)(
            room_id=self.room_id,
            user_id=self.user.pk,
            still_here=presence.still_here(self.room_id, self.user.pk),
        )
        # The room's idle time counts from the moment its last person left.
        await database_sync_to_async(idle_rooms.touch)(self.room_id)
        deadlines.wake()  # the timer loop (games.driver) looks now

    @database_sync_to_async
    def _arrive(self) -> "Arrival":
        """Mark the player here, and read what their socket shows first: what happened
        while they were away (if they were), the table (read after the socket joined the
        room: every later move reaches it) and how many watch. One trip to the database
        thread, which every socket of a new table's wave waits its turn for."""
        seat = Seat.objects.filter(room_id=self.room_id, user=self.user).first()
        now = timezone.now()
        summary = None
        if seat is not None and not seat.online:
            summary = away.since(self.room_id, seat, seat.last_seen, now)
        # The others' tables change only if they showed the player offline (离线) or away.
        shown_away = seat is None or not seat.online or deadlines.is_away(seat, now)
        absence.seen(room_id=self.room_id, user_id=self.user.pk, shown_away=shown_away)
        # A person is at the table: it is not idle (written once a minute at most).
        idle_rooms.touch(self.room_id, force=False)
        return Arrival(load_snapshot(self.room_id), summary, watchers.count(self.room_id))

    def _away_note(self, summary, table) -> str:
        with translation.override(self.language):
            names = table.names
            return render_to_string(
                "games/table/_away_note.html",
                {"s": summary, "winners": [names[i] for i in summary.wins]},
            )

    @database_sync_to_async
    def _lookup(self) -> tuple[int | None, bool]:
        """The room's id, and whether the user sits there: one query."""
        if not self.user.is_authenticated:
            return None, False
        seated = Seat.objects.filter(room=OuterRef("pk"), user=self.user)
        found = (
            Room.objects.filter(code=self.code)
            .annotate(seated=Exists(seated))
            .values_list("pk", "seated")
            .first()
        )
        return found if found is not None else (None, False)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        if self.session_gone:
            return  # closed for its session: a frame still on its way acts for nobody
        if not self.seated:
            # A watcher's page has no move to make; whatever is sent changes nothing.
            await self.send_error(
                self.translated(_("You are watching this table: take a seat to play."))
            )
            return
        try:
            kind, action, version = commands.parse_frame(text_data, bytes_data)
        except commands.MalformedCommand as exc:
            await self.send_error(self.translated(exc.message))
            return
        await self.make_move(kind, action, version)

    async def make_move(self, kind: str, action: dict, version: int | None) -> None:
        """Apply the player's move. While the database is away (restarting, unreachable)
        the move is not dropped: the page says the table is reconnecting and the move is
        tried again until the database answers (``reconnect.retry``), or, after
        ``reconnect.GIVE_UP_SECONDS``, refused without effect. A move is one transaction:
        it was wholly made or not at all, and a retry of one that was made after all is
        refused as stale, never made twice."""
        handle = database_sync_to_async(self._handle)
        try:
            with drain.move_in_flight():
                await self._retrying(
                    lambda: handle(kind, action, version),
                    _(
                        "Reconnecting to the database… your move will be made as soon as it is "
                        "back."
                    ),
                )
        except StaleVersion as exc:
            # The table moved on before this click arrived (another claim came first):
            # the rules' answer, marked so that scripts can tell it from a failure.
            await self.send_error(str(exc), stale=True)
        except ServiceError as exc:
            await self.send_error(str(exc))
        except SessionGone:
            await self.end_for_session()
        except reconnect.DatabaseAway:
            await self.send_error(
                self.translated(
                    _(
                        "The table could not reach its database: your move was not made. "
                        "Please try again."
                    )
                )
            )

    async def _retrying(self, attempt, message):
        """``attempt()`` through ``reconnect.retry``: if it has to wait for the database the
        page is told ``message`` (marked retrying), and once it is made the line goes. An
        attempt that fails leaves the line for the caller's own answer to replace."""
        told = False

        async def say_reconnecting() -> None:
            nonlocal told
            told = True
            await self.send_error(self.translated(message), retrying=True)

        result = await reconnect.retry(attempt, on_wait=say_reconnecting)
        if told:
            await self.send(text_data=CLEAR_ERROR)
        return result

    def _check_session(self) -> None:
        """Raise SessionGone if the socket's session no longer logs its player in (ended
        with its message lost, or its password changed); asked at most every
        ``SESSION_RECHECK_SECONDS``."""
        now = clock()
        if now - self.session_checked_at < SESSION_RECHECK_SECONDS:
            return
        if not still_logged_in(self.session_key, self.user.pk):
            raise SessionGone
        self.session_checked_at = now

    def _handle(self, kind: str, action: dict, version: int | None) -> None:
        self._check_session()  # on the database's thread, waited for as the move is
        # The room stands in by its key and code only: every service reads what it needs
        # under its own lock, so a copy read here could only be stale.
        with translation.override(self.language):
            commands.run_command(
                room=Room(pk=self.room_id, code=self.code),
                user=self.user,
                kind=kind,
                action=action,
                version=version,
            )

    async def table_changed(self, event) -> None:
        if event.get("origin") == broadcast.PROCESS:
            return  # made in this process, which showed it here from memory already
        # Loading the table while the database is away waits for it: a change this page
        # missed would leave it behind until the next one.
        # The socket handles one message at a time: while this load waits, a click sent
        # now waits behind it unanswered. So the page is told the table is reconnecting,
        # as a move that waits is (found by the 'postgres away 25 s' fault test: a load
        # queued behind a move stuck in the pool held a click past the page's patience).
        change = event.get("change")
        await self.show_loaded(
            await self._retrying(
                lambda: shared_snapshot(self.room_id, change), _("Reconnecting to the database…")
            )
        )

    async def show_loaded(self, snap) -> None:
        """A table this process loaded rather than made: if it holds a pause, this page
        shows the pause's end itself (games.table.pause_end: the process that made the move
        may have died with its timer)."""
        await self.show(snap)
        self.pause_end.arm(snap, self._show_end_of_pause)

    async def _show_end_of_pause(self, held) -> None:
        if self.shown == held.freshness:  # nothing newer came first (the maker's end, a move)
            await self.show_delivered(revealed(held))

    async def show_delivered(self, snap) -> None:
        """A move made in this process, handed over from memory (local_sockets.deliver)."""
        try:
            await self.show(snap)
        except Disconnected:  # the page closed as the move was sent: nothing went wrong
            logger.debug("table %s: a socket closed while it was shown a move", self.code)
        except Exception:  # one page failing to render must not stop the others
            logger.exception("table %s: showing a move failed", self.code)

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
        if self.watch_delay:
            snap = await delayed.shared_behind(snap, self.watch_delay)
        with translation.override(self.language):  # the frame is rendered here too
            table = render_table(snap, user=self.user, csrf=self.csrf)
            message = self.screen.update(table)
        self.seats_shown = table.board is not None
        if message is not None:
            await self.send(text_data=message)

    async def table_phrase(self, event) -> None:
        """A quick phrase at a seat (games.table.phrases): shown in this page's language at the
        sender's seat. It goes beside the table's parts, never through the Screen: the
        table's version and what the page is known to show stay as they were."""
        if not self.seats_shown:
            return  # no seat on the page to show it at (before the first round)
        with translation.override(self.language):
            html = phrases.bubble(
                seat=event.get("seat"), key=event.get("phrase"), name=str(event.get("name", ""))
            )
        if html is not None:
            await self.send(text_data=html)

    async def say_session_ended(self, message) -> None:
        await self.send_error(self.translated(message))

    async def send_error(
        self, message: str, *, retrying: bool = False, stale: bool = False
    ) -> None:
        """The error line. ``retrying``: not a refusal but a note that the move is held
        and will be made; ``stale``: refused because the table had moved on
        (``data-retrying`` and ``data-stale`` tell scripts and styles apart)."""
        marker = ' data-retrying="true"' if retrying else ' data-stale="true"' if stale else ""
        await self.send(
            text_data=f'<div id="table-error" hx-swap-oob="true" role="alert" '
            f'class="table-error"{marker}>{escape(message)}</div>'
        )
