"""Sockets to the site in a test: a logged-in person's table socket, a table to open it on, and
waiting until the socket has nothing more to say."""

import json
import re

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from accounts.socket_sessions import CLOSE_SESSION_ENDED
from games.models import Round
from games.players.computer import choose_action
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict
from tests.tables import four_people, page_version
from xuezhan.asgi import application

ORIGIN = (b"origin", b"http://localhost")
HOST = (b"host", b"localhost")  # the page and its socket are on the same site


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


@sync_to_async
def make_table():
    room, users = four_people("p")
    return room, users, [session_cookie(u) for u in users]


async def connect(code, cookie=None, origin=ORIGIN):
    headers = [HOST, origin] + ([(b"cookie", cookie)] if cookie else [])
    communicator = WebsocketCommunicator(application, f"/ws/tables/{code}/", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def settle(communicator, page=None) -> None:
    """Take (and apply to ``page``) whatever the socket is still sent, until it is quiet."""
    while not await communicator.receive_nothing(timeout=0.3):
        message = await communicator.receive_from()
        if page is not None:
            page.apply(message)


@sync_to_async
def round_version(room) -> int:
    return Round.objects.get(room=room).version


async def table_socket(code, cookie, language=None):
    headers = [HOST, ORIGIN, (b"cookie", cookie)]
    if language:
        headers.append((b"accept-language", language))
    communicator = WebsocketCommunicator(application, f"/ws/tables/{code}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    assert 'id="table"' in await communicator.receive_from()
    return communicator


async def lobby_socket(address: str, cookie: bytes | None = None, language=None):
    headers = [HOST, ORIGIN] + ([(b"cookie", cookie)] if cookie else [])
    if language:
        headers.append((b"accept-language", language))
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    communicator.scope["client"] = [address, 50000]
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def not_closed(communicator) -> bool:
    """A socket sent nothing but updates (a table changes as people come and go)."""
    while not await communicator.receive_nothing(timeout=0.2):
        if (await communicator.receive_output())["type"] == "websocket.close":
            return False
    return True


@sync_to_async
def another_session(user) -> tuple[Client, bytes, str]:
    """A second browser logged in as ``user``: its client, cookie and session key."""
    client = Client()
    client.force_login(user)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return client, f"{settings.SESSION_COOKIE_NAME}={key}".encode(), key


async def closed_for_session(communicator) -> str:
    """The socket closed with the code of an ended session; what it said last."""
    message, code = await replaced_with(communicator)
    assert code == CLOSE_SESSION_ENDED
    return message


COUNTDOWN = re.compile(r'(data-seconds-left="|<span class="seconds">)\d+')


def normalised(html: str) -> str:
    """The countdown is rendered from the clock, a second may pass between two renders."""
    return COUNTDOWN.sub(r"\1N", html)


async def open_sockets(room, cookies) -> list:
    """Each person's table socket, opened."""
    sockets = []
    for cookie in cookies:
        communicator, connected = await connect(room.code, cookie)
        assert connected
        sockets.append(communicator)
    return sockets


@sync_to_async
def next_move(room, seats, rng):
    """A strong computer's choice for the first person the round waits on."""
    rnd = Round.objects.get(room=room)
    if rnd.status == Round.Status.ENDED:
        return None
    engine = EngineRound.from_json(rnd.state)
    seat = next(s for s in engine.waiting_on() if s in seats)
    action = action_to_dict(choose_action(engine, seat, "strong", rng))
    return seats.index(seat), dict(action, version=page_version(room, rnd.version))


async def replaced_with(communicator) -> tuple[str, int]:
    """What a replaced socket was told last, and the code it closed with."""
    message = None
    while True:
        output = await communicator.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            return message, output["code"]
        message = output.get("text")


async def still_open(communicator) -> bool:
    """A lobby socket that answers (with its usual error: it takes no messages)."""
    await communicator.send_to(text_data="{}")
    return "error" in json.loads(await communicator.receive_from())
