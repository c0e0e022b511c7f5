"""Telling the sockets after commit: a table changed (with the move's snapshot, rendered
from memory by the process that made it), the lobby changed, watching was switched."""

import copy
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from games.models import Room, Round
from games.play import deadlines
from games.play.snapshot import TableSnapshot, snapshot_of_move
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
    change = uuid.uuid4().hex
    shown_here = False
    if snapshot is not None:
        offer_snapshot(room.pk, change, snapshot)
        if local_delivery is not None:
            shown_here = local_delivery(room.pk, snapshot)
    if shown_here and isinstance(layer, InMemoryChannelLayer):
        return
    try:
        async_to_sync(layer.group_send)(
            room_group(room.code),
            {
                "type": "table.changed",
                "version": version,
                "change": change,
                "origin": PROCESS if shown_here else None,
            },
        )
    except Exception:  # a lost notification must never undo a committed move
        logger.exception("could not notify room %s", room.code)


def notify_on_commit(room: Room, version: int | None = None) -> None:
    transaction.on_commit(lambda: broadcast_table_changed(room, version))


def notify_move_on_commit(rnd: Round, engine: EngineRound) -> None:
    """After a move commits, tell the room, handing over the table as this move left it:
    the round as it is now (a later step of the same transaction may change the object),
    the engine of this move, and the seats as committed."""
    moved = copy.copy(rnd)
    seats = deadlines.round_seats(rnd)

    def notify():
        broadcast_table_changed(
            rnd.room, moved.version, snapshot=snapshot_of_move(moved, engine, seats)
        )

    transaction.on_commit(notify)


LOBBY_GROUP = "lobby"


def broadcast_lobby_changed() -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})
    except Exception:
        logger.exception("could not notify the lobby")


def notify_lobby_on_commit() -> None:
    """Rooms opened, seats taken or freed, rounds started or ended: not single moves."""
    transaction.on_commit(broadcast_lobby_changed)


def broadcast_watching(room: Room) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            room_group(room.code),
            {"type": "table.watching", "allowed": room.allow_watching, "owner_id": room.owner_id},
        )
    except Exception:  # those watching leave at their next page load
        logger.exception("could not tell room %s that watching changed", room.code)
