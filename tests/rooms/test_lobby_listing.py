"""The lobby's two lists: tables with a free seat, tables being played; a full table is
never shown as waiting, a closed room nowhere; both lists stay live over the lobby
socket, and a table's socket keeps its room from closing as idle."""

import re
from datetime import timedelta
from html import unescape

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.models import Room, Seat
from games.rooms import idle_rooms
from games.rooms.seating import add_bot, create_room, set_ready, set_watching, take_seat
from tests.rooms.lobby import LOBBY_HEADERS, entry, section
from tests.table.sockets import connect, session_cookie
from tests.tables import four_people, last_person_left
from xuezhan.asgi import application


@pytest.fixture(autouse=True)
def nothing_remembered():
    idle_rooms.forget()
    yield
    idle_rooms.forget()


def visible_text(html: str) -> str:
    text = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", text))


def make_lobby():
    """One room of each kind: one free seat, four people not yet ready, a round being
    played (watchable), one being played and not watchable, and a closed one."""
    host = User.objects.create_user("host", password="x-long-password-1")
    free = create_room(owner=host, name="三缺一", options={})
    for index in (1, 2):
        add_bot(room=free, user=host, index=index, level="easy")
    full, _ = four_people("f", ready=False)
    playing, _ = four_people("p")
    hidden, hidden_people = four_people("h", ready=False)
    set_watching(room=hidden, user=hidden_people[0], allowed=False)
    for user in hidden_people:
        set_ready(room=hidden, user=user)
    closed = create_room(owner=host, name="关门", options={})
    Room.objects.filter(pk=closed.pk).update(status=Room.Status.CLOSED)
    return free, full, playing, hidden, closed


@pytest.mark.django_db
def test_free_seats_are_open_full_and_playing_tables_are_played_closed_ones_nowhere():
    free, full, playing, hidden, closed = make_lobby()
    html = Client().get("/").content.decode()
    open_list, played_list = section(html, "open-tables"), section(html, "played-tables")
    assert "有空位的牌桌" in open_list and "对局中的牌桌" in played_list

    item = entry(open_list, free)
    assert item and "1 个空位" in item and "三缺一" in item
    assert "host" in item and "电脑南（普通）" in item and "底分" in item
    assert entry(played_list, free) is None

    for room in (full, playing, hidden):
        assert entry(open_list, room) is None
        assert entry(played_list, room) is not None
    assert "已满座" in entry(played_list, full)
    assert "第 1 局进行中" in entry(played_list, playing)
    assert "f0" in entry(played_list, full) and "p3" in entry(played_list, playing)

    # Watchable tables link to the table to watch; a table not open to watchers says so.
    watch = re.compile(r'<a class="button watch" href="[^"]+">观战</a>')
    assert watch.search(entry(played_list, playing))
    assert watch.search(entry(played_list, full))
    assert not watch.search(entry(played_list, hidden))
    assert "不开放观战" in entry(played_list, hidden)

    assert closed.code not in html and "关门" not in html
    assert "等待玩家" not in html  # no table is ever shown as "waiting for players"


@pytest.mark.django_db
def test_a_match_shows_which_of_its_rounds_is_played():
    users = [User.objects.create_user(f"m{i}", password="x-long-password-1") for i in range(4)]
    room = create_room(owner=users[0], name="四局", options={"rounds": 4})
    for user in users[1:]:
        take_seat(room=room, user=user)
    for user in users:
        set_ready(room=room, user=user)
    html = Client().get("/").content.decode()
    assert "第 1 / 4 局" in entry(section(html, "played-tables"), room)


@pytest.mark.django_db
def test_the_chinese_lobby_shows_no_english():
    make_lobby()
    html = Client().get("/").content.decode()
    # The switch to English names that language in its own words, on purpose.
    html = re.sub(r'<button[^>]*lang="en"[^>]*>English</button>', " ", html)
    text = visible_text(html)
    for room in Room.objects.all():  # the codes are letters and digits by design
        text = text.replace(room.code, " ")
    for user in User.objects.all():  # so are these user names
        text = text.replace(user.username, " ")
    words = set(re.findall(r"[A-Za-z]{2,}", text))
    assert not words, words


@pytest.mark.django_db
def test_the_english_lobby_has_both_lists():
    make_lobby()
    html = Client(headers={"accept-language": "en"}).get("/").content.decode()
    assert "Open tables" in section(html, "open-tables")
    played = section(html, "played-tables")
    assert "Tables being played" in played and "Round 1 in play" in played
    assert "All seats taken" in played and "Not open to watchers" in played


@pytest.mark.django_db
def test_the_lobby_lists_say_so_when_they_are_empty():
    html = Client().get("/").content.decode()
    assert "现在没有空位的牌桌" in section(html, "open-tables")
    assert "现在没有正在进行的牌局" in section(html, "played-tables")


# --- live over the lobby socket ------------------------------------------------------------


async def lobby_socket():
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=LOBBY_HEADERS)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def last_message(communicator) -> str:
    """The newest list the socket was sent (a change may send more than one)."""
    html = await communicator.receive_from(timeout=3)
    while not await communicator.receive_nothing(timeout=0.3):
        html = await communicator.receive_from()
    return html


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_moves_a_table_that_fills_to_the_played_list():
    @sync_to_async
    def three_seated():
        users = [User.objects.create_user(f"s{i}", password="x-long-password-1") for i in range(4)]
        room = create_room(owner=users[0], name="就差你", options={})
        for user in users[1:3]:
            take_seat(room=room, user=user)
        return room, users

    room, users = await three_seated()
    lobby = await lobby_socket()
    await sync_to_async(take_seat)(room=room, user=users[3])
    html = await last_message(lobby)
    assert 'id="room-list"' in html and 'hx-swap-oob="true"' in html
    assert entry(section(html, "open-tables"), room) is None
    assert "已满座" in entry(section(html, "played-tables"), room)
    await lobby.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_drops_a_room_that_closes_as_idle():
    @sync_to_async
    def idle_room():
        host = User.objects.create_user("host", password="x-long-password-1")
        room = create_room(owner=host, name="人走了", options={})
        last_person_left(room, timedelta(minutes=31))
        return room

    room = await idle_room()
    lobby = await lobby_socket()
    assert await sync_to_async(idle_rooms.close_idle_rooms)() == [room.code]
    html = await last_message(lobby)
    assert 'id="room-list"' in html and room.code not in html and "人走了" not in html
    await lobby.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_table_socket_keeps_its_room_open_and_its_closing_starts_the_idle_time():
    @sync_to_async
    def room_left_long_ago():
        host = User.objects.create_user("host", password="x-long-password-1")
        room = create_room(owner=host, name="r", options={})
        last_person_left(room, timedelta(hours=2))
        return room, session_cookie(host)

    @sync_to_async
    def last_active(room):
        return Room.objects.get(pk=room.pk).last_active

    room, cookie = await room_left_long_ago()
    table, connected = await connect(room.code, cookie)
    assert connected
    await table.receive_from()  # the table
    assert timezone.now() - await last_active(room) < timedelta(minutes=1)
    assert await sync_to_async(Seat.objects.filter(room=room, online=True).count)() == 1
    # The owner stays; even an hour on, the room is not closed under them.
    await sync_to_async(Room.objects.filter(pk=room.pk).update)(
        last_active=timezone.now() - timedelta(hours=1)
    )
    assert await sync_to_async(idle_rooms.close_idle_rooms)() == []
    await table.disconnect()
    left_at = await last_active(room)
    assert timezone.now() - left_at < timedelta(minutes=1)  # counted from the leaving
    assert (
        await sync_to_async(idle_rooms.close_idle_rooms)(now=left_at + timedelta(minutes=29)) == []
    )
    assert await sync_to_async(idle_rooms.close_idle_rooms)(
        now=left_at + timedelta(minutes=31)
    ) == [room.code]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, expected", [("zh-hans", "底分 6，封顶 5 番"), ("en", "base 6, cap 5 fan")]
)
def test_the_lobby_writes_a_rooms_rules_with_its_languages_punctuation(client, language, expected):
    from django.contrib.auth.models import User

    owner = User.objects.create_user("punct", password="x-long-password-1")
    create_room(owner=owner, name="p", options={"base": 6, "cap": 5})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert expected in html
