"""Hostile players over sockets: one person opening table after table, one address
opening lobby after lobby without logging in. Over the limit the socket says why, in the
player's language, and closes; every socket that ends, however, makes room again."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from tests.web.test_table_consumer import HOST, ORIGIN, connect, make_table, session_cookie
from xuezhan import limits
from xuezhan.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

TOO_MANY_TABLES_ZH = "你同时打开的牌桌太多了"
TOO_MANY_LOBBIES_ZH = "你所在的网络打开的大厅页面太多了"


async def refused_with(communicator) -> tuple[str, int]:
    """What a socket accepted only to be refused was told, and the code it closed with."""
    message = await communicator.receive_from()
    closed = await communicator.receive_output()
    assert closed["type"] == "websocket.close"
    return message, closed["code"]


async def test_one_person_may_not_open_more_table_sockets_than_the_limit(settings):
    settings.TABLE_SOCKETS_PER_USER = 2
    room, users, cookies = await make_table()
    first, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await first.receive_from()
    second, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await second.receive_from()

    third, connected = await connect(room.code, cookies[0])
    assert connected  # accepted, to be told why it closes
    message, code = await refused_with(third)
    assert 'id="table-error"' in message and TOO_MANY_TABLES_ZH in message
    assert code == limits.CLOSE_TOO_MANY
    # Another player at the same table is not held to the first one's sockets.
    other, connected = await connect(room.code, cookies[1])
    assert connected and 'id="table"' in await other.receive_from()

    # Closing one makes room for a new one.
    await first.disconnect()
    again, connected = await connect(room.code, cookies[0])
    assert connected and 'id="table"' in await again.receive_from()
    for communicator in (second, other, again):
        await communicator.disconnect()
    assert not limits.TABLE_SOCKETS.open


async def test_the_refusal_is_in_the_players_language(settings):
    settings.TABLE_SOCKETS_PER_USER = 1
    room, users, cookies = await make_table()
    first, connected = await connect(room.code, cookies[0])
    assert connected
    headers = [HOST, ORIGIN, (b"cookie", cookies[0]), (b"accept-language", b"en")]
    second = WebsocketCommunicator(application, f"/ws/tables/{room.code}/", headers=headers)
    assert (await second.connect())[0]
    message, code = await refused_with(second)
    assert "You have too many tables open" in message and code == limits.CLOSE_TOO_MANY
    await first.disconnect()


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
    message, code = await refused_with(third)
    assert TOO_MANY_LOBBIES_ZH in json.loads(message)["error"]
    assert code == limits.CLOSE_TOO_MANY
    assert await still_open(first) and await still_open(second)

    # Another address, and a player who has logged in from the same one, are not held.
    elsewhere = await lobby_socket("203.0.113.8")
    assert await still_open(elsewhere)
    user = await sync_to_async(User.objects.create_user)("lanlan", password="x-long-pass-1")
    player = await lobby_socket("203.0.113.7", await sync_to_async(session_cookie)(user))
    assert await still_open(player)

    # A visitor who closes a lobby page makes room for another.
    await first.disconnect()
    again = await lobby_socket("203.0.113.7")
    assert await still_open(again)
    for communicator in (second, elsewhere, player, again):
        await communicator.disconnect()
    assert not limits.ANONYMOUS_LOBBY_SOCKETS.open


async def test_an_ipv6_visitor_counts_by_network(settings):
    """One machine is given a whole /64: changing the last bits is no way round."""
    settings.ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS = 1
    first = await lobby_socket("2001:db8:1:2::1")
    second = await lobby_socket("2001:db8:1:2::ffff")
    message, code = await refused_with(second)
    assert code == limits.CLOSE_TOO_MANY
    other_network = await lobby_socket("2001:db8:1:3::1")
    assert await still_open(other_network)
    await first.disconnect()
    await other_network.disconnect()
