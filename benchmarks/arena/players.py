"""The arena's simulated players. Each keeps the tournament's page open (its socket
hears every change of the leaderboard) and, whenever their row shows them seated at a
table, goes there as tournament-live.js takes a browser there: the table's page, its
socket, and play by the load benchmark's people (benchmarks.load.people.Person, its
policy and measures) until the round's settlement; then they wait on the tournament's
page for the next table. The page stays open in its own tab meanwhile, so that the
round's being counted on the leaderboard can be timed from the settlement."""

import asyncio
import contextlib
import time
from dataclasses import dataclass

import aiohttp

from benchmarks.arena import board
from benchmarks.load.markup import WS_CONNECT_RE
from benchmarks.load.people import WS_CONNECT_TIMEOUT, WS_RECONNECTS, Person, SetupError, Table

LEAVE_AFTER = 1.0  # seconds a player stays on the table's page after its settlement


class ArenaTable(Table):
    """One tournament table (one round, one room), as the load benchmark's Table counts
    its moves, plus when it moved last (a table that stops moving is a stall)."""

    def __init__(self, index: int, code: str, tokens: bool, opened_at: float) -> None:
        super().__init__(index, tokens)
        self.code = code
        self.path = f"/t/{code}/"
        self.opened_at = opened_at  # a player first saw the seating on the leaderboard
        self.last_move = opened_at
        self.max_gap = 0.0  # the longest time without a move while in play (s)
        self.moves = 0  # over the whole run (moves_in_window: in the window only)
        self.first_move_at: float | None = None
        self.settled_at: float | None = None  # a settlement first reached a player
        self.stalled = False
        self.slots = 0  # players arrived (their index in Table.seen)

    def note(self, stats, seat: int, epoch: int, version: int, t: float) -> None:
        before = self.max_version.get(epoch, 0)
        super().note(stats, seat, epoch, version, t)
        after = self.max_version.get(epoch, 0)
        if after > before:
            self.moves += after - before
            if self.first_move_at is None:
                self.first_move_at = t
            if self.settled_at is None:
                self.max_gap = max(self.max_gap, t - self.last_move)
            self.last_move = max(self.last_move, t)

    def in_play(self) -> bool:
        return self.settled_at is None


class SeatedPerson(Person):
    """A player at one table: the load benchmark's Person, but at its settlement the
    player goes back to the tournament's page (an arena table plays one round) instead
    of pressing ready."""

    def __init__(self, player: "ArenaPlayer", table: ArenaTable, slot: int) -> None:
        super().__init__(player.run, table, slot, player.base, player.session_key, player.cookies)
        self.player = player
        self.visit: Visit | None = None

    def on_message(self, text: str, now: float) -> None:
        if self.visit is not None and self.visit.frame_at is None:
            self.visit.frame_at = now  # the table's first frame on its socket
        super().on_message(text, now)

    def _on_round_end(self, in_window: bool) -> None:
        self.ended_epoch = self.epoch
        self.player.settled(self, time.perf_counter())


@dataclass
class Visit:
    """One seating of a player: seen on the leaderboard, settled at the table, counted on
    the leaderboard (its Rounds column up by one)."""

    table: ArenaTable
    seen_at: float
    person: SeatedPerson | None = None
    # On the way to the first move: the table's page loaded, its socket open, its first
    # frame (the table as the socket shows it) received.
    page_at: float | None = None
    socket_at: float | None = None
    frame_at: float | None = None
    settled_at: float | None = None
    counted_at: float | None = None


class ArenaPlayer:
    def __init__(self, run, index: int, base: str, session_key: str, cookies: dict) -> None:
        self.run = run
        self.index = index
        self.base = base
        self.session_key = session_key
        self.cookies = cookies
        # The tournament page's tab: a Person for its HTTP (counted as the load benchmark
        # counts page loads and posts) and the session its socket opens with.
        self.tab = Person(run, Table(-1 - index, run.version_tokens), 0, base, session_key, cookies)
        self.user_id: int | None = None
        self.pattern = None
        self.rounds_shown = 0
        self.visits: list[Visit] = []
        self.waiting_since: float | None = None  # back from a table, not yet seated again
        self.board_connected = asyncio.Event()
        self.board_task: asyncio.Task | None = None
        self.board_ws: aiohttp.ClientWebSocketResponse | None = None

    # the tournament's page

    def read_page(self, page: str, now: float) -> None:
        """The page as loaded: who the player is, and their row."""
        if self.user_id is None:
            self.user_id = board.me(page)
            if self.user_id is None:
                raise SetupError(f"player {self.index}: the tournament page names nobody")
            self.pattern = board.row_pattern(self.user_id)
        row = board.row_of(page, self.pattern)
        if row is not None:
            self.seen_row(row, now)

    async def open_board(self, code: str) -> None:
        self.board_task = asyncio.create_task(self._board_loop(code))
        try:
            await asyncio.wait_for(self.board_connected.wait(), WS_CONNECT_TIMEOUT + 1)
        except TimeoutError:
            raise SetupError(f"player {self.index}: no tournament socket") from None

    async def _board_loop(self, code: str) -> None:
        run, stats = self.run, self.run.stats
        url = "ws://" + self.base.split("://", 1)[1] + f"/ws/tournaments/{code}/"
        for attempt in range(WS_RECONNECTS + 1):
            if run.stopping:
                return
            if attempt:
                await asyncio.sleep(self.tab.rng.uniform(0.1, 1.0))
            try:
                ws = await asyncio.wait_for(
                    self.tab.session.ws_connect(
                        url, origin=self.base, autoping=True, max_msg_size=16 * 1024 * 1024
                    ),
                    WS_CONNECT_TIMEOUT,
                )
            except (aiohttp.ClientError, TimeoutError) as exc:
                stats.ws_error(f"board handshake {type(exc).__name__}")
                continue
            self.board_ws = ws
            self.board_connected.set()
            if attempt:  # the page's socket came back: a person reloads the page
                with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                    status, page, _url = await self.tab.get(f"{self.base}/tournaments/{code}/")
                    if status == 200:
                        self.read_page(page, time.perf_counter())
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self.on_board(message.data, time.perf_counter())
                    elif message.type == aiohttp.WSMsgType.ERROR:
                        break
            except (aiohttp.ClientError, TimeoutError) as exc:
                stats.ws_error(f"board error {type(exc).__name__}")
            self.board_ws = None
            if run.stopping:
                return
            stats.ws_error(f"board closed {ws.close_code}")

    def on_board(self, text: str, now: float) -> None:
        run = self.run
        if run.stats.in_window(now):
            run.board_frames += 1
            run.board_bytes += len(text.encode())
        if text.lstrip().startswith("{"):
            run.board_errors[f"socket said {text[:120]}"] += 1
            return
        said = board.note(text)
        if said:
            run.board_errors[f"note: {said[:120]}"] += 1
            return
        status = board.status(text)
        if status is None and not board.is_changes(text):
            run.board_errors[f"unknown frame {text[:80]!r}"] += 1
            return
        if status is not None:
            run.board_status = status
        row = board.row_of(text, self.pattern)
        if row is None:  # in a whole board, an error; in changes, the row did not change
            if status is not None:
                run.board_errors["the leaderboard has no row for the player"] += 1
            return
        self.seen_row(row, now)

    def seen_row(self, row: board.Row, now: float) -> None:
        if row.rounds < self.rounds_shown:
            self.run.board_errors["a player's rounds went down"] += 1
        for _ in range(row.rounds - self.rounds_shown):
            visit = next((v for v in self.visits if v.counted_at is None), None)
            if visit is None:  # a round counted that the player never saw seated
                self.run.board_errors["a round counted at no table the player saw"] += 1
                break
            visit.counted_at = now
        self.rounds_shown = max(self.rounds_shown, row.rounds)
        current = self.visits[-1] if self.visits else None
        if row.table and (current is None or current.table.code != row.table):
            self.seat_at(row.table, now)

    # the tables

    def seat_at(self, code: str, now: float) -> None:
        run = self.run
        current = self.visits[-1] if self.visits else None
        if current is not None and current.person is not None and not current.person.closing:
            if current.settled_at is None:
                run.board_errors["seated elsewhere before the table's settlement"] += 1
            run.spawn(current.person.close())
        if self.waiting_since is not None and run.stats.in_window(now):
            run.waits.append(now - self.waiting_since)
        self.waiting_since = None
        table = run.table_for(code, now)
        visit = Visit(table, now)
        self.visits.append(visit)
        run.spawn(self._go_to(visit))

    async def _go_to(self, visit: Visit) -> None:
        """As the page takes a browser to the table: its page, then its socket."""
        table = visit.table
        slot = table.slots
        table.slots += 1
        if slot >= 4:
            self.run.board_errors["more than four players at a table"] += 1
            return
        person = SeatedPerson(self, table, slot)
        visit.person, person.visit = person, visit
        self.run.seated_people.add(person)
        try:
            status, page, _url = await person.get(person.table_url)
            visit.page_at = time.perf_counter()
            found = WS_CONNECT_RE.search(page)
            if status != 200 or not found:
                raise SetupError(f"the table page {table.path} ({status}) has no socket")
            table.ws_path = found.group(1)
            if person.closing:
                return
            await person.connect()
            visit.socket_at = time.perf_counter()
        except (SetupError, aiohttp.ClientError, TimeoutError) as exc:
            self.run.table_errors[f"{type(exc).__name__}: {str(exc)[:100]}"] += 1
            await person.close()

    def settled(self, person: SeatedPerson, now: float) -> None:
        visit = next((v for v in reversed(self.visits) if v.person is person), None)
        if visit is None or visit.settled_at is not None:
            return
        visit.settled_at = now
        self.run.round_ended(visit.table, now)
        self.waiting_since = now
        asyncio.get_running_loop().call_later(LEAVE_AFTER, self._leave, person)

    def _leave(self, person: SeatedPerson) -> None:
        if not person.closing:
            self.run.spawn(person.close())

    async def close(self) -> None:
        if self.board_ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.board_ws.close(), 2)
        if self.board_task is not None and not self.board_task.done():
            self.board_task.cancel()
            with contextlib.suppress(BaseException):
                await self.board_task
        people = [v.person for v in self.visits if v.person is not None and not v.person.closing]
        await asyncio.gather(*(p.close() for p in people), return_exceptions=True)
        await self.tab.close()
