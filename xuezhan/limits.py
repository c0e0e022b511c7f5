"""Limits on what one person or one address may use, so that nobody can wear the site out
for the others: failed log-ins, sign-ups, rooms waiting for players, quick phrases at the
table, open sockets.

A limit reached is answered, never with an error page: a form says why and when to come
back (status 429), a phrase too many is answered on its socket, which stays open. A
socket too many is let in and the same person's (or address's) oldest socket closes
instead, saying why (``CLOSE_REPLACED``: the newest wins). The numbers are
settings (``xuezhan/settings.py``, "Limits").

Requests are counted in the cache (``xuezhan.counters``), which Redis shares between
processes, each one before it is let in: requests sent together cannot all pass. Rooms
are counted in the database under a lock of their owner's row. Sockets are counted in the
memory of the process that holds them.
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

from xuezhan import counters
from xuezhan.counters import Counter

logger = logging.getLogger(__name__)

# A socket refused for being over a limit (4000-4999 are the application's own codes;
# htmx does not reconnect on them, the page's static/js/socket-retry.js does on this one,
# later and later: 2 s, 4 s, 8 s … up to a minute).
CLOSE_TOO_MANY = 4429


# --- Requests: counted in the cache, before the work ----------------------------------


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


# "ip" counts by the client's address (``counters.client_address``).
LOGIN_FAILURES_ACCOUNT = Counter("login-failures-account", "LOGIN_FAILURES_PER_ACCOUNT",
                                 _account)
LOGIN_FAILURES_ADDRESS = Counter("login-failures-address", "LOGIN_FAILURES_PER_ADDRESS", "ip")
SIGNUPS = [Counter("signups-address", "SIGNUPS_PER_ADDRESS", "ip")]


class Admission:
    """The places one request took in its limits' counters (``counters.take``), before
    doing what they limit: ``wait`` is None when it may go on, else the seconds until it
    may. A request refused has already given its places back; one admitted gives them
    back (``give_back``) when what it did turns out not to count."""

    def __init__(self, places: list, wait: int | None) -> None:
        self.places = places
        self.wait = wait

    @property
    def refused(self) -> bool:
        return self.wait is not None

    def give_back(self) -> None:
        for place in self.places:
            counters.give_back(place)
        self.places = []


def admit(request, limited, *, also_counted=()) -> Admission:
    """Take a place in each counter of ``limited`` in turn, then in every counter of
    ``also_counted`` (which count the request without holding it back); refused (every
    place taken given back) at the first place in ``limited`` past its limit.

    In turn, not all at once, so that requests sent together are held exactly by the
    tightest limit: a request refused by the first counter never takes a place in the
    second, where it would make another request, admitted by the first, refused by the
    second, and fewer than the limit would be let in."""
    places = []
    for index, counter in enumerate(limited):
        place = counters.take(request, counter)
        places.append(place)
        if place is not None and place.over:
            # Told to wait until every limit has room, not only the first one found full.
            later = seconds_to_wait(request, limited[index + 1:]) or 0
            admission = Admission(places, max(place.seconds_left, later))
            admission.give_back()
            return admission
    extra = [counters.take(request, counter) for counter in also_counted]
    return Admission(places + extra, None)


def seconds_to_wait(request, limited) -> int | None:
    """How long until every counter of ``limited`` has room again, without counting;
    None when all have room now."""
    waits = [wait for counter in limited
             if (wait := counters.waiting(request, counter)) is not None]
    return max(waits) if waits else None


def whole_minutes(seconds: int) -> int:
    """A wait in whole minutes to tell a person, at least one."""
    return max(1, math.ceil(seconds / 60))


def login_failures_message(wait: int) -> str:
    minutes = whole_minutes(wait)
    return ngettext(
        "Too many failed log-ins. Please try again in %(minutes)d minute.",
        "Too many failed log-ins. Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def admit_login(request, *, known_device=lambda: False) -> Admission:
    """Count a log-in as failed before its password is tried, for its account and its
    address; refused (without trying the password) when either is past its limit. The
    form gives the places back when the password was right, or never tried.

    Anybody can fail log-ins for any name, so the account's own limit alone would let
    anybody lock a player out. It does not hold a browser that has logged in to that
    account before: ``known_device()``, asked only when the account's limit is reached,
    says so (``accounts.devices``); its failures still count for the account. The
    address's limit holds everybody."""
    admission = admit(request, [LOGIN_FAILURES_ADDRESS, LOGIN_FAILURES_ACCOUNT])
    if not admission.refused:
        return admission
    if seconds_to_wait(request, [LOGIN_FAILURES_ADDRESS]) is None and known_device():
        # Only the account's limit refused, and this browser is the account's own.
        return admit(request, [LOGIN_FAILURES_ADDRESS], also_counted=[LOGIN_FAILURES_ACCOUNT])
    return admission


def signup_message(wait: int) -> str:
    minutes = whole_minutes(wait)
    return ngettext(
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minute.",
        "Too many accounts have been created from your network. "
        "Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def admit_signup(request) -> Admission:
    """Count an account created from this request's address before creating it; the
    view gives the place back when the form had a mistake and nothing was created."""
    return admit(request, SIGNUPS)


# --- Rooms ----------------------------------------------------------------------------


def _waiting(user):
    """The rooms ``user`` opened that wait for players now, whoever sits there (the owner
    too, or not: a room its owner left still waits in the lobby), before their first round
    or between two: a room that has played stays in the lobby as much as one that has
    not. Not a sealed table (the daily challenge's, a set of deals'): nobody waits for
    players there. No join, so that the rooms can be locked on PostgreSQL."""
    from games.models import Room

    return Room.objects.filter(owner=user, status=Room.Status.OPEN, sealed_until__isnull=True)


def lock_owner(user) -> None:
    """Hold ``user``'s row until the transaction ends, so that two requests of theirs that
    count their rooms (or sets) and then open one take turns: otherwise both would count
    the same number and both open one. On SQLite every transaction already holds the
    database's write lock from its start (``transaction_mode`` IMMEDIATE)."""
    from django.contrib.auth import get_user_model

    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def waiting_rooms(user) -> int:
    """How many rooms ``user`` opened that wait for players, seated or not."""
    return _waiting(user).count()


def close_left_rooms(user) -> list[str]:
    """Close the rooms ``user`` opened that wait for players with no person seated (the
    owner left, and nobody else sat down; computers do not count), and tell the lobby;
    their codes. A room left like that waits for nobody, and holds one of its
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
    close first (``close_left_rooms``): leaving a room is how to make way for another.
    Every other room of theirs that waits for players counts, whether or not they still
    sit there, and whether or not it has played a round. Called inside the transaction
    that opens the room, after ``lock_owner``: requests sent together take turns."""
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
        seconds) % {"seconds": seconds}


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
