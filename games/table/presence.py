"""Presence: which seated players have their table open in this process.

A player whose table socket is open is "here"; a seat not seen for the grace period
plays itself (``games.play.deadlines``). Writing ``last_seen`` once per socket every few seconds
was a third of the server's database work at fifty tables, so each process keeps its
open sockets here and one task writes them all with a single UPDATE per interval. It is
crash-safe as before: nothing is counted up that a dead process would have to undo;
a process that dies simply stops refreshing its players, who then count as away.
"""

from functools import reduce
from operator import or_

from channels.db import database_sync_to_async
from django.db.models import Q
from django.utils import timezone

from games.models import Seat
from games.table.heartbeat import Heartbeat


def arrived(channel: str, room_id: int, user_id: int) -> None:
    """A table socket opened (its player was marked seen by the caller)."""
    _heartbeat.add(channel, (room_id, user_id))


def departed(channel: str) -> None:
    """A table socket ended, however it ended."""
    _heartbeat.remove(channel)


def open_sockets() -> int:
    return len(_heartbeat.open)


def still_here(room_id: int, user_id: int) -> bool:
    """Has this player another table socket open in this process (a second tab)?"""
    return (room_id, user_id) in _heartbeat.open.values()


def mark_seen(pairs: set[tuple[int, int]]) -> int:
    """One UPDATE for every (room, user) pair: their seats were seen now."""
    if not pairs:
        return 0
    by_room: dict[int, set[int]] = {}
    for room_id, user_id in pairs:
        by_room.setdefault(room_id, set()).add(user_id)
    where = reduce(
        or_, (Q(room_id=room_id, user_id__in=sorted(users)) for room_id, users in by_room.items())
    )
    return Seat.objects.filter(where).update(last_seen=timezone.now(), online=True)


async def _mark_open_sockets_seen(open_sockets: dict) -> None:
    await database_sync_to_async(mark_seen)(set(open_sockets.values()))


_heartbeat = Heartbeat("presence", _mark_open_sockets_seen)
