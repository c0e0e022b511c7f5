"""One run: the tables set up, the people playing, the window measured."""

import asyncio
import statistics
import time
from urllib.parse import urlsplit

import aiohttp

from benchmarks.load.accounts import PASSWORD
from benchmarks.load.markup import WS_CONNECT_RE, find_form
from benchmarks.load.measures import Sampler, Stats, measure_window, percentile, summary
from benchmarks.load.people import HTTP_TIMEOUT, Person, SetupError, Table

WARMUP_SECONDS = 10.0
DRAIN_SECONDS = 3.0  # after the window, for the other three's updates to arrive


class Run:
    def __init__(
        self,
        *,
        urls: list[str],
        tables: int,
        think: float,
        seed: int,
        seconds: float,
        setup_concurrency: int,
        version_tokens: bool,
        idle: bool = False,
    ) -> None:
        self.urls = urls
        self.idle = idle  # open every socket, press nothing: what idle sockets cost
        self.version_tokens = version_tokens  # the site sends opaque version tokens
        self.table_count = tables
        self.think = think
        self.seed = seed
        self.seconds = seconds
        self.setup_concurrency = setup_concurrency
        self.stats = Stats()
        self.stopping = False
        self.tables: list[Table] = []
        self.people: list[Person] = []
        self.tasks: set[asyncio.Task] = set()
        self.setup_errors: list[str] = []

    def spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def check_signup(self) -> dict:
        """One real sign-up over HTTP (slow password hash), outside the measured window."""
        base = self.urls[0]
        started = time.perf_counter()
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            timeout = aiohttp.ClientTimeout(total=HTTP_TIMEOUT)
            async with session.get(base + "/accounts/signup/", timeout=timeout) as response:
                page, url = await response.text(), str(response.url)
            form = find_form(page, "")
            if form is None:
                return {"ok": False, "why": "no sign-up form"}
            values = dict(form.fields)
            values.update(username=f"signup{self.seed}", password1=PASSWORD, password2=PASSWORD)
            async with session.post(
                form.action(url),
                data=values,
                timeout=timeout,
                headers={"Origin": base, "Referer": url},
            ) as response:
                await response.text()
                status, final = response.status, str(response.url)
            logged_in = any(c.key == "sessionid" for c in jar)
        ok = status == 200 and urlsplit(final).path == "/" and logged_in
        return {
            "ok": ok,
            "status": status,
            "final_path": urlsplit(final).path,
            "seconds": round(time.perf_counter() - started, 3),
        }

    async def setup_table(self, table: Table, semaphore: asyncio.Semaphore) -> None:
        async with semaphore:
            owner = table.people[0]
            status, page, url = await owner.get(owner.base + "/rooms/new/")
            form = find_form(page, "")
            if status != 200 or form is None:
                raise SetupError(f"table {table.index}: no room form ({status})")
            status, page, url = await owner.submit(form, url)
            table.path = urlsplit(url).path
            found = WS_CONNECT_RE.search(page)
            if status != 200 or not found:
                raise SetupError(f"table {table.index}: the room form led to {url} ({status})")
            table.ws_path = found.group(1)
            for person in table.people[1:]:
                for _attempt in range(3):
                    # Seated when the page offers to leave the table (a watcher's page
                    # opens the table's socket too, so the socket says nothing).
                    status, page, url = await person.get(person.table_url)
                    if find_form(page, "/leave/"):
                        break  # seated
                    form = find_form(page, "/sit/")
                    if form is None:
                        continue
                    status, page, url = await person.submit(form, url)
                    if find_form(page, "/leave/"):
                        break
                else:
                    raise SetupError(f"table {table.index}: seat {person.seat} could not sit")
            # The page is open (its socket too) when the person presses ready.
            await asyncio.gather(*(p.connect() for p in table.people))
            if self.idle:
                return
            results = await asyncio.gather(*(p.post_ready() for p in table.people))
            if not all(results):
                raise SetupError(f"table {table.index}: a ready form failed")

    async def watchdog(self) -> None:
        while not self.stopping:
            now = time.perf_counter()
            for person in self.people:
                person.check_timeout(now)
            await asyncio.sleep(0.5)

    async def execute(
        self, keys: list[str], cookies: dict[str, str], sampler: "Sampler", metrics
    ) -> dict:
        semaphore = asyncio.Semaphore(self.setup_concurrency)
        for t in range(self.table_count):
            table = Table(t, tokens=self.version_tokens)
            for seat in range(4):
                base = self.urls[(t + seat) % len(self.urls)]
                person = Person(self, table, seat, base, keys[t * 4 + seat], cookies)
                table.people.append(person)
                self.people.append(person)
            self.tables.append(table)
        self.spawn(self.watchdog())
        setup_started = time.perf_counter()
        results = await asyncio.gather(
            *(self.setup_table(t, semaphore) for t in self.tables), return_exceptions=True
        )
        for table, result in zip(self.tables, results, strict=True):
            if isinstance(result, BaseException):
                self.setup_errors.append(f"{type(result).__name__}: {result}"[:300])
                for person in table.people:
                    await person.close()
        started = [
            t for t, r in zip(self.tables, results, strict=True) if not isinstance(r, BaseException)
        ]
        if not started:
            raise SetupError("no table started: " + "; ".join(self.setup_errors[:3]))
        setup_seconds = time.perf_counter() - setup_started
        people = [p for t in started for p in t.people]
        warm_deadline = time.perf_counter() + WARMUP_SECONDS
        while (
            not self.idle
            and time.perf_counter() < warm_deadline
            and not all(p.max_version >= 1 for p in people)
        ):
            await asyncio.sleep(0.1)
        warm = sum(p.max_version >= 1 for p in people)

        window = await measure_window(self.stats, sampler, metrics, self.seconds)
        await asyncio.sleep(DRAIN_SECONDS)
        return self.report(
            started,
            window.elapsed,
            window.cpu,
            window.before_queries,
            window.after_queries,
            setup_seconds,
            warm,
            len(people),
        )

    def report(
        self,
        started: list[Table],
        elapsed: float,
        cpu: dict,
        before: dict,
        after: dict,
        setup_seconds: float,
        warm: int,
        people: int,
    ) -> dict:
        stats = self.stats
        moves = sum(t.moves_in_window for t in started)
        own = [c.own_ms for c in stats.clicks]
        others, others_missing = [], 0
        for click in stats.clicks:
            times = [
                click.table.reached(seat, click.epoch, click.version)
                for seat in range(4)
                if seat != click.seat
            ]
            if any(t is None for t in times):
                others_missing += 1
                continue
            others.append(max(0.0, (max(times) - click.sent) * 1000))
        queries = sum(q - before.get(pid, 0) for pid, q in after.items())
        # The site's own processes; the proxy's CPU is reported apart (a deployment
        # without nginx has none, one with it would have it before any change of ours).
        server_cpu = sum(v["cpu_seconds"] for k, v in cpu.items() if k not in ("loadgen", "proxy"))
        sizes = stats.update_sizes
        per_table = sorted(t.moves_in_window for t in started)
        return {
            "tables": self.table_count,
            "tables_started": len(started),
            "people": people,
            "people_warm": warm,
            "setup_seconds": round(setup_seconds, 2),
            "window_seconds": round(elapsed, 3),
            "moves": moves,
            "moves_per_second": moves / elapsed,
            "moves_per_table_min_max": [per_table[0], per_table[-1]] if per_table else None,
            "rounds_ended": stats.rounds_ended,
            "commands_sent": stats.sent_in_window,
            "own_update_ms": summary(own),
            "own_update_ms_by_kind": {
                kind: summary([c.own_ms for c in stats.clicks if c.kind == kind])
                for kind in sorted({c.kind for c in stats.clicks})
            },
            "others_updated_ms": summary(others),
            "others_missing": others_missing,
            "errors": {
                "refused": sum(stats.refused.values()),
                "refused_by_text": dict(stats.refused.most_common()),
                "stale": sum(stats.stale.values()),
                "http_5xx": sum(n for s, n in stats.http_status.items() if s >= 500),
                "http_5xx_whole_run": stats.http_5xx_total,
                "http_4xx": sum(n for s, n in stats.http_status.items() if 400 <= s < 500),
                "http_failures": dict(stats.http_failures),
                "ws": dict(stats.ws_errors),
                "ws_total": sum(stats.ws_errors.values()),
                "ws_whole_run": stats.ws_errors_total,
                "timeouts": stats.timeouts,
                "ready_failures": stats.ready_failures,
                "setup": self.setup_errors,
            },
            "processes": cpu,
            "server_cpu_seconds_per_second": server_cpu / elapsed,
            "server_cpu_ms_per_move": server_cpu * 1000 / moves if moves else None,
            "proxy_cpu_ms_per_move": (
                cpu["proxy"]["cpu_seconds"] * 1000 / moves if moves and "proxy" in cpu else None
            ),
            "queries": queries,
            "queries_per_move": queries / moves if moves else None,
            "update_bytes": {
                "n": len(sizes),
                "median": statistics.median(sizes) if sizes else None,
                "mean": statistics.fmean(sizes) if sizes else None,
                "p90": percentile(sizes, 90),
            },
            "bytes_received": stats.bytes_in_window,
            "bytes_per_move": stats.bytes_in_window / moves if moves else None,
            "page_load_ms": summary(stats.page_loads),
            "post_ms": summary(stats.posts),
        }

    async def close(self) -> None:
        self.stopping = True
        await asyncio.gather(*(p.close() for p in self.people), return_exceptions=True)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
