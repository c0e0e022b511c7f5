"""How many quick phrases one person may send: one every few seconds
(``PHRASE_INTERVAL_SECONDS``) and a few a minute (``PHRASES_PER_MINUTE``), counted in the
cache (shared by every process with Redis) under the person's lock. A phrase too many is
answered on its socket, which stays open."""

import logging
import math
import time

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import ngettext

logger = logging.getLogger(__name__)

PHRASE_WINDOW = 60  # seconds: PHRASES_PER_MINUTE counts the phrases sent in this long


def clock() -> float:
    """Now, in seconds (tests move it forward)."""
    return time.time()


PHRASE_LOCK_SECONDS = 5  # how long a person's list of phrases may stay locked at most


def phrase_refusal(user_id) -> str | None:
    """Count a quick phrase for ``user_id`` and answer None, or, when it would be one too
    many (too soon after the last, or too many in the last minute), answer why and count
    nothing.

    The times of a person's phrases in the last minute are kept in the cache (a sliding
    window: a fixed window would let two through a moment apart at its edge), shared by
    every process with Redis. Reading and writing them is done under the person's lock,
    a key added in one atomic step of the cache: of phrases sent in the same instant
    (through several sockets, several processes) one takes it and the others are too
    quick by definition. The lock lasts a few seconds at most, should a process die
    holding it. A cache that is down lets phrases through, as for requests."""
    key = f"{getattr(settings, 'RATELIMIT_CACHE_PREFIX', 'rl:')}phrases:{user_id}"
    lock = f"{key}:lock"
    cache = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
    try:
        locked = cache.add(lock, 1, PHRASE_LOCK_SECONDS)
    except Exception:
        logger.exception("limits: could not lock the phrases of %s", user_id)
        return None
    if not locked:  # another phrase of theirs is being sent this instant
        return _phrases_too_quick(settings.PHRASE_INTERVAL_SECONDS)
    try:
        return _count_phrase(cache, key, user_id)
    finally:
        try:
            cache.delete(lock)
        except Exception:
            logger.exception("limits: could not unlock the phrases of %s", user_id)


def _count_phrase(cache, key: str, user_id) -> str | None:
    interval = settings.PHRASE_INTERVAL_SECONDS
    per_minute = settings.PHRASES_PER_MINUTE
    now = clock()
    try:
        sent = [t for t in cache.get(key) or [] if now - t < PHRASE_WINDOW]
    except Exception:
        logger.exception("limits: could not read the phrases of %s", user_id)
        return None
    wait = 0.0
    if sent and now - sent[-1] < interval:
        wait = interval - (now - sent[-1])
    if len(sent) >= per_minute:
        wait = max(wait, PHRASE_WINDOW - (now - sent[-per_minute]))
    if wait > 0:
        return _phrases_too_quick(wait)
    sent.append(now)
    try:
        cache.set(key, sent[-per_minute:], PHRASE_WINDOW)
    except Exception:
        logger.exception("limits: could not count a phrase of %s", user_id)
    return None


def _phrases_too_quick(wait: float) -> str:
    seconds = max(1, math.ceil(wait))
    return ngettext(
        "You are sending phrases too quickly. Please wait %(seconds)d second.",
        "You are sending phrases too quickly. Please wait %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}
