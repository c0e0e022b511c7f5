"""The e-mail address password-reset links go to: setting it (confirmed by a link sent
to it) and removing it.

The address asked for waits on the server (``accounts.models.PendingEmail``), one at a
time; the link sent to it carries a random token and confirms that address only, once,
for the account that asked, within ``LINK_DAYS``. Opening the link shows a page whose
button confirms (a POST from that page, with its CSRF token): a link opened by another
site's navigation, a mail scanner or a preview changes nothing. A link for an address no
longer pending — another asked for since, the address removed, or confirmed already — is
refused: an old or mistyped address cannot come back by an old link.
"""

import hashlib
import secrets
from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.decorators import login_required
from django.core.mail import EmailMessage
from django.db import transaction
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts import keeping_limits
from accounts.forms import PasswordConfirmed
from accounts.keeping import SITE_NAME, deliver
from accounts.models import PendingEmail

LINK_DAYS = 3


class EmailForm(PasswordConfirmed):
    """The address reset links go to, with the password: somebody at a computer left
    logged in must not be able to give the account their own address, and then a new
    password. Any address may be given, one another account has too: refusing it would
    tell who has it."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        max_length=254,
        help_text=gettext_lazy(
            "Only for resetting your password if you forget it. Leave it empty to remove it."
        ),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    field_order = ["email", "password"]

    def clean_email(self):
        return BaseUserManager.normalize_email(self.cleaned_data["email"].strip())


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def ask_to_confirm(request, user, address: str) -> None:
    """Make ``address`` the one waiting for confirmation (any other waiting is forgotten,
    its link dead) and send it its link."""
    token = secrets.token_urlsafe(32)
    PendingEmail.objects.update_or_create(
        user=user,
        defaults={"email": address, "token_sha256": _digest(token), "created": timezone.now()},
    )
    link = request.build_absolute_uri(reverse("accounts:email_confirm", args=[token]))
    context = {"user": user, "site_name": SITE_NAME, "link": link, "days": LINK_DAYS}
    subject = "".join(render_to_string("accounts/email_confirm_subject.txt", context).splitlines())
    body = render_to_string("accounts/email_confirm_email.txt", context)
    deliver(EmailMessage(subject, body, None, [address]))


def pending_for(user, token: str) -> PendingEmail | None:
    """The address waiting for ``user`` that ``token`` confirms, if it still may."""
    pending = PendingEmail.objects.filter(user=user).first()
    if pending is None or not constant_time_compare(pending.token_sha256, _digest(token)):
        return None
    if pending.created < timezone.now() - timedelta(days=LINK_DAYS):
        return None
    return pending


@login_required
@require_http_methods(["GET", "POST"])
def email(request):
    """Set the e-mail address for password reset, or remove it. A new address is saved
    once its owner confirms it from the link sent to it (``email_confirm``): a typo must
    not send the account's reset links to a stranger. Removing needs no link."""
    user = request.user
    form = EmailForm(
        request.POST or None, user=user, request=request, initial={"email": user.email}
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            address = form.cleaned_data["email"]
            if not address:
                PendingEmail.objects.filter(user=user).delete()
                user.email = ""
                user.save(update_fields=["email"])
                messages.success(request, _("Your e-mail address has been removed."))
                return redirect("accounts:profile")
            if address.casefold() == user.email.casefold():
                PendingEmail.objects.filter(user=user).delete()
                messages.info(request, _("That is your e-mail address already."))
                return redirect("accounts:profile")
            admission = keeping_limits.admit_email_confirmation(request)
            if not admission.refused:
                ask_to_confirm(request, user, address)
                messages.success(
                    request,
                    _(
                        "We have sent a link to %(email)s. Open it to use this address for "
                        "password reset."
                    )
                    % {"email": address},
                )
                return redirect("accounts:profile")
            form.add_error(None, keeping_limits.email_confirmation_message(admission))
            status = 429
        elif form.refusal:
            status = 429
    return render(request, "accounts/email.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def email_confirm(request, token):
    """The link of the confirmation e-mail. GET shows the address and a button; the
    button's POST saves it, once, if it is still the address waiting for this account."""
    pending = pending_for(request.user, token)
    if pending is None:
        return render(request, "accounts/email_confirm_invalid.html", status=400)
    if request.method == "GET":
        return render(request, "accounts/email_confirm.html", {"email": pending.email})
    with transaction.atomic():
        # Taken under its lock and deleted: two presses of the button save it once.
        pending = PendingEmail.objects.select_for_update().filter(pk=pending.pk).first()
        if pending is None:
            return render(request, "accounts/email_confirm_invalid.html", status=400)
        request.user.email = pending.email
        request.user.save(update_fields=["email"])
        pending.delete()
    messages.success(
        request,
        _("Your e-mail address %(email)s is saved. Reset links will go there.")
        % {"email": pending.email},
    )
    return redirect("accounts:profile")
