"""Draining a web process: SIGTERM (a rolling restart, `supervisorctl stop`, systemd's
stop) moves its players elsewhere before it stops.

1. It stops listening: the proxy's next connection to it is refused, so the proxy sends
   every new request and socket to another process (deploy/nginx.conf.in); /healthz
   answers "draining" on connections still open.
2. Moves being applied finish (at most ``DRAIN_MOVES_SECONDS``).
3. Every open socket is closed with 4012, "reconnect now", and cleans up after itself
   (its player marked gone) while the event loop still runs: the page reconnects by
   itself within a second or so, through the proxy, to another process, which shows the
   table from the database.
4. The timer loop stops (another process takes this one's rooms' deadlines over) and the
   process stops as SIGTERM stopped it before.

The steps that belong to the table (closing its sockets, stopping its timers) are handed
in by the ASGI entry point (``install``), so that this module imports nothing of games.
"""

import asyncio
import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable

from django.conf import settings

logger = logging.getLogger(__name__)

# The WebSocket code after which the page reconnects at once (static/js/socket-retry.js).
# Not 1012, "service restart": the WebSocket library under daphne (autobahn) lets a
# server close only with 1000 or a code from 3000 to 4999.
CLOSE_RECONNECT = 4012

draining = False
_moves_in_flight = 0
_installed_on: asyncio.AbstractEventLoop | None = None


@contextlib.contextmanager
def move_in_flight():
    """Around applying one move: the drain waits for it to be made."""
    global _moves_in_flight
    _moves_in_flight += 1
    try:
        yield
    finally:
        _moves_in_flight -= 1


def install(
    *, close_sockets: Callable[[int], Awaitable[int]], stop_timers: Callable[[], None]
) -> None:
    """Make SIGTERM drain this process (once per event loop; call it in the loop)."""
    global _installed_on
    loop = asyncio.get_running_loop()
    if _installed_on is loop:
        return
    _installed_on = loop
    previous = signal.getsignal(signal.SIGTERM)

    def on_sigterm() -> None:
        if not draining:
            loop.create_task(drain(close_sockets, stop_timers, previous))

    try:
        loop.add_signal_handler(signal.SIGTERM, on_sigterm)
    except (RuntimeError, ValueError):  # not the main thread (tests): no drain on SIGTERM
        _installed_on = None


async def drain(close_sockets, stop_timers, previous=None) -> None:
    global draining
    draining = True
    started = time.monotonic()
    logger.warning("draining: no new connections; moving the open sockets elsewhere")
    stopped = stop_listening()
    await asyncio.sleep(settings.DRAIN_NOTICE_SECONDS)
    await _moves_done(settings.DRAIN_MOVES_SECONDS)
    closed = await close_sockets(CLOSE_RECONNECT)
    await _moves_done(settings.DRAIN_MOVES_SECONDS)  # any that came in before the close
    await asyncio.sleep(0.2)  # for the close frames to leave
    stop_timers()
    logger.warning(
        "drained in %.1f s: %d listening port(s) closed, %d socket(s) moved",
        time.monotonic() - started,
        stopped,
        closed,
    )
    if previous is None:
        return  # a test: the process goes on
    _stop_as_before(previous)


def stop_listening() -> int:
    """Close the server's listening ports (daphne runs on Twisted): new connections are
    refused while the open ones carry on."""
    try:
        from twisted.internet import reactor, tcp
    except ImportError:
        return 0
    if not reactor.running:
        return 0
    ports = [r for r in reactor.getReaders() if isinstance(r, tcp.Port)]
    for port in ports:
        port.stopListening()
    return len(ports)


async def _moves_done(limit: float) -> None:
    give_up = time.monotonic() + limit
    while _moves_in_flight and time.monotonic() < give_up:
        await asyncio.sleep(0.05)


# After the reactor stops, a thread still waiting on the stopped event loop (a late
# database call's own notification) would keep the process alive for ever: it exits
# after this long whatever is left.
EXIT_AFTER_STOP_SECONDS = 10.0


def _stop_as_before(previous) -> None:
    exit_timer = threading.Timer(EXIT_AFTER_STOP_SECONDS, os._exit, args=(0,))
    exit_timer.daemon = True
    exit_timer.start()
    if callable(previous):
        previous(signal.SIGTERM, None)  # Twisted's: stops the reactor, and daphne ends
        return
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
