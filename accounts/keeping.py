"""Keeping an account: resetting a forgotten password by e-mail, the e-mail address it
goes to, the sessions one is logged in with (and ending the others), and deleting the
account.

Each form that could be abused is limited (``accounts.keeping_limits``); a limit reached
is said on the page, with status 429.
"""

import logging
import secrets
import threading
from importlib import import_module

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.sessions.models import Session
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import transaction
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts import devices, hooks, keeping_limits, socket_sessions
from accounts.forms import LimitedPasswordChangeForm, PasswordConfirmed, Refusable
from accounts.models import DeviceSession, record
from common.names import DELETED_NAME

logger = logging.getLogger(__name__)

SITE_NAME = gettext_lazy("Xuezhan Daodi")


# --- Sending e-mail ---------------------------------------------------------------------


def deliver(message: EmailMessage) -> None:
    """Send ``message``: through SMTP in a thread of its own, so that the page answers
    as fast whether a message went or not (a reset for an unknown address sends
    nothing, and a slow SMTP server would tell the difference); with any other backend
    (the console, tests) at once. A message that cannot be sent is logged, never shown:
    the page says the same either way."""

    def send():
        try:
            message.send()
        except Exception:
            logger.exception("accounts: could not send an e-mail")

    if settings.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend":
        threading.Thread(target=send, name="accounts-mail", daemon=True).start()
    else:
        send()


# --- Resetting a forgotten password -----------------------------------------------------


class ResetForm(Refusable, PasswordResetForm):
    """Django's reset form (a link goes to each active account with this address and a
    password), refusable after too many requests, its message rendered in the asker's
    language and sent by ``deliver``."""

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        deliver(EmailMultiAlternatives(subject, body, from_email, [to_email]))


class PasswordResetView(auth_views.PasswordResetView):
    """Asks for an e-mail address and answers the same whether an account has it or
    not: the same page, the same "done" page next, and a limit counted the same. Each
    request counts per address and per e-mail address asked for."""

    form_class = ResetForm
    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password_reset_done")
    extra_email_context = {"site_name": SITE_NAME}

    def post(self, request, *args, **kwargs):
        form = self.get_form()
        admission = keeping_limits.admit_reset(request)  # counted first
        if admission.refused:
            form.refusal = keeping_limits.reset_message(admission)
        if form.is_valid():
            return self.form_valid(form)
        admission.give_back()  # a mistake in the form: nothing was sent
        return self.render_to_response(
            self.get_context_data(form=form), status=429 if form.refusal else 200
        )


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """The link of the e-mail: a new password, twice. Every session of the account,
    here and elsewhere, ends with the old password (Django keeps a hash of it in each),
    and so do their open sockets and known devices."""

    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")

    def form_valid(self, form):
        response = super().form_valid(form)
        socket_sessions.end_sockets(form.user.pk, keep_session=None)
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    """A new password, with the old one (its wrong tries limited per person). The other
    sessions end with the old password (Django keeps a hash of it in each); their open
    sockets close at once, and the browsers that logged in before are known devices no
    more (``accounts.devices``) but this one."""

    form_class = LimitedPasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form):
        response = super().form_valid(form)  # keeps this session (update_session_auth_hash)
        socket_sessions.end_sockets(
            self.request.user.pk, keep_session=self.request.session.session_key
        )
        devices.remember(self.request, response, self.request.user)
        return response

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.refusal:
            response.status_code = 429
        return response


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


# --- Sessions ---------------------------------------------------------------------------

# Markers in a User-Agent and what they say, the first that matches. Edge and Opera say
# "Chrome" too, Chrome says "Safari": the more particular come first.
BROWSERS = [
    ("MicroMessenger", gettext_lazy("WeChat")),
    ("QQBrowser", gettext_lazy("QQ Browser")),
    ("UCBrowser", gettext_lazy("UC Browser")),
    ("SamsungBrowser", "Samsung Internet"),
    ("Edg", "Edge"),
    ("OPR/", "Opera"),
    ("Opera", "Opera"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
]
SYSTEMS = [
    ("HarmonyOS", "HarmonyOS"),
    ("OpenHarmony", "HarmonyOS"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Macintosh", "Mac"),
    ("Linux", "Linux"),
]


def device_name(user_agent: str) -> str:
    """A browser and system from a User-Agent, in a few words ("Chrome · Android")."""
    browser = next((str(name) for mark, name in BROWSERS if mark in user_agent), None)
    system = next((name for mark, name in SYSTEMS if mark in user_agent), None)
    words = [word for word in (browser, system) if word]
    return " · ".join(words) if words else _("Unknown browser")


def _session_store():
    return import_module(settings.SESSION_ENGINE).SessionStore


def end_sessions(keys) -> None:
    """End sessions by their keys, through the session backend (a cached one forgets them
    too); their ``DeviceSession`` rows go with them."""
    store = _session_store()
    for key in keys:
        store().delete(key)


def _still_valid(session: Session, user, now) -> bool:
    """Whether ``session`` still logs ``user`` in, as Django would judge it: not expired,
    theirs, and made with their present password (a changed password ends the others)."""
    if session.expire_date <= now:
        return False
    data = session.get_decoded()
    if data.get("_auth_user_id") != str(user.pk):
        return False
    stored = data.get("_auth_user_hash") or ""
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return any(constant_time_compare(stored, valid) for valid in hashes)


def live_sessions(user) -> list[DeviceSession]:
    """The user's sessions that still log them in, most recently used first. Those that
    no longer do (expired, or from before a password change) are deleted on the way."""
    now = timezone.now()
    rows = list(DeviceSession.objects.filter(user=user).select_related("session"))
    dead = [row for row in rows if not _still_valid(row.session, user, now)]
    if dead:
        end_sessions([row.session_id for row in dead])
    return [row for row in rows if row not in dead]


def _sessions_page(request, *, refusal=None, status=200):
    record(request, request.user)  # this one is in the list, used now
    current = request.session.session_key
    rows = [
        {
            "device": device_name(row.user_agent),
            "created": row.created,
            "last_seen": row.last_seen,
            "current": row.session_id == current,
        }
        for row in live_sessions(request.user)
    ]
    return render(
        request,
        "accounts/sessions.html",
        {"rows": rows, "others": sum(1 for row in rows if not row["current"]), "refusal": refusal},
        status=status,
    )


@login_required
@require_http_methods(["GET"])
def sessions(request):
    """The browsers and devices the user is logged in with, this one marked."""
    return _sessions_page(request)


@login_required
@require_POST
def end_other_sessions(request):
    """Log out everywhere else: every session of the user but this one ends, with its
    open sockets, and no other browser stays a known device (``accounts.devices``)."""
    admission = keeping_limits.admit_session_ending(request)
    if admission.refused:
        return _sessions_page(
            request, refusal=keeping_limits.session_ending_message(admission), status=429
        )
    current = request.session.session_key
    others = list(
        DeviceSession.objects.filter(user=request.user)
        .exclude(session_id=current)
        .values_list("session_id", flat=True)
    )
    end_sessions(others)
    socket_sessions.end_sockets(request.user.pk, keep_session=current)
    devices.forget_others(request.user)
    messages.success(request, _("You are logged out everywhere else."))
    response = redirect("accounts:sessions")
    devices.remember(request, response, request.user)  # this browser stays known
    return response


# --- Deleting the account ---------------------------------------------------------------


def deleted_name() -> str:
    User = get_user_model()
    while True:
        name = f"{DELETED_NAME}#{secrets.token_hex(4)}"
        if not User.objects.filter(username__iexact=name).exists():
            return name


class RoundInPlay(Exception):
    def __init__(self, rooms):
        super().__init__()
        self.rooms = rooms


def playing_rooms(user) -> list:
    """The rooms where a round is being played at ``user``'s seat (``hooks.rooms_in_play``,
    which games fills)."""
    return [room for source in hooks.rooms_in_play for room in source(user)]


def delete_account(user) -> None:
    """Delete ``user``'s account, without deleting its row.

    The row stays, renamed ``已注销玩家#…`` and deactivated, with no password, e-mail
    or personal name: the rounds they played stay in the others' history under that
    name, every ledger entry keeps its payer and payee (so each round still sums to
    zero, seat by seat and person by person), rankings keep counting the others as they
    were, and nothing cascades (rooms they opened, with other people's rounds, stay).
    Their name is free again: once nothing shows it any more, keeping it would keep a
    piece of what they asked us to forget, and whoever takes it next gets none of the
    old rounds, which are tied to the renamed row.

    Their seats: a room waiting for players is left, as the table's "leave" button
    would (the table and the lobby are told); a round being played at their seat
    refuses the deletion (``RoundInPlay``) until it ends. Taking a person out of a round
    in play is something the game never does; handing the seat to the computer would
    leave a deleted account winning and paying in a round nobody can take back. A round
    ends in minutes, after which the person can come back and delete.

    Every session of theirs ends: those on record at once; any other by the password
    (its hash no longer matches) and by the account being inactive.
    """
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        playing = playing_rooms(user)
        if playing:
            raise RoundInPlay(playing)
        for leave_seats in hooks.seat_leavers:  # games.rooms.deleted_accounts
            leave_seats(user)
        keys = list(user.device_sessions.values_list("session_id", flat=True))
        user.username = deleted_name()
        user.email = user.first_name = user.last_name = ""
        user.set_unusable_password()
        user.is_active = user.is_staff = user.is_superuser = False
        user.save()
        user.groups.clear()
        user.user_permissions.clear()
        end_sessions(keys)
    socket_sessions.end_sockets(user.pk, keep_session=None)
    logger.info("accounts: account %s deleted", user.pk)


@login_required
@require_http_methods(["GET", "POST"])
def delete(request):
    """Delete one's account, confirmed with the password. Wrong passwords count toward
    a limit per person (a stolen session must not guess it here)."""
    form = PasswordConfirmed(request.POST or None, user=request.user, request=request)
    status = 200
    playing = playing_rooms(request.user)
    if request.method == "POST":
        if form.is_valid():
            try:
                delete_account(request.user)
            except RoundInPlay as refused:
                playing = refused.rooms
                status = 409
            else:
                logout(request)
                messages.success(request, _("Your account has been deleted. Goodbye!"))
                return redirect("home")
        elif form.refusal:
            status = 429
    return render(
        request,
        "accounts/delete.html",
        {"form": form, "playing": playing, "deleted_name": DELETED_NAME},
        status=status,
    )
