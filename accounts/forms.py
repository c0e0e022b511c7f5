from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm):
    """Username and the password twice, checked by Django's password validators."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)
