"""One arena run: the tournament made, joined and started through its pages, the players
waiting and playing, the window measured."""

import asyncio
import math
import sys
import time
from collections import Counter
from urllib.parse import urlsplit

from benchmarks.arena import board
from benchmarks.arena.figures import report
from benchmarks.arena.players import ArenaPlayer, ArenaTable
from benchmarks.load.markup import find_form
from benchmarks.load.measures import Sampler, Stats, measure_window
from benchmarks.load.people import SetupError

WARMUP_SECONDS = 30.0  # at most, for every player to be seated and every table to move
DRAIN_SECONDS = 3.0  # after the window, for the last rounds' leaderboards to arrive
TOURNAMENT_MINUTES_SPARE = 3
CLOSE_SECONDS = 30.0  # the arena's own window outlasts the benchmark's


class ArenaRun:
    def __init__(
        self,
        *,
        url: str,
        players: int,
        seconds: float,
        think: float,
        seed: int,
        version_tokens: bool,
        stall_seconds: float,
        setup_concurrency: int,
    ) -> None:
        self.url = url
        self.player_count = players
        self.seconds = seconds
        self.think = think
        self.seed = seed
        self.version_tokens = version_tokens
        self.stall_seconds = stall_seconds
        self.setup_concurrency = setup_concurrency
        self.stats = Stats()  # the load benchmark's: HTTP, table sockets, clicks
        self.stopping = False
        self.tasks: set[asyncio.Task] = set()
        self.players: list[ArenaPlayer] = []
        self.tables: dict[str, ArenaTable] = {}
        self.seated_people: set = set()  # SeatedPerson objects not yet closed
        self.code = ""
        self.board_status: str | None = None
        self.board_frames = 0  # in the window, over every player's socket
        self.board_bytes = 0
        self.board_errors: Counter = Counter()  # whole run
        self.table_errors: Counter = Counter()  # a table's page or socket that failed
        self.stalls: list[dict] = []
        self.waits: list[float] = []  # settlement to the next seating (s), in the window
        self.in_play_samples: list[int] = []
        self.rounds_in_window = 0
        self.started_at = math.inf  # the maker pressed "start now"

    def spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def table_for(self, code: str, now: float) -> ArenaTable:
        table = self.tables.get(code)
        if table is None:
            table = ArenaTable(len(self.tables), code, self.version_tokens, now)
            self.tables[code] = table
        return table

    def round_ended(self, table: ArenaTable, now: float) -> None:
        if table.settled_at is None:
            table.settled_at = now
            if self.stats.in_window(now):
                self.rounds_in_window += 1

    # set-up, through the pages

    async def make_tournament(self, minutes: int) -> None:
        maker = self.players[0].tab
        status, page, url = await maker.get(self.url + "/tournaments/new/")
        form = find_form(page, "")
        if status != 200 or form is None:
            raise SetupError(f"no tournament form ({status})")
        values = dict(form.fields)
        values.update(
            name=f"擂台 {self.player_count}",
            format="arena",
            minutes=str(minutes),
            max_entries=str(max(2, self.player_count)),
        )
        form.fields = list(values.items())
        status, page, url = await maker.submit(form, url)
        found = board.CODE_RE.search(urlsplit(url).path)
        if status != 200 or not found or found.group(1) == "new":
            raise SetupError(f"the tournament form led to {url} ({status})")
        self.code = found.group(1)

    async def join(self, player: ArenaPlayer, semaphore: asyncio.Semaphore) -> None:
        """Sign up on the page (and check in, where the page offers it), then keep the
        page open: its socket."""
        async with semaphore:
            page_url = f"{self.url}/tournaments/{self.code}/"
            status, page, url = await player.tab.get(page_url)
            form = find_form(page, "/join/")
            if status != 200 or form is None:
                raise SetupError(f"player {player.index}: no sign-up form ({status})")
            status, page, url = await player.tab.submit(form, url)
            form = find_form(page, "/check-in/")
            if form is not None:
                status, page, url = await player.tab.submit(form, url)
            if status != 200 or find_form(page, "/withdraw/") is None:
                raise SetupError(f"player {player.index}: not signed up ({status})")
            player.read_page(page, time.perf_counter())
            await player.open_board(self.code)

    async def start(self) -> None:
        """The maker's "start now" (everybody signed up counts as checked in)."""
        maker = self.players[0].tab
        status, page, url = await maker.get(f"{self.url}/tournaments/{self.code}/")
        form = find_form(page, "/start/")
        if status != 200 or form is None:
            raise SetupError(f"no start form on the maker's page ({status})")
        status, page, url = await maker.submit(form, url)
        if status != 200:
            raise SetupError(f"start now: {status}")

    # the window

    async def watchdog(self) -> None:
        last_sample = 0.0
        while not self.stopping:
            now = time.perf_counter()
            for person in list(self.seated_people):
                if person.closing:
                    self.seated_people.discard(person)
                else:
                    person.check_timeout(now)
            for table in self.tables.values():
                gap = now - table.last_move
                if table.in_play() and not table.stalled and gap > self.stall_seconds:
                    table.stalled = True
                    self.stalls.append(
                        {
                            "table": table.code,
                            "seconds_after_the_start": round(now - self.started_at, 1),
                            "in_window": self.stats.in_window(now),
                            "version": max(table.max_version.values(), default=0),
                            "players_arrived": table.slots,
                        }
                    )
            if self.stats.in_window(now) and now - last_sample >= 1.0:
                last_sample = now
                self.in_play_samples.append(sum(t.in_play() for t in self.tables.values()))
            await asyncio.sleep(0.5)

    async def execute(self, keys: list[str], cookies: dict, sampler: Sampler, metrics) -> dict:
        for index in range(self.player_count):
            self.players.append(ArenaPlayer(self, index, self.url, keys[index], cookies))
        self.spawn(self.watchdog())
        setup_started = time.perf_counter()
        minutes = max(
            10, math.ceil((WARMUP_SECONDS + self.seconds) / 60) + TOURNAMENT_MINUTES_SPARE
        )
        await self.make_tournament(minutes)
        semaphore = asyncio.Semaphore(self.setup_concurrency)
        await asyncio.gather(*(self.join(p, semaphore) for p in self.players))
        self.started_at = started_at = time.perf_counter()
        await self.start()
        warm_deadline = started_at + WARMUP_SECONDS
        while time.perf_counter() < warm_deadline and not (
            all(p.visits for p in self.players) and all(t.moves > 0 for t in self.tables.values())
        ):
            await asyncio.sleep(0.1)
        seated = sum(bool(p.visits) for p in self.players)
        setup_seconds = time.perf_counter() - setup_started
        first_seating = [p.visits[0].seen_at - started_at for p in self.players if p.visits]

        window = await measure_window(self.stats, sampler, metrics, self.seconds)
        await asyncio.sleep(DRAIN_SECONDS)
        return report(
            self,
            elapsed=window.elapsed,
            cpu=window.cpu,
            queries=window.queries,
            setup_seconds=setup_seconds,
            seated_at_start=seated,
            first_seating=first_seating,
        )

    async def close(self) -> float:
        """Every socket and session closed, every task ended (bounded: what is still
        running after CLOSE_SECONDS is named on stderr and left). How long it took."""
        started = time.perf_counter()
        self.stopping = True
        closing = asyncio.gather(*(p.close() for p in self.players), return_exceptions=True)
        _done, pending = await asyncio.wait([closing], timeout=CLOSE_SECONDS)
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            _done, stuck = await asyncio.wait(list(self.tasks), timeout=CLOSE_SECONDS)
            pending |= stuck
        for task in pending:
            print(f"still running at the end: {task!r}", file=sys.stderr)
            task.print_stack(limit=8, file=sys.stderr)
        return round(time.perf_counter() - started, 2)
