"""What one web process does about its own faults: a move shown from memory (no round
trip through the channel layer), a move sent while the database is away (said, then
made, or refused without effect), and a drain (every socket asked to reconnect)."""

import logging

import pytest
from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import OperationalError
from django.test import Client

from common import drain
from games.play import broadcast
from games.table import consumers, reconnect
from games.table.safe_socket import close_all
from tests.table.sockets import connect, make_table, round_version, settle
from tests.tables import page_version

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def quick_probe(monkeypatch):
    monkeypatch.setattr(reconnect, "PROBE_EVERY_SECONDS", 0.05)
    monkeypatch.setattr(reconnect, "_back", None)


async def four_sockets():
    room, users, cookies = await make_table()
    sockets = []
    for seat in range(4):
        communicator, connected = await connect(room.code, cookies[seat])
        assert connected
        sockets.append(communicator)
    for communicator in sockets:
        await settle(communicator)
    return room, users, sockets


async def void(room, socket, seat=0):
    await socket.send_json_to(
        {"type": "void", "suit": "m", "version": await sync_to_async(page_version)(room, seat)}
    )


async def test_a_move_reaches_every_socket_of_its_process_from_memory(monkeypatch):
    room, users, sockets = await four_sockets()
    layer = get_channel_layer()
    sent = []
    real_group_send = layer.group_send

    async def counting_group_send(group, message):
        sent.append(message)
        await real_group_send(group, message)

    monkeypatch.setattr(layer, "group_send", counting_group_send)
    await void(room, sockets[0])
    for communicator in sockets:
        assert "hx-swap-oob" in await communicator.receive_from()  # each page updated
    assert await round_version(room) == 1
    changes = [m for m in sent if m["type"] == "table.changed"]
    if isinstance(layer, InMemoryChannelLayer):
        # One process, and it holds the whole table: nothing went through the layer.
        assert changes == []
    else:
        # Sockets of the room in other processes hear of it; this process's own, shown
        # the move from memory already, know the message for their own and pass it by.
        assert changes and all(m["origin"] == broadcast.PROCESS for m in changes)
    for communicator in sockets:
        assert await communicator.receive_nothing(timeout=0.5)  # shown once, not twice
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_move_while_the_database_is_away_is_said_then_made_once_it_is_back(monkeypatch):
    room, users, sockets = await four_sockets()
    real_handle = consumers.TableConsumer._handle
    failures = []

    def database_restarting(self, *args):
        if not failures:
            failures.append(True)
            raise OperationalError("the connection was lost")
        return real_handle(self, *args)

    probes = []

    def database_answers():
        probes.append(True)
        return len(probes) >= 3  # back at the third look

    monkeypatch.setattr(consumers.TableConsumer, "_handle", database_restarting)
    monkeypatch.setattr(reconnect, "_database_answers", database_answers)
    await void(room, sockets[0])
    said = await sockets[0].receive_from()
    assert 'id="table-error"' in said and "重新连接" in said and "data-retrying" in said
    await settle(sockets[0])
    assert await round_version(room) == 1  # made, once
    assert len(probes) >= 3
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_move_stuck_waiting_for_a_connection_is_said_to_be_reconnecting(monkeypatch):
    """The first move to meet an outage may not fail at once: it waits for the pool to
    hand it a connection (up to the pool's 20 s). The page hears within a second or two
    that the table is reconnecting, then sees the move made."""
    import threading

    room, users, sockets = await four_sockets()
    real_handle = consumers.TableConsumer._handle
    database_back = threading.Event()

    def waiting_for_a_connection(self, *args):
        assert database_back.wait(10)
        return real_handle(self, *args)

    def database_answers():
        return database_back.is_set()

    monkeypatch.setattr(consumers.TableConsumer, "_handle", waiting_for_a_connection)
    monkeypatch.setattr(reconnect, "_database_answers", database_answers)
    monkeypatch.setattr(reconnect, "SLOW_MOVE_SECONDS", 0.2)
    await void(room, sockets[0])
    said = await sockets[0].receive_from(timeout=2)  # while the move still waits
    assert "重新连接" in said and "data-retrying" in said
    database_back.set()
    await settle(sockets[0])
    assert await round_version(room) == 1  # made, once
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_slow_move_on_a_database_that_answers_says_nothing_of_reconnecting(monkeypatch):
    import time

    room, users, sockets = await four_sockets()
    real_handle = consumers.TableConsumer._handle

    def slow(self, *args):
        time.sleep(0.5)
        return real_handle(self, *args)

    monkeypatch.setattr(consumers.TableConsumer, "_handle", slow)
    monkeypatch.setattr(reconnect, "_database_answers", lambda: True)
    monkeypatch.setattr(reconnect, "SLOW_MOVE_SECONDS", 0.1)
    await void(room, sockets[0])
    update = await sockets[0].receive_from(timeout=3)
    assert "重新连接" not in update and "hx-swap-oob" in update
    assert await round_version(room) == 1
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_move_the_database_never_comes_back_for_is_refused_without_effect(monkeypatch):
    room, users, sockets = await four_sockets()

    def database_gone(self, *args):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(consumers.TableConsumer, "_handle", database_gone)
    monkeypatch.setattr(reconnect, "_database_answers", lambda: False)
    monkeypatch.setattr(reconnect, "GIVE_UP_SECONDS", 0.3)
    await void(room, sockets[0])
    messages = [await sockets[0].receive_from(timeout=2) for _ in range(2)]
    assert "重新连接" in messages[0]
    assert "这一步没有完成" in messages[1]
    assert await round_version(room) == 0
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_drain_asks_every_socket_to_reconnect_and_health_says_draining(monkeypatch):
    room, users, sockets = await four_sockets()
    monkeypatch.setattr(drain, "draining", False)
    stopped = []
    await drain.drain(close_all, lambda: stopped.append(True))
    for communicator in sockets:
        closed = await communicator.receive_output(timeout=2)
        assert closed == {"type": "websocket.close", "code": drain.CLOSE_RECONNECT}
    assert stopped == [True]  # the timers stopped: another process takes them over
    response = await sync_to_async(Client().get)("/healthz")
    assert response.status_code == 503 and response.json()["status"] == "draining"


async def test_a_click_the_table_moved_past_is_marked_stale_for_scripts(monkeypatch):
    """Not a failure but the rules' answer (another claim came first): the error line
    says so in words and, for scripts such as the load benchmark, in data-stale."""
    from games.play.errors import StaleVersion

    room, users, sockets = await four_sockets()

    def moved_past(self, *args):
        raise StaleVersion("牌桌已经变化，请重试。")

    monkeypatch.setattr(consumers.TableConsumer, "_handle", moved_past)
    await void(room, sockets[0])
    said = await sockets[0].receive_from()
    assert 'id="table-error"' in said and 'data-stale="true"' in said and "牌桌已经变化" in said
    assert await round_version(room) == 0
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_ready_sent_again_after_its_round_began_is_stale_and_changes_nothing():
    """The page sends a click its dead socket never answered again on the next socket
    (static/js/socket-retry.js). A ready may have dealt the round before its process died:
    sent again, it is the table having moved past it (data-stale), not a refusal, and the
    round goes on as it was."""
    room, users, sockets = await four_sockets()  # all four were ready: the round is dealt
    before = await round_version(room)
    await sockets[2].send_json_to({"type": "ready"})
    said = await sockets[2].receive_from()
    assert 'id="table-error"' in said and 'data-stale="true"' in said
    assert "这一局已经开始了" in said
    assert await round_version(room) == before
    for communicator in sockets[:2] + sockets[3:]:
        assert await communicator.receive_nothing(timeout=0.3)
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_page_that_closed_as_a_move_was_sent_is_no_error(caplog):
    """A socket whose page closed while this process was showing it a move (daphne's
    Disconnected, before the close reaches the consumer) logs nothing above debug."""
    socket = consumers.TableConsumer()
    socket.code = "GONE"

    async def closed(snap):
        raise Disconnected("Attempt to send on a closed protocol")

    socket.show = closed
    with caplog.at_level(logging.DEBUG, logger="games.table.consumers"):
        await socket.show_delivered(None)
    assert [r.levelname for r in caplog.records] == ["DEBUG"]

    async def broken(snap):
        raise ValueError("a real failure")

    socket.show = broken  # a failure of the page's own is still reported
    await socket.show_delivered(None)
    assert caplog.records[-1].levelname == "ERROR"
