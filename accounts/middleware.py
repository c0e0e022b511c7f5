"""Keeps ``accounts.models.DeviceSession`` up to date: when a logged-in session is used,
its "last used" time and browser are written, at most once a minute per session.

The minute is kept in the cache (``cache.add`` of a key that lasts a minute: only the
first request of the minute gets to write; a log-in writes and sets the key too), so
that a page and the dozen requests it makes cost one cache call each and at most one
database write a minute. A cache that is down costs the write on every request, never
the request. The middleware comes after ``AuthenticationMiddleware``.
"""

import logging

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.core.cache import cache

from accounts.models import TOUCH_SECONDS, record, sessions_recorded, touched_key

logger = logging.getLogger(__name__)


def _session_key(request) -> str | None:
    session = getattr(request, "session", None)
    if session is None or not sessions_recorded():
        return None
    return session.session_key  # from the cookie: nothing loaded yet


def _due(session_key: str) -> bool:
    try:
        return cache.add(touched_key(session_key), 1, TOUCH_SECONDS)
    except Exception:
        logger.exception("accounts: the cache is down; recording the session anyway")
        return True


async def _adue(session_key: str) -> bool:
    try:
        return await cache.aadd(touched_key(session_key), 1, TOUCH_SECONDS)
    except Exception:
        logger.exception("accounts: the cache is down; recording the session anyway")
        return True


def _touch(request) -> None:
    user = request.user
    if user.is_authenticated:
        record(request, user)


class DeviceSessionMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        key = _session_key(request)
        if key and _due(key):
            _touch(request)
        return self.get_response(request)

    async def __acall__(self, request):
        key = _session_key(request)
        if key and await _adue(key):
            await sync_to_async(_touch)(request)
        return await self.get_response(request)


def forget_touches(session_key: str) -> None:
    """For tests: let the next request of this session be recorded at once."""
    cache.delete(touched_key(session_key))
