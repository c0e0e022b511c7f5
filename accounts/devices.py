"""Browsers a player has logged in from before ("known devices"), so that a lock-out
after too many failed log-ins (``xuezhan.limits``) does not lock the real owner out.

Anybody may type any player's name and fail ten times: if that locked the account for
everybody, anybody could keep any player out of their own account. Every successful
log-in therefore leaves a long-lived cookie in the browser, signed by the server
(``django.core.signing``: nobody can write one for an account they never logged in
to), naming the accounts that browser logged in to. A log-in whose account is locked
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

from accounts.backends import named_user

COOKIE = "known_device"
SALT = "accounts.devices.known-device"
MAX_AGE = 365 * 24 * 3600  # a year: the browsers a player uses
REMEMBERED = 5  # accounts one browser remembers (a family's shared computer), latest kept


def known_user_ids(request) -> list[int]:
    """The accounts this browser has logged in to, from its signed cookie; none when it
    has no cookie, or a forged or expired one."""
    value = request.COOKIES.get(COOKIE)
    if not value:
        return []
    try:
        ids = signing.loads(value, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # forged, altered, or older than MAX_AGE
        return []
    if not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, int)]


def knows(request, username: str) -> bool:
    """Whether this browser has logged in before to the account ``username`` logs in as
    (the name as the log-in form cleaned it): the same account, not a name like it."""
    ids = known_user_ids(request)
    if not ids:
        return False  # most requests: no query
    user = named_user(username)
    return user is not None and user.pk in ids


def remember(request, response, user) -> None:
    """After ``user`` logged in: set (or renew) the cookie that makes this browser a
    known device for them. httponly (no script reads it), Lax (not sent by other sites'
    forms), over HTTPS only where the session cookie is (HTTPS=1 sets both)."""
    ids = [user.pk] + [i for i in known_user_ids(request) if i != user.pk]
    response.set_cookie(
        COOKIE, signing.dumps(ids[:REMEMBERED], salt=SALT), max_age=MAX_AGE,
        httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE)
