from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from accounts import devices, usernames
from xuezhan import limits


class Refusable:
    """A form that a limit (``xuezhan.limits``) refuses outright: set ``refusal`` and the
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
INVALID_LOGIN = _("Please enter a correct user name and password. User names are matched "
                  "in any case; passwords must be typed exactly.")
INVALID_STAFF_LOGIN = _("Please enter the correct user name and password for a staff "
                        "account. User names are matched in any case; passwords must be "
                        "typed exactly.")


class LimitedLogin(Refusable):
    """A log-in form held to the limits on failed log-ins (``xuezhan.limits``), the same
    for every page that logs in (the site's, the admin's), counted together: refused
    without trying the password after too many failures for its account or from its
    address, except a browser the account logged in from before (``accounts.devices``);
    every password tried and failed counts."""

    def full_clean(self):
        if self.is_bound and self.refusal is None and self.request is not None:
            self.refusal = limits.login_refusal(self.request,
                                                known_device=self._from_known_device)
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
        try:
            return super().clean()
        except ValidationError:
            if self.request is not None:
                limits.count_failed_login(self.request)
            raise


class LoginForm(LimitedLogin, AuthenticationForm):
    """Django's log-in form, held to the limits on failed log-ins."""

    error_messages = {**AuthenticationForm.error_messages, "invalid_login": INVALID_LOGIN}


class AdminLoginForm(LimitedLogin, AdminAuthenticationForm):
    """The admin's log-in form (``admin.site.login_form``), held to the same limits as
    the site's log-in, its failures counted with the site's: otherwise the admin's page
    would be a second door with guesses of its own."""

    error_messages = {**AdminAuthenticationForm.error_messages,
                      "invalid_login": INVALID_STAFF_LOGIN}


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
        usernames.refuse_invisible(username)  # a filler, a direction mark: not seen
        taken = usernames.look_alike(username)
        if taken is not None:
            raise ValidationError(
                _("This name looks too much like %(name)s, a player's name already. "
                  "Please choose another."), code="look_alike", params={"name": taken})
        if usernames.mixes_scripts(username):
            raise ValidationError(
                _("This name mixes alphabets (such as Latin with Cyrillic or Greek "
                  "letters), which can pass for another player's name. Please write it "
                  "in one."), code="mixed_scripts")
        return username
