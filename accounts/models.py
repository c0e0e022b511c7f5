"""The sessions a person is logged in with, so that they can see them and end them
(``accounts.keeping``).

A row per logged-in session of Django's database session backend: written when a person
logs in (``user_logged_in``, below) and refreshed, at most once a minute, by
``accounts.middleware.DeviceSessionMiddleware`` when the session is used. The row points
at the session itself and goes with it: log-out, "log out everywhere else", expiry
(``manage.py clearsessions``) and the end of an account delete the session, and the
database deletes the row (``on_delete=CASCADE``). Only the browser's User-Agent is kept
(no address): enough to tell one's phone from one's laptop.
"""

import logging

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import IntegrityError, models, transaction
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

USER_AGENT_LENGTH = 300  # enough to tell browsers apart; nobody needs the rest
# The session backends whose sessions are rows of django_session, which a DeviceSession
# points at. With another backend (cache, signed cookies) nothing is recorded.
DATABASE_SESSION_ENGINES = {
    "django.contrib.sessions.backends.db",
    "django.contrib.sessions.backends.cached_db",
}


def sessions_recorded() -> bool:
    return settings.SESSION_ENGINE in DATABASE_SESSION_ENGINES


class DeviceSession(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_sessions"
    )
    # Never shown in a page: the key of a session is the session.
    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="device")
    user_agent = models.CharField(max_length=USER_AGENT_LENGTH, blank=True)
    created = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-last_seen"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return f"{self.user_id} {self.user_agent[:40]}"


# A session's use is written at most once in this many seconds: a key in the cache
# (``touched_key``) says it was written lately (accounts.middleware). Five minutes: the
# list of one's sessions ("Last used") is no worse for it, and at 60 s the write
# came with nearly every table page of an arena's players, each waiting there for
# SQLite's lock behind the moves (benchmarks/bench_arena: 29% of the database thread's
# samples in a wave of tables seated at once).
TOUCH_SECONDS = 300


def touched_key(session_key: str) -> str:
    return f"accounts:device-seen:{session_key}"


def user_agent_of(request) -> str:
    return request.META.get("HTTP_USER_AGENT", "")[:USER_AGENT_LENGTH]


def record(request, user) -> None:
    """Note that ``request``'s session is ``user``'s, used now, from this browser. A
    session not in the database (not saved yet, or deleted meanwhile) is not recorded:
    the middleware records it once it is used."""
    key = getattr(request, "session", None) and request.session.session_key
    if not key or not sessions_recorded():
        return
    now = timezone.now()
    agent = user_agent_of(request)
    try:
        with transaction.atomic():
            updated = DeviceSession.objects.filter(session_id=key, user=user).update(
                last_seen=now, user_agent=agent
            )
            if not updated and Session.objects.filter(pk=key).exists():
                DeviceSession.objects.create(
                    session_id=key, user=user, user_agent=agent, created=now, last_seen=now
                )
    except IntegrityError:
        return  # the session went meanwhile (a log-out in another tab), or was recorded
    try:
        cache.set(touched_key(key), 1, TOUCH_SECONDS)
    except Exception:
        logger.exception("accounts: could not note a session's use in the cache")


@receiver(user_logged_in, dispatch_uid="accounts.record_device_session")
def record_login(sender, request, user, **kwargs) -> None:
    if request is not None:
        record(request, user)


class PendingEmail(models.Model):
    """An e-mail address a person asked to use for password reset, not confirmed yet: one
    at a time (asking for another replaces it). The link sent to it carries a random
    token whose SHA-256 alone is kept here, so that the link confirms this address only,
    once, for this account, within ``accounts.email_address.LINK_DAYS``; a link for an
    address no longer pending (replaced, removed, confirmed) finds nothing."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_email"
    )
    email = models.EmailField(max_length=254)
    token_sha256 = models.CharField(max_length=64)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("e-mail address to confirm")
        verbose_name_plural = _("e-mail addresses to confirm")

    def __str__(self) -> str:
        return f"{self.user_id} {self.email}"


class DeviceGeneration(models.Model):
    """How many times a person has said "log out everywhere else": a known device
    (``accounts.devices``) is known for one generation and one password only, so that a
    browser logged out that way, or from before a password change, guesses past the
    account's lock no more. No row: generation 0."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_generation"
    )
    number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.user_id} {self.number}"
