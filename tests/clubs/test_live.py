"""A club's page keeps its list of tables live (issue 47): a room opened, a seat taken, a
table set up reach every member's page at once, rendered once per language whatever the
number of pages; a stranger's socket (or a pending member's) is refused, a removed
member's closes, and one club's changes never reach another club's pages."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test.signals import template_rendered

from clubs import live, membership, tables
from clubs.models import ClubTable, Membership
from games.rooms.seating import take_seat
from games.table.safe_socket import CLOSE_NOT_ALLOWED
from tests.clubs.club_rounds import club_of
from tests.table.sockets import HOST, ORIGIN, lobby_socket, session_cookie, settle
from xuezhan.asgi import application


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


async def club_socket(club_id: int, cookie: bytes, language: str = "en"):
    """A club page's socket; (the communicator, whether it opened)."""
    headers = [HOST, ORIGIN, (b"cookie", cookie + f"; django_language={language}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/clubs/{club_id}/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


@sync_to_async
def a_club(members: int = 3):
    owner = person("owner")
    people = [person(f"m{i}") for i in range(members)]
    club = club_of(owner, people)
    table = ClubTable.objects.create(club=club, name="一楼", options={})
    return club, table, owner, people, [session_cookie(u) for u in [owner, *people]]


@pytest.mark.django_db(transaction=True)
async def test_a_stranger_or_a_pending_member_gets_no_socket_and_a_member_does():
    club, _table, _owner, _people, cookies = await a_club(1)
    stranger, waiting = await sync_to_async(person)("stranger"), await sync_to_async(person)("w")
    await sync_to_async(Membership.objects.create)(club=club, user=waiting, pending=True)
    for user in (stranger, waiting):
        cookie = await sync_to_async(session_cookie)(user)
        socket, connected = await club_socket(club.pk, cookie)
        assert not connected
    socket, connected = await club_socket(club.pk, b"")  # nobody logged in
    assert not connected
    socket, connected = await club_socket(club.pk, cookies[1])
    assert connected
    await socket.send_to(text_data="hello")  # it takes no messages, and says so
    assert "takes no messages" in await socket.receive_from()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_room_opened_and_a_seat_taken_reach_every_page_rendered_once_per_language():
    club, table, owner, people, cookies = await a_club(3)
    sockets = []
    for i in range(12):  # three pages for each of the four members, half in Chinese
        socket, connected = await club_socket(club.pk, cookies[i % 4], "zh-hans" if i % 2 else "en")
        assert connected
        sockets.append(socket)
    rendered = []

    def count(sender, template, **kwargs):
        if template.name == live.TABLES_TEMPLATE:
            rendered.append(template)

    lobby = await lobby_socket("10.0.0.9", cookies[0])  # the lobby lists no club room
    await settle(lobby)
    template_rendered.connect(count)
    try:
        room = await sync_to_async(tables.open_room)(table=table, user=owner)
        messages = [await s.receive_from(timeout=5) for s in sockets]
    finally:
        template_rendered.disconnect(count)
    assert len(rendered) == 2  # one Chinese list, one English, for twelve pages
    for i, html in enumerate(messages):
        assert 'id="tables"' in html and 'hx-swap-oob="true"' in html and room.code in html
        assert ("楼层" if i % 2 else "Tables") in html
        assert f'data-seated="{owner.pk}"' in html  # who sits where, for club-live.js
        assert "csrfmiddlewaretoken" not in html  # nobody's token in a shared list

    # A member sits down: every page shows them at the table.
    await sync_to_async(take_seat)(room=room, user=people[0])
    for socket in sockets:
        html = await socket.receive_from(timeout=5)
        assert "m0" in html and f'data-seated="{owner.pk} {people[0].pk}"' in html
    for socket in sockets:
        assert await socket.receive_nothing(timeout=0.05)
        await socket.disconnect()
    assert await lobby.receive_nothing(timeout=0.1)  # nor is it told of one
    await lobby.disconnect()
    assert club.pk not in live.LISTENERS  # the last page gone, nobody listens for the club


@pytest.mark.django_db(transaction=True)
async def test_a_table_set_up_or_taken_down_reaches_the_pages_and_other_clubs_hear_nothing():
    club, table, owner, _people, cookies = await a_club(1)
    other_owner = await sync_to_async(person)("other")
    other = await sync_to_async(club_of)(other_owner, name="别的圈")
    other_cookie = await sync_to_async(session_cookie)(other_owner)
    mine, connected = await club_socket(club.pk, cookies[1])
    assert connected
    theirs, connected = await club_socket(other.pk, other_cookie)
    assert connected

    await sync_to_async(tables.add_table)(club=club, by=owner, name="二楼血流", options={})
    assert "二楼血流" in await mine.receive_from(timeout=5)
    await sync_to_async(tables.archive_table)(table=table, by=owner)
    assert "一楼" not in await mine.receive_from(timeout=5)
    assert await theirs.receive_nothing(timeout=0.2)
    await mine.disconnect()
    await theirs.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_removed_member_hears_no_more_of_the_club():
    club, table, owner, people, cookies = await a_club(2)
    removed, connected = await club_socket(club.pk, cookies[1])
    assert connected
    stays, connected = await club_socket(club.pk, cookies[2])
    assert connected
    await sync_to_async(membership.remove)(club=club, user=people[0], by=owner)
    assert "no longer a member" in await removed.receive_from(timeout=5)
    closed = await removed.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_NOT_ALLOWED}

    await sync_to_async(tables.open_room)(table=table, user=owner)
    assert 'id="tables"' in await stays.receive_from(timeout=5)
    # Nor can they open the page's socket again.
    again, connected = await club_socket(club.pk, cookies[1])
    assert not connected
    await stays.disconnect()
