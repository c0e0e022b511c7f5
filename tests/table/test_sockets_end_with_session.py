"""A socket acts for the session it was opened with, no longer (accounts.socket_sessions).

"Log out everywhere else", a password change or a deleted account closes the person's
other sessions' table and lobby sockets at once, and not this session's; a log-out closes
that session's sockets only. A socket whose session ended without the message reaching
it (the channel layer lost it) refuses the next move and closes. Each closes with a code
after which the page does not reconnect, saying why."""

import time

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from accounts import socket_sessions
from accounts.socket_sessions import SESSION_ENDED_MESSAGE, end_sockets
from games.models import Event, Round
from games.table import consumers
from tests.table.sockets import (
    another_session,
    closed_for_session,
    lobby_socket,
    make_table,
    not_closed,
    settle,
    still_open,
    table_socket,
)
from tests.tables import page_version

pytestmark = pytest.mark.django_db(transaction=True)


def told_zh() -> str:
    """What a closed page says, as the page shows it (in the site's default language)."""
    with translation.override("zh-hans"):
        return escape(str(SESSION_ENDED_MESSAGE))


def key_of(cookie: bytes) -> str:
    return cookie.decode().split("=", 1)[1]


@sync_to_async
def round_state(room) -> tuple[int, int]:
    """The round's version and how many events it has stored."""
    rnd = Round.objects.get(room=room)
    return rnd.version, Event.objects.filter(round=rnd).count()


async def void(communicator, room, version=0) -> None:
    await communicator.send_json_to(
        {"type": "void", "suit": "m", "version": page_version(room, version)}
    )


@pytest.fixture
def recheck_due(monkeypatch):
    """Move the table sockets' clock past the session check's interval (call after the
    sockets connected): their next move checks the session."""

    def move_on():
        later = time.monotonic() + consumers.SESSION_RECHECK_SECONDS + 1
        monkeypatch.setattr(consumers, "clock", lambda: later)

    return move_on


async def test_ending_the_other_sessions_closes_their_sockets_and_not_this_ones():
    """As "log out everywhere else" and a password change call it."""
    room, users, cookies = await make_table()
    _client, other_cookie, _key = await another_session(users[0])
    here_table = await table_socket(room.code, cookies[0])
    here_lobby = await lobby_socket("192.0.2.1", cookies[0])
    there_table = await table_socket(room.code, other_cookie)
    there_lobby = await lobby_socket("192.0.2.2", other_cookie)
    someone_else = await table_socket(room.code, cookies[1])
    for communicator in (here_table, there_table, someone_else):
        await settle(communicator)

    await sync_to_async(lambda: end_sockets(users[0].pk, keep_session=key_of(cookies[0])))()

    message = await closed_for_session(there_table)
    assert 'id="table-error"' in message and told_zh() in message
    message = await closed_for_session(there_lobby)
    assert 'id="lobby-note"' in message and told_zh() in message
    # This session's pages, and the other players', go on: a move here is made.
    assert await still_open(here_lobby)
    assert await not_closed(someone_else)
    await void(here_table, room)
    assert f'data-version="{page_version(room, 1)}"' in await here_table.receive_from()
    assert (await round_state(room))[0] == 1
    for communicator in (here_table, here_lobby, there_table, there_lobby, someone_else):
        await communicator.disconnect()


async def test_ending_every_session_closes_every_socket_of_that_person():
    """As deleting the account may call it (keep_session=None)."""
    room, users, cookies = await make_table()
    table = await table_socket(room.code, cookies[2])
    lobby = await lobby_socket("192.0.2.1", cookies[2])
    await sync_to_async(lambda: end_sockets(users[2].pk, keep_session=None))()
    await closed_for_session(table)
    await closed_for_session(lobby)
    for communicator in (table, lobby):
        await communicator.disconnect()


async def test_a_log_out_closes_that_sessions_sockets_only():
    room, users, cookies = await make_table()
    client, leaving_cookie, _key = await another_session(users[0])
    leaving_table = await table_socket(room.code, leaving_cookie)
    leaving_lobby = await lobby_socket("192.0.2.1", leaving_cookie)
    staying_table = await table_socket(room.code, cookies[0])
    staying_lobby = await lobby_socket("192.0.2.2", cookies[0])
    for communicator in (leaving_table, staying_table):
        await settle(communicator)

    response = await sync_to_async(client.post)(reverse("accounts:logout"))
    assert response.status_code == 302

    message = await closed_for_session(leaving_table)
    assert told_zh() in message
    await closed_for_session(leaving_lobby)
    # The person's other session is still logged in, and its pages go on.
    assert await still_open(staying_lobby)
    await void(staying_table, room)
    assert f'data-version="{page_version(room, 1)}"' in await staying_table.receive_from()
    for communicator in (leaving_table, leaving_lobby, staying_table, staying_lobby):
        await communicator.disconnect()


async def test_a_session_ended_without_a_word_makes_no_move_and_closes(recheck_due):
    """The session deleted from the store, its message lost: the next move on its old
    socket is refused and the socket closes; another, valid session still plays."""
    room, users, cookies = await make_table()
    _client, old_cookie, old_key = await another_session(users[0])
    old = await table_socket(room.code, old_cookie)
    valid = await table_socket(room.code, cookies[0])
    for communicator in (old, valid):
        await settle(communicator)
    await sync_to_async(Session.objects.filter(session_key=old_key).delete)()
    recheck_due()
    before = await round_state(room)

    await void(old, room)
    message = await closed_for_session(old)
    assert told_zh() in message
    assert await round_state(room) == before == (0, before[1])

    await void(valid, room)  # its session checked too, and still logs the player in
    assert f'data-version="{page_version(room, 1)}"' in await valid.receive_from()
    assert (await round_state(room))[0] == 1
    for communicator in (old, valid):
        await communicator.disconnect()


async def test_a_password_changed_without_a_word_makes_no_move_and_closes(recheck_due):
    room, users, cookies = await make_table()
    table = await table_socket(room.code, cookies[1])
    await settle(table)

    def change_password():
        user = User.objects.get(pk=users[1].pk)
        user.set_password("another-long-password-2")
        user.save()

    await sync_to_async(change_password)()
    recheck_due()
    before = await round_state(room)
    await void(table, room)
    message = await closed_for_session(table)
    assert told_zh() in message
    assert await round_state(room) == before and before[0] == 0
    await table.disconnect()


async def test_within_the_interval_the_session_is_not_asked_again(monkeypatch):
    """The check costs no query on every move: within its interval a socket does not
    ask (the group's message is what closes sockets at once)."""
    asked = []
    monkeypatch.setattr(
        consumers, "still_logged_in", lambda key, user_id: asked.append(key) or True
    )
    room, users, cookies = await make_table()
    table = await table_socket(room.code, cookies[0])
    await settle(table)
    await void(table, room)
    assert f'data-version="{page_version(room, 1)}"' in await table.receive_from()
    assert asked == []
    await table.disconnect()


def test_a_channel_layer_that_is_down_does_not_fail_the_view(monkeypatch, caplog):
    class Down:
        async def group_send(self, group, message):
            raise ConnectionError("redis away")

    monkeypatch.setattr(socket_sessions, "get_channel_layer", lambda: Down())
    end_sockets(7, keep_session="abc")  # no exception: logged
    assert "could not tell the sockets of user 7" in caplog.text


def test_which_sockets_a_message_ends():
    keep = {"type": "session.ended", "keep": "k1"}
    everyone = {"type": "session.ended", "keep": None}
    only = {"type": "session.ended", "only": "k1"}
    assert not socket_sessions.ends(keep, "k1") and socket_sessions.ends(keep, "k2")
    assert socket_sessions.ends(everyone, "k1") and socket_sessions.ends(everyone, "k2")
    assert socket_sessions.ends(only, "k1") and not socket_sessions.ends(only, "k2")
    assert socket_sessions.group_name(12) != socket_sessions.group_name(1)
