"""Ending a person's sockets when their sessions end.

A socket is let in by the session cookie it was opened with, once (Channels reads the
user at connect). Ending that session (a log-out, "log out everywhere else", a changed
password, a deleted account) must end the sockets opened with it too, or a table left
open would go on making moves for the player and showing their hand.

- Every socket of a logged-in person, table or lobby, joins the channel-layer group
  ``group_name(user_id)`` and remembers the key of the session it was opened with
  (``SessionSocket``).
- ``end_sockets(user_id, keep_session=K)`` tells the group, on every process, to close
  all of that person's sockets but those of session K (None: all of them). The views
  that end sessions call it. A log-out closes the sockets of the session that logs out
  only (the ``user_logged_out`` receiver below): the person's other sessions are still
  valid, and so are their sockets.
- A socket told so says why on its page and closes with ``CLOSE_SESSION_ENDED``, after
  which the page does not reconnect (static/js/socket-retry.js retries 4012 and 4429
  only; htmx none of 4000-4999).
- Messages of the channel layer can be lost (Redis restarting). So a socket that acts
  for its player also asks, now and then, whether its session still logs the player in
  (``still_logged_in``, as Django judges a request's session): the group message closes
  sockets at once, that check is the safety net.

The message sent to the group is ``{"type": "session.ended", "keep": K}`` (close all but
session K; K None: close all) or ``{"type": "session.ended", "only": K}`` (close session
K's only).

Imported at start-up (``accounts.apps``), so that the receiver is connected. Imports
nothing of ``games``: the sockets use it.
"""

import asyncio
import logging
from importlib import import_module

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

# A socket whose session ended (4000-4999 are the application's own codes, like 4401
# beside HTTP's 401: log in again). The page does not reconnect on it: reconnecting
# would only be refused, or let in as somebody else; the socket has said why on the page.
CLOSE_SESSION_ENDED = 4401

# What such a page is told (#table-error on the table, #lobby-note in the lobby).
SESSION_ENDED_MESSAGE = _(
    "You were logged out (or your password was changed): this page no longer updates. "
    "Reload it to go on."
)

# A view ending sessions waits this long at most for the channel layer (Redis away):
# the sessions are ended all the same, and the sockets' own check closes them.
SEND_TIMEOUT_SECONDS = 2.0


def group_name(user_id: int) -> str:
    """The channel-layer group every socket (table and lobby) of that logged-in user
    joins."""
    return f"sockets-of-user.{int(user_id)}"


def end_sockets(user_id: int, *, keep_session: str | None) -> None:
    """Close every socket of ``user_id`` on every process but those opened with the
    session ``keep_session`` (None: all of them), once the transaction that ends the
    sessions commits (at once outside one). For sync views. A channel layer that is down
    or slow is logged, never raised: the view has ended the sessions, which the sockets
    find out by themselves (``still_logged_in``)."""
    _tell_on_commit(user_id, {"type": "session.ended", "keep": keep_session})


@receiver(user_logged_out, dispatch_uid="accounts.socket_sessions.logged_out")
def _logged_out(sender, request, user, **kwargs) -> None:
    """A log-out ends the sockets of the session that logs out, and no other."""
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if user is None or not getattr(user, "pk", None) or not key:
        return
    _tell_on_commit(user.pk, {"type": "session.ended", "only": key})


def _tell_on_commit(user_id: int, message: dict) -> None:
    try:
        transaction.on_commit(lambda: _tell(user_id, message))
    except Exception:  # a database gone mid-request must not hide the log-out itself
        logger.exception("socket sessions: could not tell the sockets of user %s", user_id)


def _tell(user_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return

    async def send() -> None:
        await asyncio.wait_for(
            layer.group_send(group_name(user_id), message), timeout=SEND_TIMEOUT_SECONDS
        )

    try:
        async_to_sync(send)()
    except Exception:
        logger.exception("socket sessions: could not tell the sockets of user %s", user_id)


def ends(message: dict, session_key: str | None) -> bool:
    """Whether a ``session.ended`` message ends a socket opened with ``session_key``."""
    if "only" in message:
        return session_key is not None and session_key == message["only"]
    keep = message.get("keep")
    return keep is None or session_key != keep


def still_logged_in(session_key: str | None, user_id: int) -> bool:
    """Whether the session ``session_key`` still logs in user ``user_id``, as Django
    judges a request's: the session exists and has not expired, names this user and an
    authentication backend of the site, the backend still lets them in (an active
    account), and it was made with their present password (the session's hash against
    ``get_session_auth_hash``, or a fallback one while the secret key changes). Two
    small queries; synchronous (from a socket, through ``database_sync_to_async``)."""
    if not session_key:
        return False
    data = import_module(settings.SESSION_ENGINE).SessionStore(session_key).load()
    if str(data.get(SESSION_KEY)) != str(user_id):
        return False
    backend_path = data.get(BACKEND_SESSION_KEY)
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return False
    user = load_backend(backend_path).get_user(user_id)
    if user is None:
        return False
    stored = data.get(HASH_SESSION_KEY) or ""
    if not stored or not hasattr(user, "get_session_auth_hash"):
        return False
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return any(constant_time_compare(stored, valid) for valid in hashes)


class SessionSocket:
    """What a Channels consumer of a logged-in person does about their sessions: joins
    the person's group (``join_session_group``, at connect), leaves it
    (``leave_session_group``, when it ends), and closes itself when a ``session.ended``
    message names its session (``end_for_session``): ``say_session_ended`` puts the
    reason on the page first, then nothing more is sent."""

    session_key: str | None = None  # the session the socket was opened with
    session_group: str | None = None  # the group joined, until left
    session_gone = False  # closed for its session: acts for nobody, sends nothing

    async def join_session_group(self, user) -> None:
        session = self.scope.get("session")
        self.session_key = getattr(session, "session_key", None)
        self.session_group = group_name(user.pk)
        try:
            await self.channel_layer.group_add(self.session_group, self.channel_name)
        except Exception:  # let in all the same: its own check ends it (still_logged_in)
            logger.exception("socket sessions: could not join %s", self.session_group)

    async def leave_session_group(self) -> None:
        group, self.session_group = self.session_group, None
        if group is None:
            return
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except Exception:  # left in the group, it is sent messages nobody reads
            logger.debug("socket sessions: could not leave %s", group, exc_info=True)

    async def session_ended(self, message) -> None:
        if self.session_group is not None and ends(message, self.session_key):
            await self.end_for_session()

    async def end_for_session(self) -> None:
        """Say why on the page and close (once); from then on nothing is sent."""
        if self.session_gone:
            return
        await self.say_session_ended(SESSION_ENDED_MESSAGE)
        self.session_gone = True
        await self.close(code=CLOSE_SESSION_ENDED)

    async def say_session_ended(self, message) -> None:
        """Put ``message`` (lazy, to translate in the page's language) on the page."""

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.session_gone:
            return  # the hand of a player who logged out travels no more
        await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
