"""Counters of requests in the cache, counted *before* the work they limit.

A limit that first asks "how many so far?" and counts only after the work lets every
request sent in the same instant through: each one reads the same count. Here a request
takes its place first, with one atomic step of the cache (``add`` of a new window's key,
else ``incr``: one Redis command each, under a lock in the process's own memory), and is
refused when the place it got is past the limit. A request whose work turns out not to
count (a log-in whose password was right, a sign-up form with a mistake in it) gives its
place back (``give_back``).

Windows are fixed, as django-ratelimit's were (the limits' rates and keys are kept from
it): each key's window ends at its own second of the period, so that not every counter
starts again at once. A cache that is down must neither lock everybody out nor answer with
an error page: the request goes on uncounted.
"""

import hashlib
import ipaddress
import logging
import re
import time
import zlib
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches

logger = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"^(\d+)/(\d*)([smhd])$")
EXPIRY_MARGIN = 5  # seconds a key outlives its window, so that it is never read as new


def clock() -> float:
    """Now, in seconds (tests hold it still for the length of a test)."""
    return time.time()


def split_rate(rate: str) -> tuple[int, int]:
    """ "10/15m" -> (10, 900): how many in how many seconds."""
    match = RATE.match(rate.strip())
    if match is None:
        raise ValueError(f"not a rate: {rate!r}")
    count, times, unit = match.groups()
    return int(count), int(times or 1) * PERIODS[unit]


def client_address(request) -> str:
    """The address a request came from: REMOTE_ADDR, or the header the proxy in front
    writes it in (``RATELIMIT_IP_META_KEY``); an IPv6 address by its network
    (``RATELIMIT_IPV6_MASK``, /64), since one machine is given a whole one."""
    meta_key = getattr(settings, "RATELIMIT_IP_META_KEY", None) or "REMOTE_ADDR"
    raw = (request.META.get(meta_key) or "").split(",")[0].strip()
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw or "unknown"
    if address.version == 6:
        mask = getattr(settings, "RATELIMIT_IPV6_MASK", 64)
        return str(ipaddress.ip_network(f"{address}/{mask}", strict=False).network_address)
    return str(address)


@dataclass(frozen=True)
class Counter:
    """One limit: its group (a name), the setting that holds its rate ("10/15m"), and
    what it counts by: a function of the request, or "ip" for the client's address."""

    group: str
    setting: str
    key: object

    def value(self, request) -> str:
        if self.key == "ip":
            return client_address(request)
        return str(self.key(self.group, request))

    def rate(self) -> tuple[int, int]:
        return split_rate(getattr(settings, self.setting))


def _window_end(value: str, period: int, now: int) -> int:
    """The end of the window ``now`` falls in, for this value (its own second of the
    period, from a checksum of the value)."""
    end = now - now % period + zlib.crc32(value.encode()) % period
    return end + period if end < now else end


def _cache():
    return caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]


@dataclass(frozen=True)
class Place:
    """A place taken in one counter's window: its key, its number, and the seconds until
    the window ends."""

    key: str
    number: int
    limit: int
    seconds_left: int

    @property
    def over(self) -> bool:
        return self.number > self.limit


def _where(counter: Counter, request) -> tuple[str, int, int, int]:
    limit, period = counter.rate()
    value = counter.value(request)
    now = int(clock())
    end = _window_end(value, period, now)
    prefix = getattr(settings, "RATELIMIT_CACHE_PREFIX", "rl:")
    digest = hashlib.sha256(f"{counter.group}|{limit}/{period}|{value}|{end}".encode())
    return prefix + digest.hexdigest(), limit, period, max(end - now, 1)


def take(request, counter: Counter) -> Place | None:
    """Take the next place in ``counter``'s window (one atomic step); None when the cache
    could not count."""
    try:
        key, limit, period, left = _where(counter, request)
        cache = _cache()
        if cache.add(key, 1, period + EXPIRY_MARGIN):
            number = 1
        else:
            number = cache.incr(key)
    except Exception:
        logger.exception("limits: could not count %s", counter.group)
        return None
    return Place(key=key, number=number, limit=limit, seconds_left=left)


def give_back(place: Place | None) -> None:
    """Give a place back: what it was taken for did not count after all."""
    if place is None:
        return
    try:
        _cache().decr(place.key)
    except ValueError:
        pass  # the window ended meanwhile: nothing left to give back
    except Exception:
        logger.exception("limits: could not give a place back")


def waiting(request, counter: Counter) -> int | None:
    """Seconds until ``counter`` has room again, without taking a place; None when it
    has room now (or the cache could not tell)."""
    try:
        key, limit, _period, left = _where(counter, request)
        number = _cache().get(key, 0)
    except Exception:
        logger.exception("limits: could not read %s", counter.group)
        return None
    return left if number >= limit else None
