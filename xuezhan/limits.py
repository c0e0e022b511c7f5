"""Limits on what one person or one address may use, so that nobody can wear the site out
for the others: failed log-ins, sign-ups, rooms waiting for players, quick phrases at the
table, open sockets.

A limit reached is answered, never with an error page: a form says why and when to come
back (status 429), a socket says why and closes with ``CLOSE_TOO_MANY``, a phrase too
many is answered on its socket, which stays open. The numbers are
settings (``xuezhan/settings.py``, "Limits").

Requests are counted by django-ratelimit in the cache, which Redis shares between
processes; sockets are counted in the memory of the process that holds them.
"""

import ipaddress
import logging
import math
import time
import unicodedata
from collections import Counter

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage

logger = logging.getLogger(__name__)

# A socket closed for being over a limit (4000-4999 are the application's own codes; the
# browser's htmx does not reconnect on them).
CLOSE_TOO_MANY = 4429


# --- Requests: counted in the cache ----------------------------------------------------


def _account(group, request) -> str:
    """The account a log-in names, however it is typed: normalised (NFKC) as the user
    name field normalises it, and without regard to case, as log-in matches names."""
    name = request.POST.get("username", "")[:200]  # longer is no user name anyway
    return unicodedata.normalize("NFKC", name).casefold()


# (group, setting with the rate, key): "ip" is django-ratelimit's client address.
LOGIN_FAILURES = [
    ("login-failures-account", "LOGIN_FAILURES_PER_ACCOUNT", _account),
    ("login-failures-address", "LOGIN_FAILURES_PER_ADDRESS", "ip"),
]
SIGNUPS = [("signups-address", "SIGNUPS_PER_ADDRESS", "ip")]


def _usage(request, group: str, setting: str, key, *, increment: bool) -> dict | None:
    try:
        return get_usage(request, group=group, key=key, rate=getattr(settings, setting),
                         increment=increment)
    except Exception:
        # A cache that is down must neither lock everybody out nor answer with an error
        # page: the request goes on uncounted.
        logger.exception("limits: could not count %s", group)
        return None


def _seconds_to_wait(request, counters) -> int | None:
    """How long until every counter is under its limit again; None when all are now."""
    waits = []
    for group, setting, key in counters:
        usage = _usage(request, group, setting, key, increment=False)
        if usage is not None and usage["count"] >= usage["limit"]:
            waits.append(max(usage["time_left"], 1))
    return max(waits) if waits else None


def _count(request, counters) -> None:
    for group, setting, key in counters:
        _usage(request, group, setting, key, increment=True)


def _minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


def login_refusal(request) -> str | None:
    """Why this log-in is refused without looking at its password (too many failed
    log-ins for its account, or from its address, lately), or None."""
    wait = _seconds_to_wait(request, LOGIN_FAILURES)
    if wait is None:
        return None
    minutes = _minutes(wait)
    return ngettext(
        "Too many failed log-ins. Please try again in %(minutes)d minute.",
        "Too many failed log-ins. Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_failed_login(request) -> None:
    _count(request, LOGIN_FAILURES)


def signup_refusal(request) -> str | None:
    """Why no account may be created from this request's address now, or None."""
    wait = _seconds_to_wait(request, SIGNUPS)
    if wait is None:
        return None
    minutes = _minutes(wait)
    return ngettext(
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minute.",
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_signup(request) -> None:
    _count(request, SIGNUPS)


# --- Rooms ----------------------------------------------------------------------------


def waiting_rooms(user) -> int:
    """Rooms the user opened that still wait for their first round with their owner
    seated. Rooms that have played, or that their owner left, do not hold the user to
    anything (and the owner cannot close a room: counting them would lock them out)."""
    from games.models import Room

    return Room.objects.filter(owner=user, status=Room.Status.OPEN, rounds__isnull=True,
                               seats__user=user).count()


def room_refusal(user) -> str | None:
    """Why ``user`` may not open another room now, or None."""
    waiting = waiting_rooms(user)
    if waiting < settings.OPEN_ROOMS_PER_USER:
        return None
    return ngettext(
        "You already have %(count)d room waiting for players. Play a round there, "
        "or leave it, before you open another.",
        "You already have %(count)d rooms waiting for players. Play a round in one, "
        "or leave one, before you open another.",
        waiting) % {"count": waiting}


# --- Quick phrases: each person's recent ones, in the cache -----------------------------

PHRASE_WINDOW = 60  # seconds: PHRASES_PER_MINUTE counts the phrases sent in this long


def clock() -> float:
    """Now, in seconds (tests move it forward)."""
    return time.time()


def phrase_refusal(user_id) -> str | None:
    """Count a quick phrase for ``user_id`` and answer None, or, when it would be one too
    many (too soon after the last, or too many in the last minute), answer why and count
    nothing.

    The times of a person's phrases in the last minute are kept in the cache (a sliding
    window: a fixed window would let two through a moment apart at its edge), shared by
    every process with Redis. Reading and writing them is not one step; two phrases of
    one person in the same instant through two processes could both pass, which is
    harmless. A cache that is down lets phrases through, as for requests."""
    interval = settings.PHRASE_INTERVAL_SECONDS
    per_minute = settings.PHRASES_PER_MINUTE
    key = f"{getattr(settings, 'RATELIMIT_CACHE_PREFIX', 'rl:')}phrases:{user_id}"
    cache = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
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
        seconds = max(1, math.ceil(wait))
        return ngettext(
            "You are sending phrases too quickly. Please wait %(seconds)d second.",
            "You are sending phrases too quickly. Please wait %(seconds)d seconds.",
            seconds) % {"seconds": seconds}
    sent.append(now)
    try:
        cache.set(key, sent[-per_minute:], PHRASE_WINDOW)
    except Exception:
        logger.exception("limits: could not count a phrase of %s", user_id)
    return None


# --- Sockets: counted in each process ---------------------------------------------------


class OpenSockets:
    """How many sockets each key (a person, an address) has open in this process.

    In memory, because that is where the sockets are: every connect and every clean-up
    runs on the process's one event loop (so no lock), and a process that ends takes its
    sockets and their counts with it. With several processes, each counts its own.
    """

    def __init__(self, setting: str, message) -> None:
        self.setting = setting
        self.message = message  # what the refused socket is told (translated there)
        self.open: Counter = Counter()

    def take(self, key) -> bool:
        """Count one more socket for ``key``, unless that would be over the limit."""
        if self.open[key] >= getattr(settings, self.setting):
            return False
        self.open[key] += 1
        return True

    def give_back(self, key) -> None:
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]


TABLE_SOCKETS = OpenSockets(
    "TABLE_SOCKETS_PER_USER",
    _("You have too many tables open (in windows or tabs). Close one, then reload this "
      "page."))
ANONYMOUS_LOBBY_SOCKETS = OpenSockets(
    "ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS",
    _("Too many lobby pages are open from your network. Close some, or log in."))


def socket_address(scope) -> str:
    """The address a socket came from, counted as for requests: an IPv6 address by its
    network (/64), since one machine is given a whole one."""
    client = scope.get("client")
    if not client:
        return "unknown"  # a unix socket: the proxy in front must say (--proxy-headers)
    try:
        address = ipaddress.ip_address(client[0])
    except ValueError:
        return str(client[0])
    if address.version == 6:
        mask = getattr(settings, "RATELIMIT_IPV6_MASK", 64)
        return str(ipaddress.ip_network(f"{address}/{mask}", strict=False).network_address)
    return str(address)


def forget_sockets() -> None:
    """For tests: start counting sockets from nothing."""
    TABLE_SOCKETS.open.clear()
    ANONYMOUS_LOBBY_SOCKETS.open.clear()
