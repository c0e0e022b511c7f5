"""The timer loop inside the web process: what is due (a computer's move, a missed
deadline, an unattended next round) happens here, through ``games.play.steps``.

It starts with the first request the process serves (daphne has no start-up hook) and
sleeps until the next deadline, or until a consumer says the table changed. Several
processes, and ``manage.py run_worker``, may run it at once: ``advance_due_rounds``
claims each due round under a lock, so nothing happens twice. Each process takes the
steps of the rooms whose sockets it holds at once (it renders them from memory for those
sockets) and those of other rooms only when they are overdue
(``settings.TIMER_TAKEOVER_SECONDS``: their process died or is draining).
"""

import asyncio
import logging
from collections.abc import Callable

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from games.play import deadlines, outage
from games.play.steps import advance_due_rounds
from games.rooms import idle_rooms
from games.table import local_sockets

logger = logging.getLogger(__name__)

IDLE_SECONDS = 1.0  # look again at least this often: another process may set deadlines

# Called once a loop (about every IDLE_SECONDS, sooner when woken), on the database
# thread: a feature's own clock (tournaments.clock.tick). One that raises is logged.
periodic_hooks: list[Callable[[], None]] = []

_task: asyncio.Task | None = None
_wake: asyncio.Event | None = None


def start() -> None:
    """Start the loop in the running event loop, once (and again after a new loop)."""
    global _task, _wake
    if not settings.IN_PROCESS_DRIVER:
        return
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and _task.get_loop() is loop:
        return
    _wake = asyncio.Event()
    _task = loop.create_task(_run(_wake))
    if _deadline_set not in deadlines.deadline_listeners:
        deadlines.deadline_listeners.append(_deadline_set)


def _deadline_set(deadline) -> None:
    """A committed change set a deadline (from any thread): a computer's move due
    before the loop's next look wakes it now; later deadlines wait for that look."""
    task, wake_event = _task, _wake
    if task is None or task.done() or wake_event is None:
        return
    if (deadline - timezone.now()).total_seconds() >= IDLE_SECONDS:
        return
    task.get_loop().call_soon_threadsafe(wake_event.set)


def wake() -> None:
    """Something changed: look at the deadlines now rather than at the next tick."""
    start()
    if _wake is not None and _task is not None and _task.get_loop() is asyncio.get_running_loop():
        _wake.set()


def stop() -> None:
    global _task
    if _task is not None:
        _task.cancel()
        _task = None


def _run_periodic_hooks() -> None:
    for hook in list(periodic_hooks):
        try:
            hook()
        except outage.DATABASE_AWAY:
            raise
        except Exception:
            logger.exception("the timer loop: %s failed", getattr(hook, "__qualname__", hook))


async def _run(wake_event: asyncio.Event) -> None:
    takeover = settings.TIMER_TAKEOVER_SECONDS
    step_due = database_sync_to_async(advance_due_rounds)
    resume_clocks = database_sync_to_async(outage.resume_clocks_if_met_away)

    here_now: set[int] = set()

    async def advance():
        # The rooms are read here, on the loop that adds and removes sockets.
        here_now.clear()
        here_now.update(local_sockets.rooms())
        return await step_due(here=set(here_now), takeover=takeover, stepped=adopt_from_thread)

    def adopt_from_thread(room_id: int) -> None:
        # Called on the database thread; the registry belongs to the loop. A room held
        # here already needs nothing; one whose people sit in another live process (it
        # was only slow) stays that process's.
        if room_id in here_now or deadlines.held_by_a_live_process(room_id):
            return
        loop.call_soon_threadsafe(local_sockets.adopt, room_id)

    loop = asyncio.get_running_loop()

    sweep = database_sync_to_async(idle_rooms.sweep_if_due)
    run_hooks = database_sync_to_async(_run_periodic_hooks)
    while True:
        try:
            if outage.met_away():  # first, once the database is back
                await resume_clocks()
            if idle_rooms.sweep_due():  # once a minute: rooms nobody has been at close
                await sweep()
            if periodic_hooks:
                await run_hooks()
            wait = await advance()
        except asyncio.CancelledError:
            raise
        except outage.DATABASE_AWAY as exc:
            logger.warning("the timer loop: database away: %s", exc)
            outage.noticed_away()
            wait = IDLE_SECONDS
        except Exception:
            logger.exception("the timer loop failed; trying again")
            wait = IDLE_SECONDS
        timeout = IDLE_SECONDS if wait is None else min(max(wait, 0.01), IDLE_SECONDS)
        # asyncio.timeout, not wait_for: wait_for can swallow a cancellation that arrives
        # as the event is set (a wake from another thread), and the loop would never stop.
        try:
            async with asyncio.timeout(timeout):
                await wake_event.wait()
        except TimeoutError:
            pass
        wake_event.clear()
