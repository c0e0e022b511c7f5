"""The simulated people: each acts like a browser, over HTTP and the table's WebSocket,
and reads only the markup the site sends (benchmarks.load.markup)."""

import asyncio
import bisect
import contextlib
import json
import random
import time

import aiohttp
from yarl import URL

from benchmarks.load.markup import (
    SETTLEMENT_RE,
    TABLE_ERROR_RE,
    VERSION_RE,
    Command,
    PageForm,
    find_form,
    text_of,
    ws_commands,
    ws_ready_fields,
)
from benchmarks.load.measures import Click, Pending, Stats
from benchmarks.load.policy import choose
from games.table import version_token
from harness.stack import SECRET_KEY

CLICK_TIMEOUT = 10.0  # no update this long after a click: a timeout
HELD_CLICK_TIMEOUT = 50.0  # … after the site said it holds the click (database away)
HTTP_TIMEOUT = 30.0
WS_CONNECT_TIMEOUT = 15.0
WS_RECONNECTS = 20  # a page keeps trying (htmx's ws extension never stops)


class SetupError(RuntimeError):
    pass


class Table:
    def __init__(self, index: int, tokens: bool) -> None:
        self.index = index
        self.tokens = tokens
        self.path = ""
        self.ws_path = ""
        self.people: list[Person] = []
        self.max_version: dict[int, int] = {}
        self.moves_in_window = 0
        # seat -> epoch -> (versions, first arrival times), both increasing
        self.seen: list[dict[int, tuple[list[int], list[float]]]] = [{} for _ in range(4)]

    def version_of(self, shown: int) -> int:
        """The table's version from the number a page carries. Sites with
        ``games.table.version_token`` send an opaque token; the benchmark set the site's
        secret, so it reads the version (the number a page shows while a tile is on offer
        reads as the offer's version)."""
        if not self.tokens:
            return shown
        code = self.path.rstrip("/").rsplit("/", 1)[-1]
        return version_token.unpermute(version_token.room_key(SECRET_KEY, code), shown) // 2

    def note(self, stats: Stats, seat: int, epoch: int, version: int, t: float) -> None:
        versions, times = self.seen[seat].setdefault(epoch, ([], []))
        if not versions or version > versions[-1]:
            versions.append(version)
            times.append(t)
        before = self.max_version.get(epoch, 0)
        if version > before:
            self.max_version[epoch] = version
            if stats.in_window(t):
                self.moves_in_window += version - before

    def reached(self, seat: int, epoch: int, version: int) -> float | None:
        versions, times = self.seen[seat].get(epoch, ([], []))
        at = bisect.bisect_left(versions, version)
        return times[at] if at < len(times) else None


class Person:
    def __init__(
        self,
        run,  # the run.Run it belongs to (not imported: run imports this module)
        table: Table,
        seat: int,
        base: str,
        session_key: str,
        cookies: dict[str, str],
    ) -> None:
        self.run = run
        self.table = table
        self.seat = seat
        self.base = base
        self.rng = random.Random(f"{run.seed}:{table.index}:{seat}")
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1
        jar.update_cookies(
            {cookies["session"]: session_key, cookies["language"]: "zh-hans"}, URL(base + "/")
        )
        self.session = aiohttp.ClientSession(
            cookie_jar=jar,
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=10),
            connector=aiohttp.TCPConnector(limit=4),
        )
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.connected = asyncio.Event()
        self.ws_task: asyncio.Task | None = None
        self.epoch = 0
        self.version = -1
        self.max_version = -1
        self.commands: list[Command] = []
        self.commands_version: int | None = None
        self.pending: Pending | None = None
        self.scheduled: tuple[int, int] | None = None
        self.acted: tuple[int, int] | None = None
        self.act_handle: asyncio.TimerHandle | None = None
        self.ended_epoch: int | None = None  # the epoch whose settlement was seen
        self.ready_task: asyncio.Task | None = None
        self.ready_fields: dict[str, str] | None = None  # the socket's ready form, if any
        self.closing = False
        self.unanswered: str | None = None  # the last command sent, until a reply comes

    # HTTP, as a browser

    @property
    def table_url(self) -> str:
        return self.base + self.table.path

    async def request(
        self, method: str, url: str, data=None, referer: str | None = None
    ) -> tuple[int, str, str]:
        stats = self.run.stats
        headers = {"Accept": "text/html,application/xhtml+xml", "Accept-Language": "zh-CN,zh;q=0.9"}
        if referer:
            headers["Referer"] = referer
        if method == "POST":
            headers["Origin"] = self.base
        attempts = 3 if method == "GET" else 1
        for attempt in range(attempts):
            started = time.perf_counter()
            try:
                async with self.session.request(
                    method,
                    url,
                    data=data,
                    headers=headers,
                    allow_redirects=True,
                    max_redirects=5,
                    timeout=aiohttp.ClientTimeout(total=HTTP_TIMEOUT),
                ) as response:
                    body = await response.text(errors="replace")
                    statuses = [r.status for r in response.history] + [response.status]
                    done = time.perf_counter()
                    for status in statuses:
                        if status >= 500:
                            stats.http_5xx_total += 1
                        if status >= 400 and stats.in_window(done):
                            stats.http_status[status] += 1
                    if stats.in_window(started):
                        (stats.posts if method == "POST" else stats.page_loads).append(
                            (done - started) * 1000
                        )
                    return response.status, body, str(response.url)
            except (aiohttp.ClientError, TimeoutError) as exc:
                stats.http_failures[f"{method} {type(exc).__name__}"] += 1
                if attempt + 1 == attempts:
                    raise
                await asyncio.sleep(0.5)
        raise AssertionError("unreachable")

    async def get(self, url: str) -> tuple[int, str, str]:
        return await self.request("GET", url)

    async def submit(self, form: PageForm, page_url: str) -> tuple[int, str, str]:
        return await self.request("POST", form.action(page_url), data=form.fields, referer=page_url)

    async def post_ready(self) -> bool:
        """GET the table page, POST its ready form; bounded retries."""
        for attempt in range(3):
            if attempt:
                await asyncio.sleep(1.0)
            status, page, url = await self.get(self.table_url)
            if status != 200:
                continue
            form = find_form(page, "/ready/")
            if form is None:
                continue
            status, page, url = await self.submit(form, url)
            if status == 200:
                return True
        return False

    # the table's WebSocket

    async def connect(self) -> None:
        self.ws_task = asyncio.create_task(self._ws_loop())
        try:
            await asyncio.wait_for(self.connected.wait(), WS_CONNECT_TIMEOUT + 1)
        except TimeoutError:
            raise SetupError(f"table {self.table.index} seat {self.seat}: no WebSocket") from None

    async def _ws_loop(self) -> None:
        run = self.run
        url = "ws://" + self.base.split("://", 1)[1] + self.table.ws_path
        for attempt in range(WS_RECONNECTS + 1):
            if run.stopping or self.closing:
                return
            if attempt:
                # As htmx's ws extension: a random wait, up to a second at first.
                await asyncio.sleep(self.rng.uniform(0.1, 1.0))
            try:
                ws = await asyncio.wait_for(
                    self.session.ws_connect(
                        url, origin=self.base, autoping=True, max_msg_size=16 * 1024 * 1024
                    ),
                    WS_CONNECT_TIMEOUT,
                )
            except (aiohttp.ClientError, TimeoutError) as exc:
                run.stats.ws_error(f"handshake {type(exc).__name__}")
                continue
            self.ws = ws
            self.connected.set()
            if attempt and self.unanswered is not None:
                # As the page does (static/js/socket-retry.js): a click the closed socket
                # never answered is sent again; the site makes a move once only.
                self.run.spawn(self._send(ws, self.unanswered))
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self.on_message(message.data, time.perf_counter())
                    elif message.type == aiohttp.WSMsgType.ERROR:
                        break
            except (aiohttp.ClientError, TimeoutError) as exc:
                run.stats.ws_error(f"error {type(exc).__name__}")
            self.ws = None
            if run.stopping or self.closing:
                return
            run.stats.ws_error(f"closed {ws.close_code}")

    def on_message(self, text: str, now: float) -> None:
        stats = self.run.stats
        self.unanswered = None
        in_window = stats.in_window(now)
        size = len(text.encode())
        if in_window:
            stats.bytes_in_window += size
            stats.messages_in_window += 1
        if "table-error" in text:
            self._on_errors(text, in_window)
        versions = VERSION_RE.findall(text)
        if not versions:
            return
        if in_window:
            stats.update_sizes.append(size)
        self._on_version(max(self.table.version_of(int(v)) for v in versions), now)
        forms_version, commands = ws_commands(text, self.table.version_of)
        if forms_version is not None:
            self.commands, self.commands_version = commands, forms_version
        if 'value="ready"' in text:
            self.ready_fields = ws_ready_fields(text)
        if "settlement" in text and self.ended_epoch != self.epoch and SETTLEMENT_RE.search(text):
            self._on_round_end(in_window)
        self.schedule(now)

    def _on_errors(self, text: str, in_window: bool) -> None:
        """The table's answers to a click: held, stale or refused."""
        stats = self.run.stats
        for match in TABLE_ERROR_RE.finditer(text):
            reason = text_of(match.group("body"))
            if not reason:
                continue
            if "data-retrying" in match.group(0):
                # Not a refusal: the site holds the click and makes it once it can
                # (the database is away); it may take up to HELD_CLICK_TIMEOUT.
                if self.pending is not None:
                    self.pending.held = True
            elif "data-stale" in match.group(0):
                # The rules' answer to a click the table had moved past (another
                # claim came first): counted apart from refusals.
                stats.stale[reason] += 1
                self.pending = None
            else:
                stats.refused_total += 1
                if in_window:
                    stats.refused[reason] += 1
                self.pending = None

    def _on_version(self, version: int, now: float) -> None:
        """A new version of the table: the click it answers, if any, is measured."""
        stats = self.run.stats
        if version < self.version:  # a new round starts again from version 0
            self.epoch += 1
            self.pending = None
            self.commands, self.commands_version = [], None
            self.version = -1
        if version > self.version:
            self.table.note(stats, self.seat, self.epoch, version, now)
            pending = self.pending
            if pending is not None and pending.epoch == self.epoch and version > pending.version:
                own = (now - pending.sent) * 1000
                self.pending = None
                if stats.in_window(pending.sent):
                    stats.clicks.append(
                        Click(
                            pending.sent,
                            self.epoch,
                            version,
                            self.seat,
                            own,
                            self.table,
                            pending.kind,
                        )
                    )
        self.version = version
        self.max_version = max(self.max_version, version)

    def _on_round_end(self, in_window: bool) -> None:
        self.ended_epoch = self.epoch
        if self.seat == 0 and in_window:
            self.run.stats.rounds_ended += 1
        if self.ready_task is None or self.ready_task.done():
            self.ready_task = asyncio.create_task(self._ready_again())

    def schedule(self, arrived: float) -> None:
        key = (self.epoch, self.version)
        if (
            self.pending is not None
            or self.commands_version != self.version
            or not self.commands
            or key in (self.acted, self.scheduled)
        ):
            return
        if self.act_handle is not None:
            self.act_handle.cancel()
        self.scheduled = key
        think = self.run.think * self.rng.uniform(0.5, 1.5) if self.run.think > 0 else 0.0
        delay = max(0.0, arrived + think - time.perf_counter())
        self.act_handle = asyncio.get_running_loop().call_later(delay, self._act, key)

    def _act(self, key: tuple[int, int]) -> None:
        self.act_handle = None
        self.scheduled = None
        ws = self.ws
        if (
            self.run.stopping
            or ws is None
            or self.pending is not None
            or key != (self.epoch, self.version)
            or self.commands_version != self.version
        ):
            return
        self.acted = key
        command = choose(self.commands, self.rng)
        if command is None:
            return
        payload = dict(command.fields)
        payload["HEADERS"] = {
            "HX-Request": "true",
            "HX-Trigger": None,
            "HX-Trigger-Name": None,
            "HX-Target": "table",
            "HX-Current-URL": self.table_url,
        }
        now = time.perf_counter()
        self.pending = Pending(now, self.epoch, self.version, command.kind)
        if self.run.stats.in_window(now):
            self.run.stats.sent_in_window += 1
        self.unanswered = json.dumps(payload)
        self.run.spawn(self._send(ws, self.unanswered))

    async def _send(self, ws, data: str) -> None:
        try:
            await ws.send_str(data)
        except (aiohttp.ClientError, ConnectionError, RuntimeError) as exc:
            self.run.stats.ws_error(f"send {type(exc).__name__}")
            self.pending = None

    def check_timeout(self, now: float) -> None:
        pending = self.pending
        timeout = HELD_CLICK_TIMEOUT if pending is not None and pending.held else CLICK_TIMEOUT
        if pending is not None and now - pending.sent > timeout:
            if self.run.stats.in_window(pending.sent):
                self.run.stats.timeouts += 1
                self.run.stats.timed_out.append((pending.sent, pending.kind, pending.held))
            self.pending = None

    async def _ready_again(self) -> None:
        """Between rounds: the ready button, sent over the socket where the page's form
        is a ws-send form (the page stays open), else posted as a page load."""
        if self.run.think > 0:
            await asyncio.sleep(self.run.think * self.rng.uniform(0.5, 1.5))
        epoch = self.epoch
        ws = self.ws
        if self.ready_fields is not None and ws is not None:
            # The page stays open; but people do reload it (or open it on another device)
            # between rounds: one page load each per round keeps page loads in the load.
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                await self.get(self.table_url)
            payload = dict(self.ready_fields, HEADERS={"HX-Request": "true"})
            # As every ws-send of the page (static/js/socket-retry.js): a ready the socket
            # closed before answering (its process was killed) is sent again on the next
            # socket. Else the round's next deal waited on it for ever.
            self.unanswered = json.dumps(payload)
            await self._send(self.ws or ws, self.unanswered)
            return
        try:
            ok = await self.post_ready()
        except (aiohttp.ClientError, TimeoutError):
            ok = False
        if not ok and self.epoch == epoch and not self.run.stopping:
            self.run.stats.ready_failures += 1

    async def close(self) -> None:
        self.closing = True
        if self.act_handle is not None:
            self.act_handle.cancel()
        for task in (self.ready_task,):
            if task is not None and not task.done():
                task.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)
        if self.ws_task is not None and not self.ws_task.done():
            self.ws_task.cancel()
            with contextlib.suppress(BaseException):
                await self.ws_task
        with contextlib.suppress(Exception):
            await self.session.close()
