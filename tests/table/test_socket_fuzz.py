"""Hostile frames on both sockets: whatever arrives (text or binary, any nesting, any
JSON number, wrong types, unknown verbs), the sender gets an error, the socket stays
usable, no round changes, and when the socket ends nothing it started lives on."""

import asyncio
import json
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.models import Round, Seat
from games.table import presence
from tests.table.sockets import HOST, ORIGIN, connect, make_table
from tests.tables import page_version
from xuezhan.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

NASTY = [
    '{"type":"pass","version":Infinity}',
    '{"type":"pass","version":-Infinity}',
    '{"type":"pass","version":NaN}',
    '{"type":"pass","version":1e400}',
    '{"type":"pass","version":' + "9" * 5000 + "}",
    '{"type":"pass","version":0.5}',
    '{"type":"pass","version":true}',
    '{"type":"pass","version":-1}',
    '{"type":"pass","version":"٣"}',
    '{"type":["pass"],"version":0}',
    '{"type":"void","suit":{"m":1},"version":0}',
    '{"type":"discard","tile":5,"version":0}',
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    "",
    "null",
    "0",
    '"text"',
    "{",
    "\ud800",
    "x" * 60_000,
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "version", "tile", "suit", "on"]) | st.text(max_size=5),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)
# A frame as the server receives it (an empty binary frame included).
frames = st.one_of(
    st.binary(max_size=300).map(lambda data: {"bytes": data}),
    st.text(max_size=300).map(lambda text: {"text": text}),
    json_values.map(lambda value: {"text": json.dumps(value)}),
    st.sampled_from(NASTY).map(lambda text: {"text": text}),
)
# No shrinking: a failing batch is short already, and shrinking socket runs takes minutes.
FUZZ = settings(
    max_examples=25,
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _round_version(room) -> int:
    return Round.objects.get(room=room).version


async def next_error_line(communicator) -> str:
    """The error line answering the last frame. A table update may come first: the
    table's own "is now online" update can arrive late (seen on PostgreSQL), and as an
    update clears the error line, it must not be taken for the answer."""
    while True:
        message = await communicator.receive_from(timeout=5)
        if message.startswith('<div id="table-error"'):
            return message
        # A table update, nothing else: its own error line, if any, is empty.
        assert not re.search(r'class="table-error">[^<]', message), message


@FUZZ
@given(batch=st.lists(frames, min_size=1, max_size=6))
def test_the_table_socket_survives_any_frame(batch, table):
    room, users, cookies = table

    async def run():
        communicator, connected = await connect(room.code, cookies[1])
        assert connected
        await communicator.receive_from()
        for frame in batch:
            await communicator.send_input({"type": "websocket.receive", **frame})
            reply = await next_error_line(communicator)
            assert "Traceback" not in reply
        # Still there and answering.
        await communicator.send_json_to({"type": "pass", "version": page_version(room, 99)})
        assert "牌桌已经变化" in await next_error_line(communicator)
        await communicator.disconnect()

    async_to_sync(run)()
    assert _round_version(room) == 0
    assert presence.open_sockets() == 0


@FUZZ
@given(batch=st.lists(frames, min_size=1, max_size=6))
def test_the_lobby_socket_survives_any_frame(batch):
    async def run():
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=[HOST, ORIGIN])
        connected, _ = await communicator.connect()
        assert connected
        for frame in batch:
            await communicator.send_input({"type": "websocket.receive", **frame})
            assert "error" in json.loads(await communicator.receive_from(timeout=5))
        await communicator.disconnect()

    async_to_sync(run)()


@pytest.fixture
def table():
    return async_to_sync(make_table)()


async def test_a_socket_cut_off_without_a_goodbye_counts_as_gone():
    """The server's side ends abnormally (here: its task is cancelled, as at shutdown):
    clean-up still runs, presence forgets the socket, and the seat's absence clock runs."""
    room, users, cookies = await make_table()
    communicator, connected = await connect(room.code, cookies[2])
    assert connected
    await communicator.receive_from()
    assert presence.open_sockets() == 1
    communicator.future.cancel()
    with pytest.raises(asyncio.CancelledError):
        await communicator.future
    assert presence.open_sockets() == 0
    rnd = await sync_to_async(Round.objects.get)(room=room)
    seat = await sync_to_async(Seat.objects.get)(room=room, user=users[2])
    assert rnd.deadline is not None and seat.last_seen is not None


async def test_a_failing_update_is_logged_and_the_socket_stays(monkeypatch, caplog):
    room, users, cookies = await make_table()
    communicator, connected = await connect(room.code, cookies[0])
    assert connected
    await communicator.receive_from()

    from games.table import consumers

    async def broken(self, snap):
        raise RuntimeError("render failed")

    monkeypatch.setattr(consumers.TableConsumer, "show", broken)
    await communicator.send_json_to({"type": "void", "suit": "m", "version": page_version(room, 0)})
    assert await communicator.receive_nothing(timeout=0.5)
    assert "render failed" in caplog.text
    monkeypatch.undo()
    await communicator.send_json_to({"type": "auto_play", "on": "0"})
    assert "data-version" in await communicator.receive_from(timeout=5)
    await communicator.disconnect()
