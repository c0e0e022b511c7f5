"""Telling the sockets after commit: a table changed (with the move's snapshot, rendered
from memory by the process that made it), the lobby changed, watching was switched."""

import asyncio
import logging
import uuid
from collections.abc import Callable, Iterable

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction
from django.utils import timezone

from games.models import Room, Round
from games.play import offers, reveals
from games.play.snapshot import TableSnapshot, revealed, snapshot_of_move
from games.play.snapshot import offer as offer_snapshot
from games.rules.round import Round as EngineRound

logger = logging.getLogger(__name__)


def room_group(code: str) -> str:
    return f"room-{code}"


# Names this process in the messages it sends, so that its own sockets, which it has
# shown a move from memory already, pass over the same move coming back from the layer.
PROCESS = uuid.uuid4().hex

# Shows a table from memory on the sockets of its room that this process holds:
# (room_id, snapshot) -> whether it holds any. Set by games.table.local_sockets.
local_delivery = None


def broadcast_table_changed(
    room: Room, version: int | None = None, snapshot: TableSnapshot | None = None
) -> None:
    """Tell every browser at the table to re-read it. Carries no tile: each consumer
    renders its own player's view. With ``snapshot``, the table as the move left it in
    memory, this process's own sockets of the room are shown it at once (the proxy pins
    a room to one process, so usually that is all of them); the channel layer then
    reaches the room's sockets in other processes (during a drain, say), which load
    the table once per change and process. Through the in-memory layer there is no
    other process, and nothing more to send."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = _hand_over(room, version, snapshot, layer)
    if message is None:
        return
    # From the sockets' event loop when this process has one: the move's thread goes on
    # to the next move at once. Waiting for the send there held it behind every render
    # queued on that loop (half the database thread's time in benchmarks/bench_load on
    # make prod, and most of a move's latency).
    if reveals.at(timezone.now(), lambda: _send_soon(room, message, layer)):
        return
    try:
        async_to_sync(layer.group_send)(room_group(room.code), message)
    except Exception:  # a lost notification must never undo a committed move
        logger.exception("could not notify room %s", room.code)


# room id -> (round id, version) of the last table handed over from memory, None after a
# change told without one: whether a pause's end may still be shown from that table.
_last_handed: dict[int, tuple | None] = {}


def _hand_over(room: Room, version, snapshot: TableSnapshot | None, layer) -> dict | None:
    """Show ``snapshot`` on this process's sockets of the room; the message for the
    room's group (None: nobody else to tell)."""
    change = uuid.uuid4().hex
    shown_here = False
    if snapshot is not None:
        _last_handed[room.pk] = snapshot.freshness[:2]
        offer_snapshot(room.pk, change, snapshot)
        if local_delivery is not None:
            shown_here = local_delivery(room.pk, snapshot)
    else:
        _last_handed[room.pk] = None
    if shown_here and isinstance(layer, InMemoryChannelLayer):
        return None
    return {
        "type": "table.changed",
        "version": version,
        "change": change,
        "origin": PROCESS if shown_here else None,
    }


def forget() -> None:
    """Tests: no table handed over before."""
    _last_handed.clear()


def reveal(room: Room, held: TableSnapshot) -> None:
    """The pause of ``held`` (a table showing a settled offer or a win) is over: show the
    table without it. Runs on the sockets' event loop (games.play.reveals), without the
    database: from the same table in memory while it is the last one handed over here;
    else (something changed since) every socket loads the table afresh."""
    layer = get_channel_layer()
    if layer is None:
        return
    if _last_handed.get(room.pk) == held.freshness[:2]:
        message = _hand_over(room, held.version, revealed(held), layer)
    else:
        message = {"type": "table.changed", "version": held.version, "change": None}
    if message is not None:
        _send_soon(room, message, layer)


def _send_soon(room: Room, message: dict, layer) -> None:
    """On the sockets' event loop: ``message`` to the room's group, not waited for."""
    asyncio.get_running_loop().create_task(_send(room, message, layer))


async def _send(room: Room, message: dict, layer) -> None:
    try:
        await layer.group_send(room_group(room.code), message)
    except Exception:  # those in other processes see it at the next change
        logger.exception("could not notify room %s", room.code)


def notify_on_commit(room: Room, version: int | None = None) -> None:
    transaction.on_commit(lambda: broadcast_table_changed(room, version))


def table_moved(moved: Round, engine: EngineRound, seats: list) -> None:
    """After a move (or a pause's end written by a step) committed, tell the room, handing
    over the table as it left it: ``moved``, a copy of the round taken when it was
    recorded (a later step of the same transaction may change the original), the engine
    of the move, and the seats as committed. Called by the move's one hook after commit
    (games.play.moves)."""
    snapshot = snapshot_of_move(moved, engine, seats)
    broadcast_table_changed(moved.room, moved.version, snapshot=snapshot)
    if snapshot.held is not None:
        room = moved.room
        reveals.at(offers.held_until(moved), lambda: reveal(room, snapshot))


LOBBY_GROUP = "lobby"

# Called after commit with the rooms whose place in a list changed (a room opened, a
# seat taken or freed, a round started or ended, a room closed), so that another list of
# rooms than the lobby's stays live too: clubs.live keeps a club's page live by it. A
# hook must not raise into the caller; one that does is logged.
room_list_hooks: list[Callable[[list[Room]], None]] = []


def broadcast_lobby_changed(rooms: Iterable[Room] = ()) -> None:
    """Tell the lobby's listeners (games.table.lobby_socket) and ``room_list_hooks``
    that ``rooms`` (when known) changed their place in the lists. The lobby lists only
    listed rooms: a change of unlisted ones alone (a club's, a tournament's) is not its."""
    rooms = list(rooms)
    for hook in room_list_hooks:
        try:
            hook(rooms)
        except Exception:
            logger.exception("a list of rooms could not be told of a change")
    if not rooms or any(room.listed for room in rooms):
        tell_group(LOBBY_GROUP, {"type": "lobby.changed"})


def tell_group(group: str, message: dict) -> None:
    """Send ``message`` to a group of pages from synchronous code (after a commit). A
    lost message costs a page one change, which its next change or load shows: it is
    logged, not raised into the work that made the change."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        logger.exception("could not tell the group %s of a change", group)


def notify_lobby_on_commit(room: Room | None = None) -> None:
    """Rooms opened, seats taken or freed, rounds started or ended: not single moves."""
    rooms = [room] if room is not None else []
    transaction.on_commit(lambda: broadcast_lobby_changed(rooms))


def broadcast_watching(room: Room) -> None:
    """The owner switched watching: those watching leave (at their next load if lost)."""
    tell_group(
        room_group(room.code),
        {"type": "table.watching", "allowed": room.allow_watching, "owner_id": room.owner_id},
    )
