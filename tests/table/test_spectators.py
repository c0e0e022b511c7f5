"""Watching a table without a seat: live over the socket, every version in order, never a
hidden tile; the watch count; links a watcher may open; the owner's switch."""

import random
import re
from datetime import timedelta
from html import unescape

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Room, Round, Watcher
from games.play import snapshot
from games.play.broadcast import room_group
from games.play.snapshot import load_snapshot
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready, set_watching
from games.rules.round import Round as EngineRound
from games.table import commands, version_token, watchers
from games.table.parts import render_table
from tests.table.oob import Page, _Elements
from tests.table.sockets import connect, next_move, normalised, open_sockets, session_cookie, settle
from tests.tables import four_people

pytestmark = pytest.mark.django_db(transaction=True)

SEAT_PARTS = ("head", "hand", "melds", "river")
VERSION = re.compile(r'data-version="(\d+)"')
TILE_PICTURE = re.compile(r'<img src="[^"]*/tiles/[^"]+"')


@pytest.fixture(autouse=True)
def no_bot_pause(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture(autouse=True)
def no_watchers_remembered():
    watchers.forget()
    yield
    watchers.forget()


def part(page_html: str, part_id: str) -> str | None:
    """The element ``part_id`` of a page, as it stands."""
    for _depth, found, start, end in _Elements(page_html).found:
        if found == part_id:
            return page_html[start:end]
    return None


@sync_to_async
def make_table(watcher_names=("watcher",)):
    room, users = four_people("p")
    seats = {s.user_id: s.index for s in room.seats.all()}
    people = [User.objects.create_user(n, password="x-long-password-1") for n in watcher_names]
    return (
        room,
        users,
        [seats[u.pk] for u in users],
        [session_cookie(u) for u in users],
        people,
        [session_cookie(u) for u in people],
    )


@sync_to_async
def spectator_render(room, user) -> str:
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="").full()


def shown_number(room, html: str) -> int:
    """2 × version + held, from the page's version token (games.table.version_token)."""
    token = int(VERSION.search(html).group(1))
    return version_token.unpermute(version_token.room_key(settings.SECRET_KEY, room.code), token)


@sync_to_async
def watchers_number(room) -> int:
    """What a watcher's page should carry now: the round's version, or while a tile is
    on offer the offer's own, marked held (nobody may count the answers to it)."""
    rnd = Round.objects.get(room=room)
    if rnd.offer:
        return 2 * rnd.offer["version"] + 1
    return 2 * rnd.version


@sync_to_async
def round_state(room) -> tuple[int, EngineRound]:
    rnd = Round.objects.get(room=room)
    return rnd.version, EngineRound.from_json(rnd.state)


@sync_to_async
def play(room, user, action) -> None:
    """A player's move, through the same command as their socket's."""
    kind, parsed, version = commands.parse_command(action)
    commands.run_command(room=room, user=user, kind=kind, action=parsed, version=version)


@sync_to_async
def players_views(room, users) -> list[str]:
    """What each player's page shows now (a fresh render for each)."""
    snap = load_snapshot(room.pk)
    with translation.override("zh-hans"):
        return [render_table(snap, user=user, csrf="").full() for user in users]


async def test_a_watcher_gets_every_version_in_order_and_never_a_hidden_tile():
    room, users, seats, cookies, (watcher,), (watcher_cookie,) = await make_table()
    spectator, connected = await connect(room.code, watcher_cookie)
    assert connected
    seen = Page()
    first = await spectator.receive_from()
    assert 'id="table"' in first
    seen.apply(first)
    await settle(spectator, seen)  # the watch count
    assert count_in(seen.watchers) == 1
    shown = [shown_number(room, seen.table)]
    expected = [shown[0]]
    rng = random.Random(11)
    moves = 0
    while (move := await next_move(room, seats, rng)) is not None:
        who, action = move
        await play(room, users[who], action)
        moves += 1
        expected.append(await watchers_number(room))
        # The watcher's page catches up with the table as it now stands, message by
        # message, each carrying a newer version than the last.
        now_shown = normalised(await spectator_render(room, watcher))
        while normalised(seen.table) != now_shown:
            message = await spectator.receive_from(timeout=5)
            seen.apply(message)
            assert seen.error.endswith("></div>"), seen.error
            if VERSION.search(message):
                shown.append(shown_number(room, message))
                assert shown[-1] > shown[-2]
            # Nothing of a hand of its own: no "me" part, no tile to click.
            assert 'id="me-' not in message
            assert "<button" not in message.split('id="seating"')[0]
        assert shown[-1] == expected[-1]
        version, engine = await round_state(room)
        views = await players_views(room, users)
        for seat in range(4):
            hand = part(seen.table, f"seat-{seat}-hand")
            if engine.phase != "ended" and not engine.out[seat]:
                # A concealed hand: backs only, as many as the engine holds.
                assert 'class="hidden-hand"' in hand and not TILE_PICTURE.search(hand)
                assert hand.count("tile-back") == len(engine.hand_tiles(seat))
            # The watcher sees each seat exactly as every other player at the table does.
            for player, view in enumerate(views):
                if seats[player] == seat:
                    continue
                for name in SEAT_PARTS:
                    assert part(seen.table, f"seat-{seat}-{name}") == part(
                        view, f"seat-{seat}-{name}"
                    ), (seat, name)
    # Every version the watcher may see, in order; during an offer, the answers of those
    # asked do not show (games.play.offers), so fewer versions than moves.
    assert shown == sorted(set(expected))
    assert len(shown) > 20 and moves >= len(shown) - 1 and 'id="settlement"' in seen.table
    await spectator.disconnect()


async def test_a_watcher_never_goes_back_to_an_older_table():
    room, users, seats, cookies, (watcher,), (watcher_cookie,) = await make_table()
    spectator, connected = await connect(room.code, watcher_cookie)
    assert connected
    await settle(spectator)
    old = await sync_to_async(load_snapshot)(room.pk)
    await play(
        room, users[0], {"type": "void", "suit": "m", "version": version_token.encode(room.code, 0)}
    )
    message = await spectator.receive_from(timeout=5)
    assert version_token.decode(room.code, int(VERSION.search(message).group(1))) == 1
    # A late notice carrying the table before that move (another process's slow load)
    # changes nothing on the page.
    snapshot.offer(room.pk, "late", old)
    await get_channel_layer().group_send(
        room_group(room.code), {"type": "table.changed", "change": "late"}
    )
    assert await spectator.receive_nothing(timeout=0.3)
    await spectator.disconnect()


def count_in(html: str) -> int | None:
    """The number the watch count shows, None when it is hidden."""
    found = part(html, "watchers")
    if found is None or " hidden" in found.split(">", 1)[0]:
        return None
    return int(re.search(r"(\d+) 人观战", found).group(1))


async def test_the_watch_count_follows_watchers_coming_and_going():
    room, users, seats, cookies, people, people_cookies = await make_table(("w1", "w2"))
    client = Client()
    await sync_to_async(client.force_login)(users[0])
    page = await sync_to_async(client.get)(reverse("table", args=[room.code]))
    assert count_in(page.content.decode()) is None  # nobody watches yet
    (player,) = await open_sockets(room, cookies[:1])
    shown = Page()
    shown.apply(await player.receive_from())
    await settle(player, shown)

    async def count_shown():
        await settle(player, shown)
        return count_in(shown.watchers)

    first, connected = await connect(room.code, people_cookies[0])
    assert connected
    assert await count_shown() == 1
    second, _ = await connect(room.code, people_cookies[1])
    assert await count_shown() == 2
    # A second tab of the same person is the same watcher.
    second_tab, _ = await connect(room.code, people_cookies[1])
    await settle(player, shown)
    assert count_in(shown.watchers) == 2
    assert await sync_to_async(watchers.count)(room.pk) == 2
    # Another process's watcher is a row like these: every process counts it.
    other = await sync_to_async(User.objects.create_user)("w3", password="x-long-password-1")
    await sync_to_async(Watcher.objects.create)(
        room=room, user=other, channel="elsewhere!1", last_seen=timezone.now()
    )
    await first.disconnect()  # one leaves: the count is read again, with the other's row
    assert await count_shown() == 2
    # A page loaded now shows the same count.
    page = await sync_to_async(client.get)(reverse("table", args=[room.code]))
    assert count_in(page.content.decode()) == 2
    # The other process died: its row is no longer refreshed, stops counting, is swept.
    stale = timezone.now() - watchers.expiry() - timedelta(seconds=1)
    await sync_to_async(Watcher.objects.filter(channel="elsewhere!1").update)(last_seen=stale)
    assert await sync_to_async(watchers.count)(room.pk) == 1
    assert await sync_to_async(watchers.refresh)([]) == {room.code}
    assert not await sync_to_async(Watcher.objects.filter(channel="elsewhere!1").exists)()
    await second.disconnect()
    await second_tab.disconnect()
    assert await count_shown() is None
    assert await sync_to_async(Watcher.objects.count)() == 0
    await player.disconnect()


async def test_a_watcher_cannot_move_and_its_frames_change_nothing():
    room, users, seats, cookies, (watcher,), (watcher_cookie,) = await make_table()
    spectator, connected = await connect(room.code, watcher_cookie)
    assert connected
    await settle(spectator)
    for frame in (
        {"type": "void", "suit": "m", "version": version_token.encode(room.code, 0)},
        {"type": "ready"},
        {"type": "auto_play", "on": "1"},
    ):
        await spectator.send_json_to(frame)
        assert "你正在观战" in await spectator.receive_from()
    assert (await round_state(room))[0] == 0
    await spectator.disconnect()


# --- links a watcher is shown ----------------------------------------------------------


def play_one_round_with_computers(owner, options=None) -> tuple[Room, Round]:
    room = create_room(owner=owner, name="看台", options=options or {})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    set_auto_play(room=room, user=owner, on=True)
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    return room, rnd


def links(html: str) -> set[str]:
    return {unescape(href) for href in re.findall(r'<a [^>]*href="(/[^"]*)"', html)}


@pytest.mark.django_db
@pytest.mark.parametrize("options", [{}, {"rounds": 1}])  # a match of one round: standings
def test_every_link_a_watcher_is_shown_after_a_round_opens(options):
    owner = User.objects.create_user("owner", password="x-long-password-1")
    room, rnd = play_one_round_with_computers(owner, options)
    client = Client()
    client.force_login(User.objects.create_user("watcher", password="x-long-password-1"))
    table = client.get(reverse("table", args=[room.code]))
    assert table.status_code == 200
    html = table.content.decode()
    shown = links(html)
    # The settlement's links are there, for the watcher too.
    round_page = reverse("round_detail", args=[rnd.pk])
    assert {round_page, reverse("room_scores", args=[room.code])} <= shown
    # And from the round's page: its replay steps and its download.
    detail = client.get(round_page)
    assert detail.status_code == 200
    shown |= links(detail.content.decode())
    assert reverse("round_export", args=[rnd.pk]) in shown
    for href in sorted(shown):
        assert client.get(href).status_code == 200, href
    # The same table over the socket carries the same links (render_table, no seat).
    with translation.override("zh-hans"):
        frame = render_table(load_snapshot(room.pk), user=table.wsgi_request.user, csrf="").full()
    assert links(frame) <= shown


@pytest.mark.django_db
def test_when_watching_is_off_a_stranger_gets_neither_the_table_nor_its_rounds():
    owner = User.objects.create_user("owner", password="x-long-password-1")
    room, rnd = play_one_round_with_computers(owner)
    set_watching(room=room, user=owner, allowed=False)
    client = Client()
    client.force_login(User.objects.create_user("stranger", password="x-long-password-1"))
    table = client.get(reverse("table", args=[room.code]))
    assert table.status_code == 403
    assert "房主已关闭本房间的观战" in table.content.decode()
    assert reverse("round_detail", args=[rnd.pk]) not in table.content.decode()
    assert client.get(reverse("table_fragment", args=[room.code])).status_code == 403
    for name, args in (("round_detail", [rnd.pk]), ("room_scores", [room.code])):
        assert client.get(reverse(name, args=args)).status_code == 404
    client.cookies["django_language"] = "en"
    english = client.get(reverse("table", args=[room.code])).content.decode()
    assert "The owner of this room has switched watching off" in english
    assert "房主" not in english
    # The owner still sees everything.
    client.force_login(owner)
    assert client.get(reverse("table", args=[room.code])).status_code == 200
    assert client.get(reverse("round_detail", args=[rnd.pk])).status_code == 200


# --- the owner's switch -----------------------------------------------------------------


async def test_the_owner_switches_watching_off_and_watchers_are_shown_out():
    room, users, seats, cookies, (watcher,), (watcher_cookie,) = await make_table()
    (player,) = await open_sockets(room, cookies[1:2])
    await settle(player)
    spectator, connected = await connect(room.code, watcher_cookie)
    assert connected
    await settle(spectator)
    await settle(player)
    owner_client, stranger_client = Client(), Client()
    await sync_to_async(owner_client.force_login)(users[0])
    await sync_to_async(stranger_client.force_login)(watcher)
    url = reverse("set_watching", args=[room.code])
    owner_page = await sync_to_async(owner_client.get)(reverse("table", args=[room.code]))
    assert "关闭观战" in owner_page.content.decode()  # the owner's control
    other_page = await sync_to_async(stranger_client.get)(reverse("table", args=[room.code]))
    assert url not in other_page.content.decode()  # nobody else's

    # A stranger (even a seated player who does not own the room) cannot flip it.
    player_client = Client()
    await sync_to_async(player_client.force_login)(users[1])
    for client in (stranger_client, player_client):
        response = await sync_to_async(client.post)(url, {"allowed": "0"}, follow=True)
        assert "只有房主可以开启或关闭观战" in response.content.decode()
    assert (await sync_to_async(Room.objects.get)(pk=room.pk)).allow_watching
    assert await spectator.receive_nothing(timeout=0.2)

    await sync_to_async(owner_client.post)(url, {"allowed": "0"})
    assert not (await sync_to_async(Room.objects.get)(pk=room.pk)).allow_watching
    notice = await spectator.receive_from(timeout=5)
    assert 'id="table"' in notice and "房主已关闭本房间的观战" in notice
    closed = await spectator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4403}
    # The watcher is no longer counted; the players play on.
    await settle(player)
    assert await sync_to_async(watchers.count)(room.pk) == 0
    assert await player.receive_nothing(timeout=0.2)
    # A watcher's socket opened now is told and closed the same way.
    late, connected = await connect(room.code, watcher_cookie)
    assert connected
    assert "房主已关闭本房间的观战" in await late.receive_from()
    assert (await late.receive_output(timeout=5))["code"] == 4403
    # Switched on again, watching works again.
    await sync_to_async(owner_client.post)(url, {"allowed": "1"})
    again, connected = await connect(room.code, watcher_cookie)
    assert connected
    assert 'id="table"' in await again.receive_from()
    await again.disconnect()
    await player.disconnect()


@pytest.mark.django_db
def test_watchers_in_one_language_share_one_render_and_players_their_own():
    room, users = four_people("p")
    people = [User.objects.create_user(n, password="x-long-password-1") for n in ("w1", "w2")]
    table = load_snapshot(room.pk)
    with translation.override("zh-hans"):
        first = render_table(table, user=people[0], csrf="a")
        assert render_table(table, user=people[1], csrf="b") is first
        player = render_table(table, user=users[0], csrf="a")
        assert player is not first and "me-hand" in player.parts
    with translation.override("en"):
        english = render_table(table, user=people[1], csrf="b")
    assert english is not first and english.layout[0] == "en"
    # The shared render is the one a watcher's own would be: no hand, nothing hidden.
    assert "me-hand" not in first.parts
    assert first.parts == render_table(load_snapshot(room.pk), user=people[1], csrf="b").parts
