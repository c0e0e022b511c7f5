"""Limits on the account-keeping pages (``accounts.keeping``), counted by
``common.limits`` in the cache, each request before it is let in (``limits.admit``),
answered with a message that says when to come back (status 429), never an error page.
The rates are settings (``xuezhan/settings.py``, "Limits").

- Password-reset requests, per address and per e-mail address asked for, whether an
  account has that address or not (so that the answer tells nothing).
- E-mails sent to one address (reset links and address confirmations together), so that
  the site cannot be used to flood somebody's mailbox.
- Confirmation e-mails a person asks for when setting their address.
- Wrong passwords typed to confirm something (the e-mail address, deleting the account,
  changing the password), per person: a stolen session must not guess the password
  through these forms.
- "Log out everywhere else", per person (mildly: it is cheap, but not free).
"""

import unicodedata

from django.utils.translation import ngettext

from common import limits
from common.counters import Counter


def normalised_email(address: str) -> str:
    """An e-mail address as counted: however it is typed (case, full-width letters)."""
    return unicodedata.normalize("NFKC", address.strip()[:320]).casefold()


def _posted_email(group, request) -> str:
    return normalised_email(request.POST.get("email", ""))


def _user(group, request) -> str:
    return str(request.user.pk)


# "ip" counts by the client's address (``common.counters.client_address``).
RESETS = [
    Counter("password-resets-address", "PASSWORD_RESETS_PER_ADDRESS", "ip"),
    Counter("mails-to-email", "MAILS_PER_EMAIL", _posted_email),
]
EMAIL_CONFIRMATIONS = [
    Counter("email-confirmations-user", "EMAIL_CONFIRMATIONS_PER_USER", _user),
    Counter("mails-to-email", "MAILS_PER_EMAIL", _posted_email),
]
PASSWORD_FAILURES = [
    Counter("password-confirm-failures-user", "PASSWORD_CONFIRM_FAILURES_PER_USER", _user),
]
SESSION_ENDINGS = [Counter("session-endings-user", "SESSION_ENDINGS_PER_USER", _user)]


def _minutes(admission) -> int:
    return limits.whole_minutes(admission.wait)


def admit_reset(request):
    """Count a reset request before answering it (per address, per e-mail address asked
    for); refused after too many lately. Says nothing about whether an account has it.
    The view gives the count back when the form had a mistake and nothing was sent."""
    return limits.admit(request, RESETS)


def reset_message(admission) -> str:
    minutes = _minutes(admission)
    return ngettext(
        "Too many password reset requests. Please try again in %(minutes)d minute.",
        "Too many password reset requests. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def admit_email_confirmation(request):
    """Count a confirmation e-mail before sending it."""
    return limits.admit(request, EMAIL_CONFIRMATIONS)


def email_confirmation_message(admission) -> str:
    minutes = _minutes(admission)
    return ngettext(
        "Too many confirmation e-mails have been sent lately. "
        "Please try again in %(minutes)d minute.",
        "Too many confirmation e-mails have been sent lately. "
        "Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def admit_password_try(request):
    """Count a password typed to confirm something as wrong before it is checked, so
    that guesses sent together cannot all be tried; the form gives the count back when
    the password was right (``accounts.keeping.PasswordConfirmed``)."""
    return limits.admit(request, PASSWORD_FAILURES)


def password_message(admission) -> str:
    minutes = _minutes(admission)
    return ngettext(
        "Too many wrong passwords. Please try again in %(minutes)d minute.",
        "Too many wrong passwords. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def admit_session_ending(request):
    return limits.admit(request, SESSION_ENDINGS)


def session_ending_message(admission) -> str:
    minutes = _minutes(admission)
    return ngettext(
        "You have logged out your other sessions many times lately. "
        "Please try again in %(minutes)d minute.",
        "You have logged out your other sessions many times lately. "
        "Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
