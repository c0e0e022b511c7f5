"""Limits on what one person or one address may use, so that nobody can wear the site out
for the others: failed log-ins, sign-ups, rooms waiting for players, quick phrases at the
table, open sockets.

A limit reached is answered, never with an error page: a form says why and when to come
back (status 429), a phrase too many is answered on its socket, which stays open. A
socket too many is let in and the same person's (or address's) oldest socket closes
instead, saying why (``CLOSE_REPLACED``: the newest wins). The numbers are
settings (``xuezhan/settings.py``, "Limits").

Requests are counted by django-ratelimit in the cache, which Redis shares between
processes; sockets are counted in the memory of the process that holds them.
"""

import ipaddress
import logging
import math
import time
import unicodedata

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage

logger = logging.getLogger(__name__)

# A socket refused for being over a limit (4000-4999 are the application's own codes;
# htmx does not reconnect on them, the page's static/js/socket-retry.js does on this one,
# later and later: 2 s, 4 s, 8 s … up to a minute).
CLOSE_TOO_MANY = 4429


# --- Requests: counted in the cache ----------------------------------------------------


def login_name(typed: str) -> str:
    """The user name a log-in form looks up for what was typed: stripped of the spaces
    around it (Django's CharField strips), then normalised (NFKC, as UsernameField does),
    in that order, as the form does it."""
    return unicodedata.normalize("NFKC", typed.strip())


def _account(group, request) -> str:
    """The account a log-in names, however it is typed: the name the form looks up
    (``login_name``: " V", "V " and "V" after a tab are all "V", never one more
    account with guesses of its own), without regard to case, as log-in matches names
    (in upper case first: PostgreSQL's UPPER, which matches names in any case, makes a
    dotless "ı" an "I", which casefold alone keeps apart from "i"). Cut to 200
    characters only after that (the field takes 150 at most): cut before, 300 spaces and
    "V" would count apart from "V"."""
    return login_name(request.POST.get("username", "")).upper().casefold()[:200]


# (group, setting with the rate, key): "ip" is django-ratelimit's client address.
LOGIN_FAILURES_ACCOUNT = ("login-failures-account", "LOGIN_FAILURES_PER_ACCOUNT", _account)
LOGIN_FAILURES_ADDRESS = ("login-failures-address", "LOGIN_FAILURES_PER_ADDRESS", "ip")
LOGIN_FAILURES = [LOGIN_FAILURES_ACCOUNT, LOGIN_FAILURES_ADDRESS]
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


def seconds_to_wait(request, counters) -> int | None:
    """How long until every counter is under its limit again; None when all are now.
    ``counters``: (group, setting with the rate, key) each, as the lists below."""
    waits = []
    for group, setting, key in counters:
        usage = _usage(request, group, setting, key, increment=False)
        if usage is not None and usage["count"] >= usage["limit"]:
            waits.append(max(usage["time_left"], 1))
    return max(waits) if waits else None


def count(request, counters) -> None:
    """Count one more for every counter (group, setting with the rate, key)."""
    for group, setting, key in counters:
        _usage(request, group, setting, key, increment=True)


def whole_minutes(seconds: int) -> int:
    """A wait in whole minutes to tell a person, at least one."""
    return max(1, math.ceil(seconds / 60))


def login_refusal(request, *, known_device=lambda: False) -> str | None:
    """Why this log-in is refused without looking at its password (too many failed
    log-ins for its account, or from its address, lately), or None.

    Anybody can fail log-ins for any name, so the account's own limit alone would let
    anybody lock a player out. It does not hold a browser that has logged in to that
    account before: ``known_device()``, asked only when the account's limit is reached,
    says so (``accounts.devices``). The address's limit holds everybody."""
    wait = seconds_to_wait(request, [LOGIN_FAILURES_ADDRESS])
    account_wait = seconds_to_wait(request, [LOGIN_FAILURES_ACCOUNT])
    if account_wait is not None and not known_device():
        wait = max(wait or 0, account_wait)
    if wait is None:
        return None
    minutes = whole_minutes(wait)
    return ngettext(
        "Too many failed log-ins. Please try again in %(minutes)d minute.",
        "Too many failed log-ins. Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_failed_login(request) -> None:
    """Count a log-in whose password was tried and failed, for its account (known
    device or not) and its address, whichever page it came from (the site's log-in or
    the admin's)."""
    count(request, LOGIN_FAILURES)


def signup_refusal(request) -> str | None:
    """Why no account may be created from this request's address now, or None."""
    wait = seconds_to_wait(request, SIGNUPS)
    if wait is None:
        return None
    minutes = whole_minutes(wait)
    return ngettext(
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minute.",
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_signup(request) -> None:
    count(request, SIGNUPS)


# --- Rooms ----------------------------------------------------------------------------


def _waiting(user):
    """The rooms ``user`` opened that wait for their first round, whoever sits there
    (the owner too, or not: a room its owner left still waits in the lobby). No join
    (a subquery for the rounds), so that the rooms can be locked on PostgreSQL."""
    from django.db.models import Exists, OuterRef

    from games.models import Room, Round

    played = Round.objects.filter(room=OuterRef("pk"))
    return Room.objects.filter(owner=user, status=Room.Status.OPEN).exclude(Exists(played))


def waiting_rooms(user) -> int:
    """How many rooms ``user`` opened that wait for their first round, seated or not."""
    return _waiting(user).count()


def close_left_rooms(user) -> list[str]:
    """Close the rooms ``user`` opened that wait for their first round with no person
    seated (the owner left, and nobody else sat down; computers do not count), and tell
    the lobby; their codes. A room left like that waits for nobody, and holds one of its
    owner's rooms (``OPEN_ROOMS_PER_USER``) until it closes: it closes here, when its
    owner opens another, or after the idle time (``games.rooms.idle_rooms``).

    Not when the owner leaves: an owner may stand up to seat four computer players, or
    set their table up for a friend, and the room must stay open for that. Each room is
    re-checked under its lock, as the idle sweep does."""
    from django.db import transaction
    from django.db.models import Exists, OuterRef

    from games.models import Room, Seat
    from games.play.broadcast import broadcast_lobby_changed

    person = Seat.objects.filter(room=OuterRef("pk"), user__isnull=False)
    left = _waiting(user).exclude(Exists(person))
    closed = []
    for pk in list(left.values_list("pk", flat=True)[:100]):
        with transaction.atomic():
            room = left.select_for_update(skip_locked=True).filter(pk=pk).first()
            if room is None:  # somebody sat down, or a round started, meanwhile
                continue
            room.status = Room.Status.CLOSED
            room.save(update_fields=["status"])
            closed.append(room.code)
    if closed:
        transaction.on_commit(broadcast_lobby_changed)  # now, outside a transaction
    return closed


def room_refusal(user) -> str | None:
    """Why ``user`` may not open another room now, or None. The rooms they left empty
    before their first round close first (``close_left_rooms``): leaving a room is how
    to make way for another. Every other room of theirs that waits for its first round
    counts, whether or not they still sit there; rooms that have played do not (they
    were played: the limit is on rooms opened to wait)."""
    close_left_rooms(user)
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

# A socket closed because the same person (or, for visitors, the same address) opened
# one more than their limit allows: the newest wins, the oldest is closed with this code.
# The page says so and does not try again (4000-4999 are the application's own codes;
# htmx reconnects on none of them, and static/js/socket-retry.js not on this one).
CLOSE_REPLACED = 4409


class OpenSockets:
    """The sockets each key (a person, an address) has open in this process, oldest
    first, each by its channel name.

    Over the limit the newest wins: ``take`` counts the new socket and hands back the
    oldest ones beyond the limit, counted no more, for the caller to close with
    ``CLOSE_REPLACED`` (telling them ``message``). A limit that refused the newest would
    let sockets that died without a word (a phone gone to sleep, a reloaded page whose
    goodbye was lost) lock their owner out until the server noticed, up to the ping
    timeout; this way a replaced or dead socket frees its slot at once, and one person
    never holds more than the limit.

    In memory, because that is where the sockets are: every connect and every clean-up
    runs on the process's one event loop (so no lock), and a process that ends takes its
    sockets and their counts with it. With several processes, each counts its own.
    """

    def __init__(self, setting: str, message) -> None:
        self.setting = setting
        self.message = message  # what a replaced socket is told (translated there)
        self.open: dict = {}  # key -> {channel name: None}, oldest first

    def take(self, key, channel: str) -> list[str]:
        """Count ``channel`` for ``key``; the channels it replaces (oldest first)."""
        held = self.open.setdefault(key, {})
        held[channel] = None
        limit = max(1, getattr(settings, self.setting))
        replaced = []
        while len(held) > limit:
            oldest = next(iter(held))
            del held[oldest]
            replaced.append(oldest)
        return replaced

    def give_back(self, key, channel: str) -> None:
        """``channel`` has closed (a replaced one was given back already)."""
        held = self.open.get(key)
        if held is None:
            return
        held.pop(channel, None)
        if not held:
            del self.open[key]

    def count(self, key) -> int:
        return len(self.open.get(key, ()))


TABLE_SOCKETS = OpenSockets(
    "TABLE_SOCKETS_PER_USER",
    _("This page was opened elsewhere (in another window or tab): it no longer updates "
      "here. Reload it to go on here."))
LOBBY_SOCKETS = OpenSockets(
    "LOBBY_SOCKETS_PER_USER",
    _("This page was opened elsewhere (in another window or tab): it no longer updates "
      "here. Reload it to go on here."))
ANONYMOUS_LOBBY_SOCKETS = OpenSockets(
    "ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS",
    _("Too many lobby pages are open from your network: this one no longer updates. "
      "Reload it, or log in."))


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
    for sockets in (TABLE_SOCKETS, LOBBY_SOCKETS, ANONYMOUS_LOBBY_SOCKETS):
        sockets.open.clear()
