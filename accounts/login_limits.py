"""Limits on log-ins and sign-ups: failed log-ins per account and per address, accounts
created per address. Counted in the cache before the password is tried or the account
created (``common.limits.admit``); the numbers are settings (``xuezhan/settings.py``,
"Limits")."""

import unicodedata

from django.utils.translation import ngettext

from common.counters import Counter
from common.limits import Admission, admit, seconds_to_wait, whole_minutes


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
LOGIN_FAILURES_ACCOUNT = Counter("login-failures-account", "LOGIN_FAILURES_PER_ACCOUNT", _account)
LOGIN_FAILURES_ADDRESS = Counter("login-failures-address", "LOGIN_FAILURES_PER_ADDRESS", "ip")
SIGNUPS = [Counter("signups-address", "SIGNUPS_PER_ADDRESS", "ip")]


def login_failures_message(wait: int) -> str:
    minutes = whole_minutes(wait)
    return ngettext(
        "Too many failed log-ins. Please try again in %(minutes)d minute.",
        "Too many failed log-ins. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


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
        minutes,
    ) % {"minutes": minutes}


def admit_signup(request) -> Admission:
    """Count an account created from this request's address before creating it; the
    view gives the place back when the form had a mistake and nothing was created."""
    return admit(request, SIGNUPS)
