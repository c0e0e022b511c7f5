import pytest
from channels.testing import WebsocketCommunicator

from xuezhan.asgi import application


async def connect(origin: bytes | None, host: bytes = b"localhost:8000"):
    headers = [(b"host", host)] + ([(b"origin", origin)] if origin else [])
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


@pytest.mark.django_db(transaction=True)
async def test_a_websocket_from_a_foreign_origin_is_refused():
    communicator, connected = await connect(b"https://evil.example")
    assert connected is False
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_websocket_without_an_origin_is_refused():
    communicator, connected = await connect(None)
    assert connected is False
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_websocket_from_the_site_itself_is_accepted():
    communicator, connected = await connect(b"http://localhost:8000")
    assert connected is True
    await communicator.send_json_to({"hello": "lobby"})
    reply = await communicator.receive_json_from()
    assert "error" in reply
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_hears_of_a_new_room_at_once():
    from asgiref.sync import sync_to_async
    from django.contrib.auth.models import User

    from games.rooms.seating import create_room

    communicator, connected = await connect(b"http://localhost:8000")
    assert connected

    @sync_to_async
    def open_room():
        owner = User.objects.create_user("host", password="x-long-password-1")
        return create_room(owner=owner, name="新桌子", options={})

    room = await open_room()
    html = await communicator.receive_from(timeout=3)
    assert 'id="room-list"' in html and 'hx-swap-oob="true"' in html
    assert "新桌子" in html and room.code in html
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "origin",
    [
        b"https://localhost:8000",  # another scheme
        b"http://localhost:9999",  # another port of the same host
        b"http://localhost",  # the default port is another port
        b"http://127.0.0.1:8000",  # another allowed host, but not this site's origin
        b"null",
    ],
)
async def test_an_origin_that_is_not_the_sites_own_in_full_is_refused(origin):
    communicator, connected = await connect(origin)
    assert connected is False
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_host_the_site_does_not_serve_is_refused_whatever_the_origin():
    communicator, connected = await connect(b"http://evil.example", host=b"evil.example")
    assert connected is False
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_trusted_origin_of_the_deployment_is_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://mahjong.example.org"]
    communicator, connected = await connect(b"https://mahjong.example.org")
    assert connected is True
    await communicator.disconnect()
