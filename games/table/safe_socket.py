"""What every socket of the site shares: a malformed message or a stranger's socket is
refused with a clear code and changes nothing; an error in a handler closes one socket,
never the process; the page's language."""

import asyncio
import logging

from autobahn.exception import Disconnected  # daphne's: a send on a closed socket
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common import limits

logger = logging.getLogger(__name__)


CLOSE_NOT_ALLOWED = 4403


class SafeConsumer:
    """What both sockets share, so that no frame and no failure can take one down.

    - A handler that fails is logged and, for a frame from the browser, answered with an
      error; the socket stays open and usable. One that sent to a page that had just
      closed did not fail.
    - Whatever ends the connection (a close, an error, the server's own shutdown),
      ``clean_up`` runs, once, and a socket counted against a limit (``count_socket``)
      is given back.
    - Over a limit the newest socket wins: the same person's (or address's) oldest is
      told why and closes (``socket_replaced``), so a dead one never locks them out.
    - Channels checks the database connections before every message, on the one thread
      that also applies every move: five trips there per move, queued behind the moves.
      These consumers touch the database only through ``database_sync_to_async``, which
      checks around each call, so the per-message check is skipped.
    """

    cleaned_up = False
    slot: tuple | None = None  # (limits.OpenSockets, key) this socket is counted under

    async def __call__(self, scope, receive, send):
        _open.add(self)
        try:
            await super().__call__(scope, receive, send)
        finally:
            _open.discard(self)
            if self.slot is not None:
                sockets, key = self.slot
                self.slot = None
                sockets.give_back(key, self.channel_name)
            if not self.cleaned_up:
                self.cleaned_up = True
                await self.clean_up()

    async def dispatch(self, message) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            logger.warning("socket: no handler for %r", message.get("type"))
            return
        try:
            await handler(message)
        except (StopConsumer, asyncio.CancelledError):
            raise
        except Disconnected:
            # The page closed as it was sent something (a player leaving a table while
            # the others' changes reach it): nothing went wrong, nobody left to tell.
            logger.debug("socket: closed while handling %r", message.get("type"))
        except Exception:
            logger.exception("socket: handling %r failed", message.get("type"))
            if message.get("type") == "websocket.receive":
                await self.send_error(self.translated(_("The server could not do that.")))

    async def clean_up(self) -> None:
        """Undo what ``connect`` set up; runs exactly once, however the socket ends."""

    def translated(self, text) -> str:
        with translation.override(getattr(self, "language", settings.LANGUAGE_CODE)):
            return str(text)

    async def count_socket(self, sockets: limits.OpenSockets, key) -> None:
        """Count this socket under ``key`` (given back however it ends). Over the limit
        the newest wins: the oldest sockets of ``key`` are counted no more and told to
        close, each through its own channel, so that each closes in its own turn (a
        socket mid-render finishes first); a dead one frees its slot all the same."""
        self.slot = (sockets, key)
        for channel in sockets.take(key, self.channel_name):
            try:
                await self.channel_layer.send(channel, {"type": "socket.replaced"})
            except Exception:  # counted no more all the same: it closes at its ping timeout
                logger.exception("socket: could not tell %s it was replaced", channel)

    async def socket_replaced(self, event) -> None:
        """A newer socket of the same person (or address) took this one's place: the page
        says so, and does not try again (``limits.CLOSE_REPLACED``)."""
        if self.slot is None:
            return  # not counted (any more): nothing to make way for
        sockets, _key = self.slot
        self.slot = None  # given back already: the newer one holds it
        await self.send_replaced_note(self.translated(sockets.message))
        await self.close(code=limits.CLOSE_REPLACED)

    async def send_replaced_note(self, message: str) -> None:
        await self.send_error(message)


def language_of(scope) -> str:
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    supported = dict(settings.LANGUAGES)
    if cookie in supported:
        return cookie
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            for lang, _q in translation.trans_real.parse_accept_lang_header(value.decode()):
                try:
                    return translation.get_supported_language_variant(lang)
                except LookupError:
                    continue
    return settings.LANGUAGE_CODE


# Every socket of either kind open in this process, for a drain (common.drain).
_open: set = set()


async def close_all(code: int, wait_seconds: float = 10.0) -> int:
    """Close every socket of this process with ``code`` and wait (at most
    ``wait_seconds``) until each has cleaned up after itself (its player marked gone,
    their table told), which needs the event loop still running; how many there were."""
    consumers = list(_open)
    for consumer in consumers:
        try:
            await consumer.close(code=code)
        except Exception:  # already gone: nothing to close
            logger.debug("socket: closing for a drain failed", exc_info=True)
    give_up = asyncio.get_running_loop().time() + wait_seconds
    while _open and asyncio.get_running_loop().time() < give_up:
        await asyncio.sleep(0.05)
    return len(consumers)
