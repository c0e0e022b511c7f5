"""Hostile players over sockets: one person opening table after table, one address
opening lobby after lobby without logging in. Over the limit the newest socket wins: the
oldest of that person (or address) says why, in the player's language, and closes with
``limits.CLOSE_REPLACED``; every socket that ends, however, makes room again (more in
tests/table/test_socket_newest_wins.py)."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from common import limits
from games.table import socket_limits
from tests.table.sockets import HOST, ORIGIN, connect, make_table, session_cookie
from xuezhan.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

TOO_MANY_TABLES_ZH = "此页面已在别处（另一个窗口或标签页）打开"
TOO_MANY_LOBBIES_ZH = "你所在的网络打开的大厅页面太多了"


async def refused_with(communicator) -> tuple[str, int]:
    """What a socket replaced by a newer one was told last, and the code it closed with
    (a table socket may have been sent updates before)."""
    message = None
    while True:
        output = await communicator.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            return message, output["code"]
        message = output.get("text")


async def test_one_person_may_not_open_more_table_sockets_than_the_limit(settings):
    settings.TABLE_SOCKETS_PER_USER = 2
    room, users, cookies = await make_table()
    first, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await first.receive_from()
    second, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await second.receive_from()

    third, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await third.receive_from()  # the newest wins
    message, code = await refused_with(first)
    assert 'id="table-error"' in message and TOO_MANY_TABLES_ZH in message
    assert code == limits.CLOSE_REPLACED
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 2
    # Another player at the same table is not held to the first one's sockets.
    other, connected = await connect(room.code, cookies[1])
    assert connected and 'id="table"' in await other.receive_from()

    # Closing one makes room for a new one: nothing more is replaced.
    await second.disconnect()
    again, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await again.receive_from()
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 2
    for communicator in (first, third, other, again):
        await communicator.disconnect()
    assert not socket_limits.TABLE_SOCKETS.open


async def test_the_refusal_is_in_the_players_language(settings):
    settings.TABLE_SOCKETS_PER_USER = 1
    room, users, cookies = await make_table()
    headers = [HOST, ORIGIN, (b"cookie", cookies[0]), (b"accept-language", b"en")]
    first = WebsocketCommunicator(application, f"/ws/tables/{room.code}/", headers=headers)
    assert (await first.connect())[0]
    second, connected = await connect(room.code, cookies[0])
    assert connected
    message, code = await refused_with(first)
    assert "This page was opened elsewhere" in message and code == limits.CLOSE_REPLACED
    await first.disconnect()
    await second.disconnect()


async def test_a_table_socket_cut_off_without_a_goodbye_makes_room_too(settings):
    settings.TABLE_SOCKETS_PER_USER = 1
    room, users, cookies = await make_table()
    first, connected = await connect(room.code, cookies[0])
    assert connected
    await first.receive_from()
    first.future.cancel()  # as at the server's shutdown: no close, no disconnect
    with pytest.raises(asyncio.CancelledError):
        await first.future
    again, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await again.receive_from()
    await again.disconnect()


async def lobby_socket(address: str, cookie: bytes | None = None):
    headers = [HOST, ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    communicator.scope["client"] = [address, 50000]  # as daphne sets it: the peer
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def still_open(communicator) -> bool:
    """A lobby socket that answers (with its usual error: it takes no messages)."""
    await communicator.send_to(text_data="{}")
    return "error" in json.loads(await communicator.receive_from())


async def test_one_address_may_not_open_too_many_lobby_sockets_without_logging_in(settings):
    settings.ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS = 2
    first = await lobby_socket("203.0.113.7")
    second = await lobby_socket("203.0.113.7")
    third = await lobby_socket("203.0.113.7")
    message, code = await refused_with(first)
    assert 'id="lobby-note"' in message and TOO_MANY_LOBBIES_ZH in message
    assert code == limits.CLOSE_REPLACED
    assert await still_open(second) and await still_open(third)

    # Another address, and a player who has logged in from the same one, are not held.
    elsewhere = await lobby_socket("203.0.113.8")
    assert await still_open(elsewhere)
    user = await sync_to_async(User.objects.create_user)("lanlan", password="x-long-pass-1")
    player = await lobby_socket("203.0.113.7", await sync_to_async(session_cookie)(user))
    assert await still_open(player)

    # A visitor who closes a lobby page makes room for another: nothing is replaced.
    await second.disconnect()
    again = await lobby_socket("203.0.113.7")
    assert await still_open(again) and await still_open(third)
    for communicator in (first, third, elsewhere, player, again):
        await communicator.disconnect()
    assert not socket_limits.ANONYMOUS_LOBBY_SOCKETS.open


async def test_an_ipv6_visitor_counts_by_network(settings):
    """One machine is given a whole /64: changing the last bits is no way round."""
    settings.ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS = 1
    first = await lobby_socket("2001:db8:1:2::1")
    second = await lobby_socket("2001:db8:1:2::ffff")
    message, code = await refused_with(first)
    assert code == limits.CLOSE_REPLACED
    other_network = await lobby_socket("2001:db8:1:3::1")
    assert await still_open(other_network) and await still_open(second)
    for communicator in (first, second, other_network):
        await communicator.disconnect()
