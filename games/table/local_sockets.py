"""The table sockets this process holds, by room.

The proxy pins every request and socket of a room to one process (deploy/), so the
process that applies a move usually holds every socket of its table: it hands the table
to them directly from memory (``deliver``), without a round trip through the channel
layer, and its timer loop takes those rooms' due steps first (``games.driver``).
"""

import asyncio
import contextvars
import logging

from games.play import broadcast, reveals
from games.play.steps import AdoptedRooms

logger = logging.getLogger(__name__)

# room id -> {consumer: the event loop it runs on}
_by_room: dict[int, dict] = {}

# Rooms this process drives on without a socket of theirs (see AdoptedRooms).
_adopted = AdoptedRooms()


def add(room_id: int, consumer) -> None:
    loop = asyncio.get_running_loop()
    _by_room.setdefault(room_id, {})[consumer] = loop
    reveals.use_loop(loop)  # this process's timers of pauses run on its sockets' loop


def remove(room_id: int, consumer) -> None:
    sockets = _by_room.get(room_id)
    if sockets is not None:
        sockets.pop(consumer, None)
        if not sockets:
            del _by_room[room_id]
            adopt(room_id)


def adopt(room_id: int) -> None:
    """This process drives ``room_id``'s deadlines on, socket or not."""
    _adopted.add(room_id)


def rooms() -> set[int]:
    """The rooms whose due steps this process takes at once: those with a table socket
    open here, and those it drives without one."""
    return set(_by_room) | _adopted.rooms()


def deliver(room_id: int, snapshot) -> bool:
    """Show ``snapshot`` on every socket of its room held here, from any thread; False
    when this process holds none (then only the channel layer can reach them)."""
    held = [
        (consumer, loop)
        for consumer, loop in _by_room.get(room_id, {}).items()
        if not loop.is_closed()
    ]
    if not held:
        return False
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    for consumer, loop in held:
        if loop is running:
            loop.create_task(consumer.show_delivered(snapshot))
        else:
            # In a context of its own: the database thread's, which call_soon_threadsafe
            # would copy, makes any database call of the page's (a watcher's table shown
            # some moves late: games.table.delayed) look to asgiref like that thread
            # calling itself ("would deadlock").
            loop.call_soon_threadsafe(_show, consumer, snapshot, context=contextvars.Context())
    return True


def _show(consumer, snapshot) -> None:
    asyncio.get_running_loop().create_task(consumer.show_delivered(snapshot))


broadcast.local_delivery = deliver


def forget() -> None:
    """Tests: no socket held."""
    _by_room.clear()
    _adopted.clear()
    reveals.forget()
