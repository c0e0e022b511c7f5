import pytest
from channels.testing import WebsocketCommunicator

from xuezhan.asgi import application


async def connect(origin: bytes | None):
    headers = [(b"origin", origin)] if origin else []
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
