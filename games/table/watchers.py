"""Watchers: the people following a table live without a seat there, and their count.

Each watching socket is one ``Watcher`` row, written when it opens and deleted when it
closes, so that every process (several daphne processes behind one site) reads the same
count from the database. Like the players' presence (``games.table.presence``), each
process refreshes the ``last_seen`` of its own rows with one UPDATE per interval (one
``games.table.heartbeat``); a
process that dies stops refreshing, its rows stop counting after ``expiry()`` and the
next sweep deletes them and tells the rooms concerned.

A change of a room's watchers reaches its sockets as ``table.watchers`` with a token, and
the sockets of one process share one count query per token (as they share one load of
the table per move, ``games.play.snapshot``).
"""

import asyncio
import logging
import uuid
from collections import OrderedDict
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from games.models import Room, Watcher
from games.play.broadcast import room_group
from games.rooms import audience
from games.table.heartbeat import Heartbeat

logger = logging.getLogger(__name__)

# The channel layer of this process's sockets, which tells rooms of a dead process's rows.
_layer = None


def expiry() -> timedelta:
    """A row not refreshed for three intervals belongs to a socket that is gone."""
    return timedelta(seconds=3 * settings.PRESENCE_SECONDS)


# --- the database side (called through database_sync_to_async) -------------------------


def watch(*, channel: str, room_id: int, user) -> int | None:
    """Count the socket ``channel`` as ``user`` watching the room, if they may (the owner
    may have switched watching off meanwhile): how many moves behind its play they are
    shown the table (0: as it is; a tournament's, some moves late), read with the same
    room; None when they may not watch."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None or not audience.may_watch(room, user):
        return None
    Watcher.objects.update_or_create(
        channel=channel, defaults={"room": room, "user": user, "last_seen": timezone.now()}
    )
    return audience.watch_delay(room)


def unwatch(*, channel: str) -> None:
    Watcher.objects.filter(channel=channel).delete()


def count(room_id: int) -> int:
    """How many people watch the room now: distinct users with a fresh row (one person
    with two tabs open is one watcher)."""
    return (
        Watcher.objects.filter(room_id=room_id, last_seen__gte=timezone.now() - expiry())
        .values("user")
        .distinct()
        .count()
    )


def refresh(channels: list[str]) -> set[str]:
    """This process's rows were seen now; rows nobody refreshed (a dead process's) are
    deleted. The codes of the rooms that lost watchers so."""
    now = timezone.now()
    if channels:
        Watcher.objects.filter(channel__in=channels).update(last_seen=now)
    stale = Watcher.objects.filter(last_seen__lt=now - expiry())
    codes = set(stale.values_list("room__code", flat=True))
    if codes:
        stale.delete()
    return codes


# --- telling the room --------------------------------------------------------------------


async def tell(layer, room_code: str) -> None:
    """The room's watchers changed: its sockets show the new count."""
    try:
        await layer.group_send(
            room_group(room_code), {"type": "table.watchers", "change": uuid.uuid4().hex}
        )
    except Exception:  # a lost count is shown right at the next change
        logger.exception("could not tell room %s about its watchers", room_code)


_COUNTS: OrderedDict = OrderedDict()
_COUNTS_KEPT = 256
_count_async = database_sync_to_async(count)


async def shared_count(room_id: int, change: str | None) -> int:
    """The count after the change named ``change``: one query per change and process,
    whatever the number of sockets at the table. Without a token, a fresh query."""
    if not change:
        return await _count_async(room_id)
    loop = asyncio.get_running_loop()
    key = (room_id, change)
    pending = _COUNTS.get(key)
    if pending is None or pending.get_loop() is not loop:
        pending = _COUNTS[key] = loop.create_task(_count_async(room_id))
        while len(_COUNTS) > _COUNTS_KEPT:
            _COUNTS.popitem(last=False)
    return await asyncio.shield(pending)


def render_count(count: int, *, oob: bool = False) -> str:
    """The table's "👁 3 watching" line, in the active language (hidden at nought)."""
    return mark_safe(
        render_to_string(  # our own template's escaped HTML
            "games/table/_watchers.html", {"count": count, "oob": oob}
        ).strip()
    )


# --- this process's watching sockets -------------------------------------------------------


def started(channel: str, room_id: int, layer) -> None:
    """A watching socket opened here (its row is written): keep it fresh."""
    global _layer
    _layer = layer
    _heartbeat.add(channel, room_id)


def stopped(channel: str) -> None:
    """A watching socket ended here (its row is deleted by the caller)."""
    _heartbeat.remove(channel)


def forget() -> None:
    """Tests: start again with no socket and no count remembered."""
    _heartbeat.clear()
    _COUNTS.clear()


async def _refresh_open_rows(open_sockets: dict) -> None:
    """Rows of this process seen now, a dead process's deleted, and their rooms told."""
    for code in await database_sync_to_async(refresh)(list(open_sockets)):
        await tell(_layer, code)


_heartbeat = Heartbeat("watchers", _refresh_open_rows)
