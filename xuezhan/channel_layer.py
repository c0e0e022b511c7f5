"""The channel layers: the in-memory one of the one-process default, made to scale with
sockets, and the Redis one of a deployment, made to ride out a Redis restart.

The in-memory layer:

Channels' ``InMemoryChannelLayer`` looks for expired messages in every channel on every
send and receive. With two hundred table sockets that walk, repeated for each of them,
was a noticeable share of a busy server's time. Messages expire after a minute, so
looking once a second loses nothing.
"""

import asyncio
import logging
import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryLayer
from channels_redis.core import RedisChannelLayer
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class InMemoryChannelLayer(ChannelsInMemoryLayer):
    CLEAN_EVERY_SECONDS = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < self.CLEAN_EVERY_SECONDS:
            return
        self._cleaned_at = now
        super()._clean_expired()


class ResilientRedisChannelLayer(RedisChannelLayer):
    """The Redis layer of a deployment, made to ride out a Redis restart.

    Channels' Redis layer raises to the consumer when Redis goes away, which ends the
    socket, and refuses every reconnecting socket until Redis is back (its group_add
    fails). Here a socket waiting for its next message waits through the outage instead;
    a socket joining a group while Redis is away is let in (the table reaches it from
    memory, games.table.local_sockets); and as Redis started empty, every group
    membership of this process is written again once it answers. Messages sent during
    the outage are lost, as the layer's are at any time: the next change of a table or
    of the lobby brings every page up to date.
    """

    RETRY_SECONDS = 0.5
    REDIS_DOWN = (RedisError, OSError)
    # What the members of a group are sent once their memberships are written again:
    # a message sent to them while Redis was away is lost, and a table whose sockets are
    # split over two processes (a drain, a change of the proxy's hash ring) would leave a
    # page behind on a move made in the other process — a person never shown their turn
    # stood the table still until their clock ran out (15–32 s). So each table socket
    # of this process loads its table again, once per room (games.table.consumers).
    RESYNC = {"room-": {"type": "table.changed", "version": None}}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._memberships: dict[str, set[str]] = {}
        self._outage = 0  # outages seen; memberships are rewritten once for each
        self._rejoined = 0
        self._rejoining = False
        self._watching: asyncio.Task | None = None  # _rejoin_when_back, during an outage

    async def group_add(self, group: str, channel: str) -> None:
        self._memberships.setdefault(group, set()).add(channel)
        try:
            await super().group_add(group, channel)
        except self.REDIS_DOWN as exc:
            self._went_away(exc)

    async def group_discard(self, group: str, channel: str) -> None:
        members = self._memberships.get(group)
        if members is not None:
            members.discard(channel)
            if not members:
                del self._memberships[group]
        try:
            await super().group_discard(group, channel)
        except self.REDIS_DOWN as exc:
            self._went_away(exc)

    async def receive(self, channel: str):
        while True:
            if self._rejoined < self._outage:
                # Before waiting: no message finds a lost member. Once per outage, by
                # the first socket to wait again; the others wait meanwhile.
                await self._rejoin_once()
            try:
                return await super().receive(channel)
            except self.REDIS_DOWN as exc:
                self._went_away(exc)
                await asyncio.sleep(self.RETRY_SECONDS)

    def _went_away(self, exc: BaseException) -> None:
        if self._rejoined == self._outage:
            logger.warning("Redis away (%s): waiting for it", exc)
            self._outage += 1
        self._watch_for_its_return()

    def _watch_for_its_return(self) -> None:
        """Rejoin once Redis answers, whatever the sockets do meanwhile. A socket's wait
        that tried to rejoin while Redis was still away, then began just as it came back,
        waits without an error and would not try again: its process's memberships stayed
        lost, and every page it held heard no move of the other process again (the
        "redis restart, sockets split" fault test, now and then)."""
        if self._watching is not None and not self._watching.done():
            return
        self._watching = asyncio.get_running_loop().create_task(self._rejoin_when_back())

    async def _rejoin_when_back(self) -> None:
        while self._rejoined < self._outage:
            await asyncio.sleep(self.RETRY_SECONDS)
            await self._rejoin_once()

    async def _rejoin_once(self) -> None:
        """``_rejoin``, by one caller at a time (a socket's wait or the watch)."""
        if self._rejoining or self._rejoined >= self._outage:
            return
        self._rejoining = True
        try:
            await self._rejoin()
        finally:
            self._rejoining = False

    async def _rejoin(self) -> None:
        """Redis answers again: write this process's memberships into it again."""
        outage = self._outage
        try:
            for group, members in list(self._memberships.items()):
                for member in list(members):
                    await super().group_add(group, member)
        except self.REDIS_DOWN as exc:
            self._went_away(exc)
            return
        self._rejoined = outage
        logger.warning("Redis back: %d group(s) joined again", len(self._memberships))
        await self._resync(outage)

    async def _resync(self, outage: int) -> None:
        for group, members in list(self._memberships.items()):
            for prefix, message in self.RESYNC.items():
                if not group.startswith(prefix):
                    continue
                # One change for the room: its sockets here share one load of the table.
                change = f"rejoined-{outage}-{group}"
                for member in list(members):
                    try:
                        await super().send(member, {**message, "change": change})
                    except self.REDIS_DOWN as exc:
                        self._went_away(exc)
                        return
