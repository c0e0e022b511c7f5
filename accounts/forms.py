from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.forms.utils import ErrorDict


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
    """Username and the password twice, checked by Django's password validators."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)
