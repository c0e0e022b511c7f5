"""Signing up in a test, through the real form, and what a refusal says."""

from django.test import Client
from django.urls import reverse

PASSWORD = "bamboo-7-dots-9"


def sign_up(username, **headers):
    response = Client(**headers).post(
        reverse("accounts:signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )
    return response


def refused(response) -> str:
    """The error shown on the name, after checking the sign-up did not go through."""
    assert response.status_code == 200
    errors = response.context["form"].errors["username"]
    assert errors
    return " ".join(errors)
