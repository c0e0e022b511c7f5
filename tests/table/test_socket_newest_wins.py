"""Over a socket limit the newest socket wins: the same person's (for visitors, the same
address's) oldest socket is told why, in its own language, and closes with a code after
which the page does not try again (``limits.CLOSE_REPLACED``); the new one is let in.
So sockets that died without a word never lock their owner out, and a person logged in
holds no more lobby sockets than a visitor's network does."""

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User

from common import limits
from games.rooms.seating import set_auto_play
from games.table import socket_limits
from tests.table.sockets import (
    lobby_socket,
    make_table,
    not_closed,
    replaced_with,
    session_cookie,
    still_open,
    table_socket,
)

pytestmark = pytest.mark.django_db(transaction=True)

REPLACED_ZH = "此页面已在别处（另一个窗口或标签页）打开"
REPLACED_EN = "This page was opened elsewhere"
NETWORK_ZH = "你所在的网络打开的大厅页面太多了"


async def test_eight_table_sockets_that_died_do_not_lock_their_owner_out():
    """Eight pages left behind (a phone asleep, reloads whose goodbye was lost): the
    ninth is let in at once, and the oldest of the eight is closed to make way."""
    room, users, cookies = await make_table()
    stale = [await table_socket(room.code, cookies[0]) for _ in range(8)]
    newest = await table_socket(room.code, cookies[0])  # not refused
    message, code = await replaced_with(stale[0])
    assert code == limits.CLOSE_REPLACED
    assert 'id="table-error"' in message and REPLACED_ZH in message
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 8
    for communicator in stale[1:]:  # the others are left alone
        assert await not_closed(communicator)

    # The newest socket is a working table: a move by another player reaches it.
    await sync_to_async(set_auto_play)(room=room, user=users[1], on=True)
    assert await newest.receive_from()
    for communicator in stale[1:] + [newest]:
        await communicator.disconnect()
    await stale[0].disconnect()
    assert not socket_limits.TABLE_SOCKETS.open


async def test_the_oldest_table_socket_of_that_person_goes_and_no_other(settings):
    settings.TABLE_SOCKETS_PER_USER = 2
    room, users, cookies = await make_table()
    first = await table_socket(room.code, cookies[0], language=b"en")
    second = await table_socket(room.code, cookies[0])
    other_player = await table_socket(room.code, cookies[1])
    third = await table_socket(room.code, cookies[0])
    message, code = await replaced_with(first)
    assert code == limits.CLOSE_REPLACED and REPLACED_EN in message  # in its language
    assert await not_closed(second)
    assert await not_closed(other_player)  # not held to anyone else's sockets
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 2
    # The next one replaces the next oldest: never the newest.
    fourth = await table_socket(room.code, cookies[0])
    assert (await replaced_with(second))[1] == limits.CLOSE_REPLACED
    for communicator in (first, second, third, fourth, other_player):
        await communicator.disconnect()
    assert not socket_limits.TABLE_SOCKETS.open


async def test_a_person_logged_in_holds_no_more_lobby_sockets_than_the_limit(settings):
    settings.LOBBY_SOCKETS_PER_USER = 3
    user, other = await sync_to_async(
        lambda: (
            User.objects.create_user("lanlan", password="x-long-pass-1"),
            User.objects.create_user("honghong", password="x-long-pass-1"),
        )
    )()
    cookie = await sync_to_async(session_cookie)(user)
    # Each from another address: the person is counted, wherever they are.
    sockets = [await lobby_socket(f"198.51.100.{i}", cookie) for i in range(3)]
    newest = await lobby_socket("198.51.100.9", cookie)
    message, code = await replaced_with(sockets[0])
    assert code == limits.CLOSE_REPLACED
    assert 'id="lobby-note"' in message and 'hx-swap-oob="true"' in message
    assert REPLACED_ZH in message
    assert await still_open(newest)
    for communicator in sockets[1:]:
        assert await still_open(communicator)
    assert socket_limits.LOBBY_SOCKETS.count(user.pk) == 3
    # Another person, and visitors, are not held to this person's sockets.
    someone = await lobby_socket("198.51.100.1", await sync_to_async(session_cookie)(other))
    visitor = await lobby_socket("198.51.100.1")
    assert await still_open(someone) and await still_open(visitor)
    for communicator in sockets + [newest, someone, visitor]:
        await communicator.disconnect()
    assert not socket_limits.LOBBY_SOCKETS.open and not socket_limits.ANONYMOUS_LOBBY_SOCKETS.open


async def test_the_default_limit_of_lobby_sockets_per_person_is_eight():
    user = await sync_to_async(User.objects.create_user)("many", password="x-long-pass-1")
    cookie = await sync_to_async(session_cookie)(user)
    sockets = [await lobby_socket("192.0.2.1", cookie) for _ in range(9)]
    assert (await replaced_with(sockets[0]))[1] == limits.CLOSE_REPLACED
    assert socket_limits.LOBBY_SOCKETS.count(user.pk) == 8
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_visitors_newest_lobby_socket_wins_by_address(settings):
    settings.ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS = 2
    first = await lobby_socket("203.0.113.7", language=b"en")
    second = await lobby_socket("203.0.113.7")
    third = await lobby_socket("203.0.113.7")
    message, code = await replaced_with(first)
    assert code == limits.CLOSE_REPLACED
    assert "Too many lobby pages are open from your network" in message
    assert await still_open(second) and await still_open(third)
    # An IPv6 visitor counts by network (/64), as for requests.
    v6 = [await lobby_socket(f"2001:db8:1:2::{i}") for i in (1, 2, 3)]
    message, code = await replaced_with(v6[0])
    assert code == limits.CLOSE_REPLACED and NETWORK_ZH in message
    for communicator in [first, second, third] + v6:
        await communicator.disconnect()
    assert not socket_limits.ANONYMOUS_LOBBY_SOCKETS.open


async def test_a_socket_that_closes_before_it_is_replaced_gives_its_slot_back_once(settings):
    settings.TABLE_SOCKETS_PER_USER = 1
    room, users, cookies = await make_table()
    first = await table_socket(room.code, cookies[0])
    second = await table_socket(room.code, cookies[0])  # replaces the first
    await first.disconnect()  # its goodbye comes after: it frees nothing more
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 1
    third = await table_socket(room.code, cookies[0])
    assert (await replaced_with(second))[1] == limits.CLOSE_REPLACED
    assert socket_limits.TABLE_SOCKETS.count(users[0].pk) == 1
    await second.disconnect()
    await third.disconnect()
    assert not socket_limits.TABLE_SOCKETS.open
