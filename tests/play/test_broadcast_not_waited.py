"""A move's thread does not wait for the sockets' event loop to tell the room's group
(games.play.broadcast): it goes on to the next move while the loop is busy rendering, and
the room's sockets elsewhere are told all the same once the loop gets to it."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.models import Room
from games.play import broadcast, reveals
from games.play.broadcast import room_group

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_move_tells_the_room_without_waiting_for_a_busy_event_loop():
    layer = get_channel_layer()
    elsewhere = await layer.new_channel()  # a socket of the room this process does not hold
    room = Room(pk=1, code="abc123")
    await layer.group_add(room_group(room.code), elsewhere)
    reveals.use_loop(asyncio.get_running_loop())
    loop_busy, told_the_room = threading.Event(), threading.Event()

    def move() -> None:  # the end of a move, on the database's thread (as in a consumer)
        loop_busy.wait(timeout=5)
        broadcast.broadcast_table_changed(room, 7)
        told_the_room.set()

    move_done = asyncio.ensure_future(sync_to_async(move, thread_sensitive=True)())
    await asyncio.sleep(0.05)  # the move's thread has started
    # The loop is busy (a render, say) while the move's thread tells the room.
    loop_busy.set()
    told_while_busy = told_the_room.wait(timeout=2)
    await move_done  # (the loop free again: a thread that waited for it ends too)
    assert told_while_busy, "the move's thread waited for the busy event loop"
    told = await asyncio.wait_for(layer.receive(elsewhere), 2)
    assert told["type"] == "table.changed"
    assert told["version"] == 7
