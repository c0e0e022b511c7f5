"""A heartbeat for the sockets of this process: while any is open, one task calls a
function every ``PRESENCE_SECONDS`` with all of them at once.

Players' presence (``games.table.presence``) and watchers (``games.table.watchers``) each
keep one: one UPDATE per interval for every socket of the process, rather than one per
socket, and nothing left running once the last socket has gone (a task left behind
would keep a core busy for no socket at all).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from django.conf import settings

logger = logging.getLogger(__name__)


class Heartbeat:
    def __init__(self, name: str, beat: Callable[[dict], Awaitable[None]]):
        """``beat`` receives a copy of the open sockets, channel name -> what was given."""
        self.name = name
        self._beat = beat
        self.open: dict[str, object] = {}
        self._task: asyncio.Task | None = None

    def add(self, channel: str, value: object) -> None:
        """A socket opened: it is beaten for from now on (the task starts if needed,
        also after a test's event loop has been replaced)."""
        self.open[channel] = value
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self._task = loop.create_task(self._run())

    def remove(self, channel: str) -> None:
        """A socket ended, however it ended; the last one stops the task."""
        self.open.pop(channel, None)
        if not self.open and self._task is not None:
            self._task.cancel()
            self._task = None

    def clear(self) -> None:
        """Tests: start again with no socket."""
        self.open.clear()

    async def _run(self) -> None:
        while self.open:
            await asyncio.sleep(settings.PRESENCE_SECONDS)
            try:
                await self._beat(dict(self.open))
            except asyncio.CancelledError:
                raise
            except Exception:  # the next beat tries again
                logger.exception("%s update failed", self.name)
