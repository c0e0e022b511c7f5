"""The end of a pause, shown by a socket that loaded the table during it.

The process that made a move shows the end of its pause (a tile nobody took, a win the
round goes on from) by a timer on its event loop (games.play.reveals). A socket that
loaded the table instead (opened during the pause, or told of a move another process
made) cannot know that process is still there to do it: one killed during the pause took
its timer with it, nothing stored changes when a pause ends, and the page showed the tile
on offer until the next decision's deadline, the next player never shown their turn (the
'daphne killed' fault test's table that never moved again). So such a socket ends the
pause on its own page when the hold says it ends, unless something newer reached the
page first (the maker's own end, or a move).
"""

import asyncio
from collections.abc import Awaitable, Callable

from django.utils import timezone

from games.play import offers
from games.play.snapshot import TableSnapshot


class PauseEnd:
    """One page's timer for the end of the pause it shows (at most one at a time)."""

    def __init__(self) -> None:
        self._timer: asyncio.TimerHandle | None = None

    def arm(self, snap: TableSnapshot, show_end: Callable[[TableSnapshot], Awaitable]) -> None:
        """If ``snap`` holds a pause, call ``show_end(snap)`` on this loop when it ends."""
        self.cancel()
        ends = offers.held_until(snap.round) if snap.held is not None and snap.round else None
        if ends is None:
            return
        loop = asyncio.get_running_loop()
        wait = max((ends - timezone.now()).total_seconds(), 0.0)
        self._timer = loop.call_later(wait, lambda: loop.create_task(show_end(snap)))

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
