from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from accounts import devices, keeping_limits, login_limits, usernames
from common import names


class Refusable:
    """A form that a limit (``common.limits``) refuses outright: set ``refusal`` and the
    form checks nothing (no password is tried, no name looked up) and shows the refusal
    alone."""

    refusal: str | None = None

    def full_clean(self):
        if self.refusal is None:
            return super().full_clean()
        self._errors = ErrorDict(renderer=self.renderer)
        self.cleaned_data = {}
        self.add_error(None, self.refusal)


# Django's own message says both fields "may be case-sensitive": names are not here.
INVALID_LOGIN = _(
    "Please enter a correct user name and password. User names are matched "
    "in any case; passwords must be typed exactly."
)
INVALID_STAFF_LOGIN = _(
    "Please enter the correct user name and password for a staff "
    "account. User names are matched in any case; passwords must be "
    "typed exactly."
)


class LimitedLogin(Refusable):
    """A log-in form held to the limits on failed log-ins (``accounts.login_limits``), the same
    for every page that logs in (the site's, the admin's), counted together: refused
    without trying the password after too many failures for its account or from its
    address, except a browser the account logged in from before (``accounts.devices``).

    Every log-in counts as failed before its password is tried (``login_limits.admit_login``),
    so that guesses sent all at once cannot all be tried; it gives its count back when
    the password was right, or when no password was tried (a field left empty)."""

    admission = None

    def full_clean(self):
        if self.is_bound and self.refusal is None and self.request is not None:
            self.admission = login_limits.admit_login(
                self.request, known_device=self._from_known_device
            )
            if self.admission.refused:
                self.refusal = login_limits.login_failures_message(self.admission.wait)
        super().full_clean()

    def _from_known_device(self) -> bool:
        """Whether this browser has logged in to the account named before: the name as
        the form looks it up (stripped, normalised; none when the field refuses it)."""
        try:
            name = self.fields["username"].clean(self["username"].data)
        except ValidationError:
            return False
        return bool(name) and devices.knows(self.request, name)

    def clean(self):
        tried = bool(
            self.cleaned_data.get("username") is not None and self.cleaned_data.get("password")
        )
        try:
            cleaned = super().clean()
        except ValidationError:
            if not tried:
                self._give_back()
            raise
        self._give_back()  # the password was right (or none was tried): no failure
        return cleaned

    def _give_back(self) -> None:
        if self.admission is not None:
            self.admission.give_back()


class LoginForm(LimitedLogin, AuthenticationForm):
    """Django's log-in form, held to the limits on failed log-ins."""

    error_messages = {**AuthenticationForm.error_messages, "invalid_login": INVALID_LOGIN}


class AdminLoginForm(LimitedLogin, AdminAuthenticationForm):
    """The admin's log-in form (``admin.site.login_form``), held to the same limits as
    the site's log-in, its failures counted with the site's: otherwise the admin's page
    would be a second door with guesses of its own."""

    error_messages = {
        **AdminAuthenticationForm.error_messages,
        "invalid_login": INVALID_STAFF_LOGIN,
    }


class SignUpForm(Refusable, UserCreationForm):
    """Username and the password twice, checked by Django's password validators. The
    name is normalised (NFKC), has nothing invisible in it, and must not pass for another
    player's (``accounts.usernames``)."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        username = super().clean_username()  # Django's: not taken, in any case
        if username is None:
            return None
        names.refuse_invisible(username)  # a filler, a direction mark: not seen
        if usernames.passes_for_deleted(username):
            raise ValidationError(
                _("This name is how the site shows a deleted account. Please choose another."),
                code="deleted_look_alike",
            )
        taken = usernames.look_alike(username)
        if taken is not None:
            raise ValidationError(
                _(
                    "This name looks too much like %(name)s, a player's name already. "
                    "Please choose another."
                ),
                code="look_alike",
                params={"name": taken},
            )
        if usernames.mixes_scripts(username):
            raise ValidationError(
                _(
                    "This name mixes alphabets (such as Latin with Cyrillic or Greek "
                    "letters), which can pass for another player's name. Please write it "
                    "in one."
                ),
                code="mixed_scripts",
            )
        return username


class PasswordTriesLimited(Refusable):
    """A form in which a logged-in person types their password to confirm something,
    held to a limit of wrong passwords per person (``accounts.keeping_limits``): a stolen
    session must not guess the password there. A try counts as wrong before the password
    is checked, so that guesses sent together cannot all be checked; it is given back
    when the password was right or not typed. Subclasses set ``wrong_password``."""

    request = None
    wrong_password = False

    def full_clean(self):
        admission = None
        if self.is_bound and self.refusal is None and self.request is not None:
            admission = keeping_limits.admit_password_try(self.request)
            if admission.refused:
                self.refusal = keeping_limits.password_message(admission)
        super().full_clean()
        if admission is not None and not self.wrong_password:
            admission.give_back()


class PasswordConfirmed(PasswordTriesLimited, forms.Form):
    """A form that asks for the person's password to confirm what they ask (their e-mail
    address, deleting the account)."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.request = request

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            self.wrong_password = True
            raise ValidationError(_("That is not your password."), code="password_incorrect")
        return password


class LimitedPasswordChangeForm(PasswordTriesLimited, PasswordChangeForm):
    """Django's password change (the old password, the new one twice), its old password
    held to the same limit."""

    def __init__(self, user, *args, request=None, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.request = request
        # A wrong old password must not cost the new one typed twice: shown again, to
        # the person who just typed it.
        for name in ("new_password1", "new_password2"):
            self.fields[name].widget.render_value = True

    def clean_old_password(self):
        try:
            return super().clean_old_password()
        except ValidationError:
            self.wrong_password = True
            raise
