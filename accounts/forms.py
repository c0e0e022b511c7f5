from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from accounts import usernames


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


class LoginForm(Refusable, AuthenticationForm):
    """Django's log-in form, refusable after too many failed log-ins."""


class SignUpForm(Refusable, UserCreationForm):
    """Username and the password twice, checked by Django's password validators. The
    name is normalised (NFKC) and must not pass for another player's
    (``accounts.usernames``)."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        username = super().clean_username()  # Django's: not taken, in any case
        if username is None:
            return None
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
