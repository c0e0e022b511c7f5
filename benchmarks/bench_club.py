"""What a club's ledger costs at the size of the biggest club: its standings and its CSV
export, summed from the ledger each time they are asked (clubs.standings).

    .venv/bin/python -m benchmarks.bench_club [--members 500] [--tables 20]
                                              [--rounds 50000] [--days 365] [--runs 21]

In one process, on a scratch SQLite database in a temporary folder (as ``make run``
serves): a club of ``--members`` members (the most a club may have: 500) and
``--tables`` tables (the most: 20), and ``--rounds`` finished rounds in its rooms, eight
rounds a room, ending at even intervals over the last ``--days`` days, four members
each. Each round is one of ``--states`` rounds the strong computer players really played
(its final state, its wins and its ledger: a few payments each, 5 on average), written
with bulk_create. Then, ``--runs`` times each, it times the standings and the CSV of the
current week and month (only the rounds so far: a Monday morning's week is short) and of
the last whole week and month, the past periods a page offers to browse, one
member's rounds of a month, the club's page (its current period) and the page of the
same club counting by the month with last month shown (the most rounds a page sums);
it reports the median and the 95th percentile in milliseconds, as a process answers
once it has summed the days that are over (clubs.tallies keeps them) and as it answers
when it sums everything again (its first call of the day), and the queries of such a
first call. With ``--postgres URL``, the same on a
PostgreSQL server (the database of production) in a database made for the run.
"""

import argparse
import copy
import os
import random
import statistics
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass
from datetime import timedelta

from benchmarks import scratch_site

ROUNDS_PER_ROOM = 8
MONTHLY_PAGE = "the page of a monthly club, last month shown"
BATCH = 2000  # rounds written per bulk_create


def real_states(count: int, seed: int = 1) -> list[dict]:
    """Final states of ``count`` rounds the strong computer players played."""
    from games.players.simulate import play_round
    from games.rules.options import RoomOptions
    from games.rules.round.state import Round as Engine

    rng = random.Random(seed)
    states = []
    for index in range(count):
        engine = Engine.deal(seed=f"club-{index}", dealer=0, options=RoomOptions.from_dict({}))
        play_round(engine, ("strong",) * 4, rng)
        states.append(engine.to_json())
    return states


def build_club(members: int, tables: int, days: int):
    """The club, its members (the first is the owner) and its tables."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from clubs.models import Club, ClubTable, Membership

    users = User.objects.bulk_create(
        [User(username=f"会员{n:03d}" if n % 3 else f"member{n:03d}") for n in range(members)]
    )
    club = Club.objects.create(
        name="bench",
        owner=users[0],
        created_at=timezone.now() - timedelta(days=days + 1),
    )
    Membership.objects.bulk_create(
        [
            Membership(club=club, user=user, role="owner" if n == 0 else "member")
            for n, user in enumerate(users)
        ]
    )
    floors = ClubTable.objects.bulk_create(
        [ClubTable(club=club, name=f"{n + 1}楼") for n in range(tables)]
    )
    return club, users, floors


def build_rooms(club, floors, rounds: int) -> list:
    from clubs.models import ClubRoom
    from games.models import Room

    count = -(-rounds // ROUNDS_PER_ROOM)
    rooms = Room.objects.bulk_create(
        [
            Room(
                code=f"B{n:07d}",
                name=floors[n % len(floors)].name,
                owner=club.owner,
                status=Room.Status.CLOSED,
                listed=False,
            )
            for n in range(count)
        ]
    )
    ClubRoom.objects.bulk_create(
        [
            ClubRoom(room=room, table=floors[n % len(floors)], club=club)
            for n, room in enumerate(rooms)
        ]
    )
    return rooms


def build_rounds(rooms, users, states, rounds: int, days: int, seed: int = 2) -> None:
    """``rounds`` finished rounds, the n-th in room n // 8, ending at even intervals from
    ``days`` ago until a minute ago, each with its players, its ledger, and the lines of
    its log those hang on (its wins)."""
    from django.db import transaction
    from django.utils import timezone

    rng = random.Random(seed)
    last = timezone.now() - timedelta(minutes=1)
    step = timedelta(days=days) / rounds
    for first in range(0, rounds, BATCH):
        numbers = range(first, min(first + BATCH, rounds))
        plan = [
            (n, states[n % len(states)], rng.sample(users, 4), last - (rounds - 1 - n) * step)
            for n in numbers
        ]
        with transaction.atomic():
            _write_batch(rooms, plan)


def _write_batch(rooms, plan) -> None:
    from games.models import Event, LedgerEntry, Round, RoundPlayer

    written = Round.objects.bulk_create(
        [
            Round(
                room=rooms[n // ROUNDS_PER_ROOM],
                number=n % ROUNDS_PER_ROOM + 1,
                dealer=0,
                seed_hash=f"{n:064x}",
                seed=f"club-{n}",
                state=state,
                status=Round.Status.ENDED,
                ended_at=ended_at,
            )
            for n, state, _, ended_at in plan
        ]
    )
    RoundPlayer.objects.bulk_create(
        [
            RoundPlayer(round=rnd, seat=seat, user=user)
            for rnd, (_, _, seated, _) in zip(written, plan, strict=True)
            for seat, user in enumerate(seated)
        ]
    )
    events = Event.objects.bulk_create(
        [Event(round=rnd, number=1, version=1, kind="payments") for rnd in written]
    )
    # The win lines of each round's log, as the engine writes them (clubs.standings
    # reads the wins there).
    Event.objects.bulk_create(
        [
            Event(round=rnd, number=2 + order, version=1, kind=Event.WIN, data=win)
            for rnd, (_, state, _, _) in zip(written, plan, strict=True)
            for order, win in enumerate(state["winners"])
        ]
    )
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(
                round=rnd,
                event=event,
                payer_seat=pay["payer"],
                payee_seat=pay["payee"],
                payer=seated[pay["payer"]],
                payee=seated[pay["payee"]],
                amount=pay["amount"],
                reason=pay["reason"],
            )
            for rnd, event, (_, state, seated, _) in zip(written, events, plan, strict=True)
            for pay in state["ledger"]
        ]
    )


def timed(call, runs: int) -> tuple[list[float], list[float], int, object]:
    """Seconds of each of ``runs`` calls as a process makes them once it has summed the
    days that are over (clubs.tallies.settled), of ``runs`` calls that sum everything
    again (a process's first of the day), the queries of such a first call, and its
    result."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubs import tallies

    tallies.forget_settled()
    with CaptureQueriesContext(connection) as queries:
        result = call()
    kept, whole = [], []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        kept.append(time.perf_counter() - start)
    for _ in range(runs):
        tallies.forget_settled()
        start = time.perf_counter()
        call()
        whole.append(time.perf_counter() - start)
    return kept, whole, len(queries), result


def p95(seconds: list[float]) -> float:
    if len(seconds) < 2:
        return seconds[0]
    return statistics.quantiles(seconds, n=20, method="inclusive")[18]


def cases(club, now) -> list[tuple[str, object, object]]:
    """(what, the call, the period whose rounds it reads, or None)."""
    from django.contrib.auth.models import User

    from clubs import periods
    from clubs.standings import member_rounds, standings, standings_csv

    week = periods.period_of("week", now)
    month = periods.period_of("month", now)
    last_week, last_month = periods.previous_period(week), periods.previous_period(month)
    weekly, monthly = copy.copy(club), copy.copy(club)
    weekly.period, monthly.period = "week", "month"
    busiest = max(standings(club, last_month), key=lambda row: row.rounds)
    member = User.objects.get(pk=busiest.user_id)
    return [
        (f"standings, this week ({week.key})", lambda: standings(club, week), week),
        (f"standings, last week ({last_week.key})", lambda: standings(club, last_week), last_week),
        (f"standings, this month ({month.key})", lambda: standings(club, month), month),
        (
            f"standings, last month ({last_month.key})",
            lambda: standings(club, last_month),
            last_month,
        ),
        ("CSV, this week", lambda: standings_csv(club, week), week),
        ("CSV, last week", lambda: standings_csv(club, last_week), last_week),
        ("CSV, this month", lambda: standings_csv(club, month), month),
        ("CSV, last month", lambda: standings_csv(club, last_month), last_month),
        ("past weeks (of a weekly club)", lambda: periods.past_periods(weekly, now), None),
        ("past months (of a monthly club)", lambda: periods.past_periods(monthly, now), None),
        (
            "a member's rounds, last month",
            lambda: member_rounds(club, member, last_month),
            last_month,
        ),
    ]


def build_waiting_rooms(club, floors, users) -> None:
    """A room waiting at each table, two members seated, two seats free: what the club's
    page lists live."""
    from clubs.models import ClubRoom
    from games.models import Room, Seat

    rooms = Room.objects.bulk_create(
        [
            Room(code=f"W{n:07d}", name=floor.name, owner=users[2 * n + 1], listed=False)
            for n, floor in enumerate(floors)
        ]
    )
    ClubRoom.objects.bulk_create(
        [
            ClubRoom(room=room, table=floor, club=club)
            for room, floor in zip(rooms, floors, strict=True)
        ]
    )
    Seat.objects.bulk_create(
        [
            Seat(room=room, index=i, user=users[2 * n + 1 + i] if i < 2 else None)
            for n, room in enumerate(rooms)
            for i in range(4)
        ]
    )


@dataclass(frozen=True)
class PageResult:
    rooms: int  # the waiting rooms the page lists
    queries: int  # counted around the request itself (the test client's own reset aside)


def page_case(club, period=None, what="the club's page (owner: admin parts too)"):
    """The club's page as its owner opens it, showing the standings of ``period`` (the
    current one without): (what, the call, the period)."""
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans", HTTP_HOST="127.0.0.1")
    client.force_login(club.owner)
    url = reverse("clubs:club", kwargs={"club_id": club.pk})
    if period is not None:
        url += f"?period={period.key}"

    def page() -> PageResult:
        made = []

        def count(execute, sql, params, many, context):
            made.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            response = client.get(url)
        assert response.status_code == 200, response.status_code
        return PageResult(response.content.decode().count('class="room-item'), len(made))

    return (what, page, period)


def monthly_page_case(club, now):
    """The page of the same club counting by the month, showing the whole of last month:
    the most rounds a page's standings ever sum (the current period's are at most that,
    at the month's end). ``measure`` makes the club monthly around it."""
    from clubs import periods

    last_month = periods.previous_period(periods.period_of("month", now))
    return page_case(club, last_month, MONTHLY_PAGE)


def rounds_in(club, period) -> int:
    from games.models import Round

    return Round.objects.filter(
        room__club_room__club=club, ended_at__gte=period.start, ended_at__lt=period.end
    ).count()


def measure(club, runs: int) -> None:
    from django.utils import timezone

    from clubs.models import Club
    from clubs.standings import Standing

    now = timezone.now()
    for what, call, period in [*cases(club, now), page_case(club), monthly_page_case(club, now)]:
        if what == MONTHLY_PAGE:
            Club.objects.filter(pk=club.pk).update(period=Club.Period.MONTH)
        seconds, whole, queries, result = timed(call, runs)
        Club.objects.filter(pk=club.pk).update(period=club.period)
        if isinstance(result, PageResult):
            queries, result = result.queries, [None] * result.rooms
        elif isinstance(result, str):
            result = result.splitlines()[1:]  # the CSV's rows
        elif result and isinstance(result[0], Standing):
            assert sum(row.net for row in result) == 0, "the nets of four people do not add up"
        size = f"{rounds_in(club, period):6d} rounds" if period is not None else " " * 13
        print(
            f"{what:44s} {size} {len(result):4d} rows  "
            f"median {statistics.median(seconds) * 1000:8.1f} ms  "
            f"p95 {p95(seconds) * 1000:8.1f} ms  "
            f"summed whole: median {statistics.median(whole) * 1000:7.1f} ms  "
            f"p95 {p95(whole) * 1000:7.1f} ms  queries {queries}"
        )


def run(args) -> None:
    from django.db import connection

    started = time.perf_counter()
    states = real_states(args.states)
    payments = sum(len(state["ledger"]) for state in states) / len(states)
    club, users, floors = build_club(args.members, args.tables, args.days)
    rooms = build_rooms(club, floors, args.rounds)
    build_rounds(rooms, users, states, args.rounds, args.days)
    build_waiting_rooms(club, floors, users)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(
        f"python {sys.version.split()[0]}, {connection.vendor}; a club of {args.members} "
        f"members, {args.tables} tables, {len(rooms)} rooms, {args.rounds} rounds over "
        f"{args.days} days ({payments:.1f} payments a round, {args.states} played states); "
        f"built in {time.perf_counter() - started:.1f} s; {args.runs} runs each"
    )
    if args.profile:
        profile_page(club, args.runs)
    else:
        measure(club, args.runs)


def profile_page(club, runs: int) -> None:
    """The club's page under cProfile: where its time goes, by cumulative time."""
    import cProfile
    import pstats
    from collections import Counter

    from django.template import defaulttags

    _what, page, _period = page_case(club)
    page()  # the first call fills what a process keeps (the past periods)
    # Which {% url %} tags a page renders, and how often: each is a reverse().
    urls, render_url = Counter(), defaulttags.URLNode.render

    def counted(node, context):
        urls[node.view_name.token] += 1
        return render_url(node, context)

    defaulttags.URLNode.render = counted
    page()
    defaulttags.URLNode.render = render_url
    print("{% url %} tags of one page:", dict(urls.most_common()))
    parts_timed(club, runs)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(runs):
        page()
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def parts_timed(club, runs: int) -> None:
    """Each part of the page's context on its own, unprofiled: the median, in ms."""
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    from clubs import pages
    from clubs.models import Membership

    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1")
    request.user = club.owner
    mine = Membership.objects.get(club=club, user=club.owner)
    members = pages._members(club)
    context = pages.club_page(request, club, mine)
    for what, call in (
        ("members", lambda: pages._members(club)),
        ("tables", lambda: pages.club_tables(club)),
        ("standings", lambda: pages.standings_context(request, club)),
        ("admin parts", lambda: pages._admin_parts(request, club, mine, members)),
        ("whole context", lambda: pages.club_page(request, club, mine)),
        ("render", lambda: render_to_string("clubs/club.html", context, request=request)),
    ):
        seconds = []
        for _ in range(runs):
            started = time.perf_counter()
            call()
            seconds.append(time.perf_counter() - started)
        print(f"{what:16s} median {statistics.median(seconds) * 1000:7.1f} ms")


def on_postgres(url: str):
    """Django on the PostgreSQL server of ``url``, in a fresh database of the test
    runner's (``test_`` and the name in ``url``), migrated; returns its teardown."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xuezhan.settings")
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    warnings.filterwarnings("ignore", message="SECRET_KEY is not set")
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.db import connection

    name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    return lambda: connection.creation.destroy_test_db(name, verbosity=0)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=500)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--profile", action="store_true", help="profile the club's page")
    parser.add_argument("--states", type=int, default=200, help="distinct played rounds")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="on this PostgreSQL server instead (postgres://user@host:port/name): in a "
        "database test_<name> made for the run and dropped after it",
    )
    args = parser.parse_args(argv)
    if args.members < 4 or args.tables < 1 or args.rounds < 1 or args.runs < 1:
        parser.error("a club needs four members, a table, a round and a run")
    if args.postgres:
        teardown = on_postgres(args.postgres)
        try:
            run(args)
        finally:
            teardown()
        return
    with tempfile.TemporaryDirectory() as folder:
        scratch_site.setup_django(folder)
        run(args)


if __name__ == "__main__":
    main()
