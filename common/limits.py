"""Limits on what one person or one address may use, so that nobody can wear the site out
for the others: the machinery every limit of the site is built of. The limits themselves
live with what they limit: failed log-ins and sign-ups in ``accounts.login_limits`` (and
``accounts.keeping_limits``), rooms waiting for players in ``games.rooms.room_limits``,
quick phrases in ``games.table.phrase_limits``, open sockets in
``games.table.socket_limits``.

A limit reached is answered, never with an error page: a form says why and when to come
back (status 429), a phrase too many is answered on its socket, which stays open. A
socket too many is let in and the same person's (or address's) oldest socket closes
instead, saying why (``CLOSE_REPLACED``: the newest wins). The numbers are
settings (``xuezhan/settings.py``, "Limits").

Requests are counted in the cache (``common.counters``), which Redis shares between
processes, each one before it is let in: requests sent together cannot all pass. Rooms
are counted in the database under a lock of their owner's row. Sockets are counted in the
memory of the process that holds them.
"""

import ipaddress
import math

from django.conf import settings

from common import counters

# A socket refused for being over a limit (4000-4999 are the application's own codes;
# htmx does not reconnect on them, the page's static/js/socket-retry.js does on this one,
# later and later: 2 s, 4 s, 8 s … up to a minute).
CLOSE_TOO_MANY = 4429


# --- Requests: counted in the cache, before the work ----------------------------------


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
            later = seconds_to_wait(request, limited[index + 1 :]) or 0
            admission = Admission(places, max(place.seconds_left, later))
            admission.give_back()
            return admission
    extra = [counters.take(request, counter) for counter in also_counted]
    return Admission(places + extra, None)


def seconds_to_wait(request, limited) -> int | None:
    """How long until every counter of ``limited`` has room again, without counting;
    None when all have room now."""
    waits = [
        wait for counter in limited if (wait := counters.waiting(request, counter)) is not None
    ]
    return max(waits) if waits else None


def whole_minutes(seconds: int) -> int:
    """A wait in whole minutes to tell a person, at least one."""
    return max(1, math.ceil(seconds / 60))


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
