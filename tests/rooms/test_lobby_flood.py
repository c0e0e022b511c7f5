"""Nobody can hide the lobby or slow it down.

- One account (or two) opening room after room, leaving each, holds no more than
  ``OPEN_ROOMS_PER_USER`` rooms waiting in the lobby; a room opened after the flood is on
  the lobby's first page.
- The lists go newest first, tables where people sit before those of computers alone,
  page by page (``?page=N``), so every room is on some page.
- A change of the lobby is rendered once per language (and page) for all the lobby
  sockets of a process, however many there are.
"""

import asyncio
import re

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse

from games.models import Room
from games.play.broadcast import LOBBY_GROUP
from games.rooms import lobby as selectors
from games.rooms import room_limits
from games.rooms.seating import add_bot, create_room, leave_seat, take_seat
from games.table import lobby_socket as lobby_sockets
from tests.rooms.forms import form_data
from tests.rooms.lobby import LOBBY_HEADERS, entry, section
from xuezhan.asgi import application

PASSWORD = "x-long-password-1"


def person(name: str) -> User:
    return User.objects.create_user(name, password=PASSWORD)


def browser(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def lobby(page: int | None = None, language: str | None = None) -> str:
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    url = "/" if page is None else f"/?page={page}"
    return Client(**headers).get(url).content.decode()


def listed(html: str) -> list[str]:
    """The codes of the rooms a lobby page lists, in its order (open list, then played)."""
    return re.findall(r'<li class="room-item">.*?<span class="room-code">(\w+)</span>', html, re.S)


def flood(client: Client, attempts: int, *, leave: bool) -> int:
    """Open rooms until refused (or ``attempts`` times), leaving each if ``leave``; how
    many were opened."""
    opened = 0
    for i in range(attempts):
        response = client.post(reverse("create_room"), form_data(name=f"刷屏{i}"))
        if response.status_code == 429:
            break
        assert response.status_code == 302
        opened += 1
        if leave:
            code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
            client.post(reverse("leave", kwargs={"code": code}))
    return opened


@pytest.mark.django_db
def test_a_flood_of_rooms_cannot_hide_a_room_opened_after_it():
    left_behind, squatter, honest = person("flood1"), person("flood2"), person("honest")
    # Open, leave, open again, as fast as it goes: the rooms left close as the next opens.
    assert flood(browser(left_behind), 60, leave=True) == 60
    # Open and stay: refused after the limit.
    flood(browser(squatter), 60, leave=False)

    response = browser(honest).post(reverse("create_room"), form_data(name="诚心找牌友"))
    assert response.status_code == 302
    room = Room.objects.get(name="诚心找牌友")
    html = lobby()
    item = entry(section(html, "open-tables"), room)
    assert item and "诚心找牌友" in item
    assert listed(html)[0] == room.code  # the newest table with a person waiting: on top

    # Neither account holds more than its three rooms in the lobby.
    assert Room.objects.filter(owner=squatter).count() == 3  # refused after that
    for user in (left_behind, squatter):
        assert room_limits.waiting_rooms(user) <= 3
        listed_rooms = Room.objects.filter(owner=user).exclude(status=Room.Status.CLOSED)
        assert listed_rooms.count() <= 3


@pytest.mark.django_db
def test_a_room_left_empty_before_its_first_round_closes_when_its_owner_opens_another(settings):
    settings.OPEN_ROOMS_PER_USER = 2
    owner, friend = person("owner"), person("friend")
    client = browser(owner)
    first = create_room(owner=owner, name="一号", options={})
    leave_seat(room=first, user=owner)
    # Standing up does not close it (an owner may seat four computers, or wait for a
    # friend): it still waits, and still counts.
    assert Room.objects.get(pk=first.pk).status == Room.Status.OPEN
    assert room_limits.waiting_rooms(owner) == 1
    assert client.post(reverse("create_room"), form_data(name="二号")).status_code == 302
    assert Room.objects.get(pk=first.pk).status == Room.Status.CLOSED
    assert first.code not in lobby()

    # A room its owner left while somebody else still sits there is not closed, and
    # counts: the owner opened it, and it waits for players.
    second = Room.objects.get(name="二号")
    take_seat(room=second, user=friend)
    leave_seat(room=second, user=owner)
    third = create_room(owner=owner, name="三号", options={})
    response = client.post(reverse("create_room"), form_data(name="四号"))
    assert response.status_code == 429
    assert "你已经有 2 个等待玩家的房间" in response.content.decode()
    assert Room.objects.get(pk=second.pk).status == Room.Status.OPEN
    assert Room.objects.get(pk=third.pk).status == Room.Status.OPEN
    # Computers do not count as people: a room of the owner's computers alone closes.
    add_bot(room=third, user=owner, index=1, level="easy")
    leave_seat(room=third, user=owner)
    assert client.post(reverse("create_room"), form_data(name="四号")).status_code == 302
    assert Room.objects.get(pk=third.pk).status == Room.Status.CLOSED


@pytest.mark.django_db
def test_every_room_is_on_one_page_newest_first():
    owners = [person(f"o{i}") for i in range(40)]
    rooms = [create_room(owner=owners[i % 40], name=f"桌{i}", options={}) for i in range(120)]
    newest_first = [r.code for r in reversed(rooms)]
    pages = [listed(lobby(page)) for page in (1, 2, 3)]
    assert [len(codes) for codes in pages] == [50, 50, 20]
    assert pages[0] + pages[1] + pages[2] == newest_first

    first = lobby()
    assert listed(first) == pages[0]
    assert 'href="?page=2"' in first and "第 1 / 3 页" in first and "下一页" in first
    third = lobby(3)
    assert 'href="?page=2"' in third and "上一页" in third and 'href="?page=4"' not in third
    assert 'ws-connect="/ws/lobby/?page=3"' in third  # its socket keeps page 3 live
    # The played list has one page: on the next, it says it has nothing more.
    assert "这一页没有更多牌桌了" in section(lobby(2), "played-tables")
    # Beyond the last page, or not a number: the last, or the first.
    assert listed(lobby(99)) == pages[2]
    assert listed(Client().get("/?page=x").content.decode()) == pages[0]
    assert "Page 1 of 3" in lobby(language="en") and "Next page" in lobby(language="en")


@pytest.mark.django_db
def test_tables_where_people_sit_come_before_tables_of_computers_alone():
    host, player = person("host"), person("player")
    people = create_room(owner=player, name="有人", options={})
    computers = create_room(owner=host, name="电脑", options={})  # newer
    add_bot(room=computers, user=host, index=1, level="easy")
    leave_seat(room=computers, user=host)
    newest = create_room(owner=player, name="最新", options={})
    assert listed(section(lobby(), "open-tables")) == [newest.code, people.code, computers.code]
    # Only a lobby with no order at all would list the oldest first.
    assert [e["room"].code for e in selectors.lobby_rooms()["open"]][0] == newest.code


# --- the live lists: rendered once per change -------------------------------------------


async def lobby_socket(number: int, language: bytes, page: int | None = None):
    path = "/ws/lobby/" if page is None else f"/ws/lobby/?page={page}"
    headers = LOBBY_HEADERS + [(b"accept-language", language)]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    communicator.scope["client"] = [f"192.0.2.{number}", 50000]
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_one_change_is_rendered_once_per_language_whatever_the_number_of_sockets():
    host = await sync_to_async(person)("host")
    sockets = [await lobby_socket(i, b"zh-hans" if i % 2 else b"en") for i in range(30)]
    rendered = []

    def count(sender, template, **kwargs):
        if template.name == "games/_room_list.html":
            rendered.append(template)

    template_rendered.connect(count)
    try:
        room = await sync_to_async(create_room)(owner=host, name="新桌", options={})
        messages = [await s.receive_from(timeout=5) for s in sockets]
    finally:
        template_rendered.disconnect(count)
    assert len(rendered) == 2  # one Chinese list, one English, for thirty sockets
    for i, html in enumerate(messages):
        assert 'id="room-list"' in html and room.code in html
        assert ("有空位的牌桌" if i % 2 else "Open tables") in html
    for s in sockets:
        assert await s.receive_nothing(timeout=0.05)
        await s.disconnect()
    # The last socket gone, the process's listener leaves the lobby's group.
    assert lobby_sockets.LOBBY_LISTENER._task is None
    await asyncio.sleep(0.1)  # its own way out
    groups = getattr(get_channel_layer(), "groups", None)  # the in-memory layer's
    assert groups is None or not groups.get(LOBBY_GROUP)


@pytest.mark.django_db(transaction=True)
async def test_a_lobby_socket_keeps_its_own_page_live():
    @sync_to_async
    def full_lobby():
        owners = [person(f"o{i}") for i in range(20)]
        for i in range(60):
            create_room(owner=owners[i % 20], name=f"桌{i}", options={})
        return owners[0]

    owner = await full_lobby()
    first, second = (await lobby_socket(1, b"zh-hans"), await lobby_socket(2, b"zh-hans", page=2))
    room = await sync_to_async(create_room)(owner=owner, name="新桌", options={})
    on_first, on_second = await first.receive_from(timeout=5), await second.receive_from(timeout=5)
    assert room.code in listed(on_first)[:1] and "第 1 / 2 页" in on_first
    assert room.code not in on_second and "第 2 / 2 页" in on_second
    assert len(listed(on_second)) == 11  # 61 rooms: 50 on the first page
    await first.disconnect()
    await second.disconnect()
