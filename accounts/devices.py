"""Browsers a player has logged in from before ("known devices"), so that a lock-out
after too many failed log-ins (``accounts.login_limits``) does not lock the real owner out.

Anybody may type any player's name and fail ten times: if that locked the account for
everybody, anybody could keep any player out of their own account. Every successful
log-in therefore leaves a long-lived cookie in the browser, signed by the server
(``django.core.signing``: nobody can write one for an account they never logged in
to), naming the accounts that browser logged in to, each with a stamp of the account's
password and device generation: a password change or "log out everywhere else" makes
every other browser unknown again. A log-in whose account is locked
is still tried from such a browser for that very account; every other browser waits.
The limit per address still holds for all.

Why not a delay that grows with each failure instead of a lock-out: a delay still
lets anybody make every player wait (the attacker's failures slow the owner too), it
holds a request (and a server worker) open for every guess, and spread over many
addresses the guesses go on at the same pace. The cookie keeps the guesser locked out
and lets the owner in at once, from the browsers they use.
"""

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils.crypto import constant_time_compare, salted_hmac

from accounts.backends import named_user
from accounts.models import DeviceGeneration

COOKIE = "known_device"
SALT = "accounts.devices.known-device"
MAX_AGE = 365 * 24 * 3600  # a year: the browsers a player uses
REMEMBERED = 5  # accounts one browser remembers (a family's shared computer), latest kept


def _stamp(user) -> str:
    """What a browser's cookie must hold for ``user`` to be known: a digest of their
    present password's hash and of their device generation, so that a password change
    or "log out everywhere else" (``forget_others``) makes every older cookie unknown."""
    generation = (
        DeviceGeneration.objects.filter(user=user).values_list("number", flat=True).first() or 0
    )
    return salted_hmac(
        SALT, f"{user.pk}|{user.password}|{generation}", algorithm="sha256"
    ).hexdigest()[:32]


def _remembered(request) -> list[tuple[int, str]]:
    """The (account, stamp) pairs of this browser's signed cookie; none when it has no
    cookie, or a forged, expired or older-format one."""
    value = request.COOKIES.get(COOKIE)
    if not value:
        return []
    try:
        pairs = signing.loads(value, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # forged, altered, or older than MAX_AGE
        return []
    if not isinstance(pairs, list):
        return []
    return [
        (pair[0], pair[1])
        for pair in pairs
        if isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], int)
        and isinstance(pair[1], str)
    ]


def accounts_known(request) -> list[int]:
    """The accounts this browser has logged in to, by its signed cookie (at most
    ``REMEMBERED``): to tell a table that two of its players share one browser
    (games.rooms.origins)."""
    return [pk for pk, _stamp_held in _remembered(request)]


def knows(request, username: str) -> bool:
    """Whether this browser has logged in before to the account ``username`` logs in as
    (the name as the log-in form cleaned it): the same account, not a name like it, since
    its password last changed and since it last logged out everywhere else."""
    pairs = _remembered(request)
    if not pairs:
        return False  # most requests: no query
    user = named_user(username)
    if user is None:
        return False
    stamp = _stamp(user)
    return any(pk == user.pk and constant_time_compare(held, stamp) for pk, held in pairs)


def forget_others(user) -> None:
    """Make every browser that knows ``user`` now unknown (one more generation); the
    caller remembers its own again (``remember``)."""
    with transaction.atomic():
        generation, _created = DeviceGeneration.objects.select_for_update().get_or_create(user=user)
        generation.number += 1
        generation.save(update_fields=["number"])


def remember(request, response, user) -> None:
    """After ``user`` logged in (or changed their password, or logged out everywhere
    else): set (or renew) the cookie that makes this browser a known device for them.
    httponly (no script reads it), Lax (not sent by other sites' forms), over HTTPS only
    where the session cookie is (HTTPS=1 sets both)."""
    pairs = [[user.pk, _stamp(user)]] + [
        [pk, stamp] for pk, stamp in _remembered(request) if pk != user.pk
    ]
    response.set_cookie(
        COOKIE,
        signing.dumps(pairs[:REMEMBERED], salt=SALT),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
