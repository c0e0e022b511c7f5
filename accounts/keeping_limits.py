"""Limits on the account-keeping pages (``accounts.keeping``), counted by
``xuezhan.limits`` (django-ratelimit's ``get_usage`` in the cache), answered with a
message that says when to come back (status 429), never an error page. The rates are
settings (``xuezhan/settings.py``, "Limits").

- Password-reset requests, per address and per e-mail address asked for, whether an
  account has that address or not (so that the answer tells nothing).
- E-mails sent to one address (reset links and address confirmations together), so that
  the site cannot be used to flood somebody's mailbox.
- Confirmation e-mails a person asks for when setting their address.
- Wrong passwords typed to confirm something (the e-mail address, deleting the account),
  per person: a stolen session must not guess the password through these forms.
- "Log out everywhere else", per person (mildly: it is cheap, but not free).
"""

import unicodedata

from django.utils.translation import ngettext

from xuezhan import limits


def normalised_email(address: str) -> str:
    """An e-mail address as counted: however it is typed (case, full-width letters)."""
    return unicodedata.normalize("NFKC", address.strip()[:320]).casefold()


def _posted_email(group, request) -> str:
    return normalised_email(request.POST.get("email", ""))


def _user(group, request) -> str:
    return str(request.user.pk)


# (group, setting with the rate, key): "ip" is django-ratelimit's client address.
RESETS = [
    ("password-resets-address", "PASSWORD_RESETS_PER_ADDRESS", "ip"),
    ("mails-to-email", "MAILS_PER_EMAIL", _posted_email),
]
EMAIL_CONFIRMATIONS = [
    ("email-confirmations-user", "EMAIL_CONFIRMATIONS_PER_USER", _user),
    ("mails-to-email", "MAILS_PER_EMAIL", _posted_email),
]
PASSWORD_FAILURES = [
    ("password-confirm-failures-user", "PASSWORD_CONFIRM_FAILURES_PER_USER", _user),
]
SESSION_ENDINGS = [("session-endings-user", "SESSION_ENDINGS_PER_USER", _user)]


def _minutes_to_wait(request, counters) -> int | None:
    """Minutes until every counter is under its limit again; None when all are now."""
    seconds = limits.seconds_to_wait(request, counters)
    return None if seconds is None else limits.whole_minutes(seconds)


def reset_refusal(request) -> str | None:
    """Why no reset link may be asked for now (too many from this address, or for this
    e-mail address, lately), or None. Says nothing about whether an account has it."""
    minutes = _minutes_to_wait(request, RESETS)
    if minutes is None:
        return None
    return ngettext(
        "Too many password reset requests. Please try again in %(minutes)d minute.",
        "Too many password reset requests. Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_reset(request) -> None:
    limits.count(request, RESETS)


def email_confirmation_refusal(request) -> str | None:
    minutes = _minutes_to_wait(request, EMAIL_CONFIRMATIONS)
    if minutes is None:
        return None
    return ngettext(
        "Too many confirmation e-mails have been sent lately. "
        "Please try again in %(minutes)d minute.",
        "Too many confirmation e-mails have been sent lately. "
        "Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_email_confirmation(request) -> None:
    limits.count(request, EMAIL_CONFIRMATIONS)


def password_refusal(request) -> str | None:
    """Why the password may not be tried now (too many wrong ones lately), or None."""
    minutes = _minutes_to_wait(request, PASSWORD_FAILURES)
    if minutes is None:
        return None
    return ngettext(
        "Too many wrong passwords. Please try again in %(minutes)d minute.",
        "Too many wrong passwords. Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_password_failure(request) -> None:
    limits.count(request, PASSWORD_FAILURES)


def session_ending_refusal(request) -> str | None:
    minutes = _minutes_to_wait(request, SESSION_ENDINGS)
    if minutes is None:
        return None
    return ngettext(
        "You have logged out your other sessions many times lately. "
        "Please try again in %(minutes)d minute.",
        "You have logged out your other sessions many times lately. "
        "Please try again in %(minutes)d minutes.",
        minutes) % {"minutes": minutes}


def count_session_ending(request) -> None:
    limits.count(request, SESSION_ENDINGS)
