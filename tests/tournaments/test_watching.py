"""A tournament table is watched some moves behind its play (issue 48, fair play), so that
nobody watching can coach a player: a watcher's page and socket show the table as it stood
TOURNAMENT_WATCH_DELAY_MOVES moves ago, scores included; its players see it as it is; a
finished round is shown whole; a table that is no tournament's is watched live."""

import random
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Round
from games.play import dealing
from games.play.snapshot import load_snapshot
from games.play.steps import run_bots
from games.players.computer import choose_action
from games.rooms.seating import set_auto_play
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict
from games.table import commands, version_token
from games.table.parts import render_table
from tests.table.oob import Page, _Elements
from tests.table.sockets import connect, session_cookie, settle
from tests.tables import four_people, page_version
from tournaments import clock, entries
from tournaments.models import TournamentTable

DELAY = 8
VERSION = re.compile(r'data-version="(\d+)"')
SEAT_PARTS = ("hand", "melds", "river")


@pytest.fixture(autouse=True)
def one_long_deal(monkeypatch):
    """Every table dealt one known deal, whose round outlasts the moves these tests make:
    a fresh secret deal may end early (three wins), and the page then shows it whole."""
    monkeypatch.setattr(
        dealing,
        "secrets",
        SimpleNamespace(token_hex=lambda n: "5eed" * (n // 2), randbelow=lambda n: 0),
    )


@pytest.fixture(autouse=True)
def delay(settings):
    settings.TOURNAMENT_WATCH_DELAY_MOVES = DELAY
    settings.BOT_DELAY_SECONDS = 0


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def tournament_table() -> tuple[TournamentTable, list[User], list[int]]:
    """An arena's first table, dealt: its four people and each one's seat."""
    tournament = entries.create(
        creator=person("creator"),
        name="竞技场",
        options={},
        starts_at=timezone.now() + timedelta(minutes=30),
        minutes=60,
    )
    people = [person(f"p{i}") for i in range(4)]
    for user in people:
        entries.join(tournament=tournament, user=user, now=tournament.starts_at)
    clock.tick(now=tournament.starts_at + timedelta(seconds=1))
    table = TournamentTable.objects.get(tournament=tournament)
    seats = {s.user_id: s.index for s in table.room.seats.all()}
    return table, people, [seats[u.pk] for u in people]


def play_one(room, people, seats, rng) -> bool:
    """The next move of the person the round waits on, as their page sends it."""
    rnd = Round.objects.get(room=room)
    if rnd.status == Round.Status.ENDED:
        return False
    engine = EngineRound.from_json(rnd.state)
    seat = next(s for s in engine.waiting_on() if s in seats)
    action = action_to_dict(choose_action(engine, seat, "strong", rng))
    action["version"] = page_version(room, rnd.version)
    who = seats.index(seat)
    kind, parsed, version = commands.parse_command(action)
    commands.run_command(room=room, user=people[who], kind=kind, action=parsed, version=version)
    return True


def parts_of(html: str) -> dict[str, str]:
    """Every seat's hand, melds and river on a page, as shown."""
    found = {}
    for _depth, part_id, start, end in _Elements(html).found:
        if part_id and part_id.startswith("seat-") and part_id.rsplit("-", 1)[-1] in SEAT_PARTS:
            found[part_id] = html[start:end]
    return found


def shown_version(room, html: str) -> int:
    """The round's version a page shows (its token: 2 × version + held)."""
    token = int(VERSION.search(html).group(1))
    key = version_token.room_key(settings.SECRET_KEY, room.code)
    return version_token.unpermute(key, token) // 2


def live_to_a_watcher(room, watcher) -> str:
    """The table as a watcher would see it with no delay (a render of the stored round)."""
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=watcher, csrf="").full()


def now_shown(rnd: Round) -> int:
    """The version the table shows now (while a tile is on offer, the offer's)."""
    return rnd.offer["version"] if rnd.offer else rnd.version


def scores_of(html: str) -> list[str]:
    return re.findall(r'<span class="points[^"]*">([^<]*)</span>', html)


@pytest.mark.django_db
def test_a_watchers_page_shows_the_table_some_moves_late_and_its_players_see_it_now():
    table, people, seats = tournament_table()
    room, watcher = table.room, person("watcher")
    viewer = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    viewer.force_login(watcher)
    player = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    player.force_login(people[0])
    rng = random.Random(5)
    # What the table showed a watcher at each version, when no tile was on offer (an
    # offer shows the moment it was made, whatever answers came since).
    live = {0: live_to_a_watcher(room, watcher)}
    compared = 0
    for _ in range(40):
        assert play_one(room, people, seats, rng)
        rnd = Round.objects.get(room=room)
        assert rnd.status == Round.Status.PLAYING
        if not rnd.offer:
            live[rnd.version] = live_to_a_watcher(room, watcher)
        page = viewer.get(reverse("table", args=[room.code])).content.decode()
        behind = max(0, rnd.version - DELAY)
        assert shown_version(room, page) == behind
        if behind in live:  # every seat as the table showed it then
            then = parts_of(live[behind])
            assert parts_of(page) == then and len(then) == 12
            assert scores_of(page) == scores_of(live[behind])
            compared += 1
        own = player.get(reverse("table", args=[room.code])).content.decode()
        assert shown_version(room, own) == now_shown(rnd)  # a player is never behind
    # The watcher is told, the players are not.
    assert "观战延迟 8 步" in page and "观战延迟" not in own
    assert compared > 20
    # The round over (the rest played for them): the watcher sees it whole, at once.
    for user in people:
        set_auto_play(room=room, user=user, on=True)
    _play_out(room)
    page = viewer.get(reverse("table", args=[room.code])).content.decode()
    assert 'id="settlement"' in page
    assert shown_version(room, page) == Round.objects.get(room=room).version


@pytest.mark.django_db
def test_a_table_that_is_no_tournaments_is_watched_live():
    room, users = four_people("q")
    seats = {s.user_id: s.index for s in room.seats.all()}
    watcher = person("watcher")
    viewer = Client()
    viewer.force_login(watcher)
    rng = random.Random(3)
    for _ in range(12):
        play_one(room, users, [seats[u.pk] for u in users], rng)
    page = viewer.get(reverse("table", args=[room.code])).content.decode()
    rnd = Round.objects.get(room=room)
    assert shown_version(room, page) == now_shown(rnd)
    assert "moves behind" not in page and "delay-badge" not in page


@pytest.mark.django_db(transaction=True)
async def test_a_watchers_socket_follows_the_table_some_moves_late():
    table, people, seats = await sync_to_async(tournament_table)()
    room = table.room
    watcher = await sync_to_async(person)("watcher")
    socket, connected = await connect(room.code, await sync_to_async(session_cookie)(watcher))
    assert connected
    page = Page()
    await settle(socket, page)
    assert shown_version(room, page.table) == 0
    rng = random.Random(7)
    for _ in range(DELAY + 4):
        await sync_to_async(play_one)(room, people, seats, rng)
        await settle(socket, page)
        rnd = await sync_to_async(Round.objects.get)(room=room)
        assert shown_version(room, page.table) == max(0, rnd.version - DELAY)
        # Nothing of a hand of its own, nor a hidden tile: a watcher's table, only late.
        assert 'id="me-' not in page.table
    # The rest played for them (托管): the round's end reaches the watcher whole, at once.
    for user in people:
        await sync_to_async(set_auto_play)(room=room, user=user, on=True)
    await sync_to_async(_play_out)(room)
    await settle(socket, page)
    rnd = await sync_to_async(Round.objects.get)(room=room)
    assert rnd.status == Round.Status.ENDED
    assert 'id="settlement"' in page.table
    await socket.disconnect()


def _play_out(room) -> None:
    run_bots(round_id=Round.objects.get(room=room).pk)
