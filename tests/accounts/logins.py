"""Logging in in a test, through the real form, and the refusal when there were too many."""

from django.test import Client
from django.urls import reverse

PASSWORD = "bamboo-7-dots-9"
TOO_MANY_LOGINS_ZH = "登录失败次数过多"


def log_in(username, password, *, address="10.0.0.1", language=None):
    """A log-in from a fresh browser at ``address``."""
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    client = Client(REMOTE_ADDR=address, **headers)
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    return response, client


def logged_in(client) -> bool:
    return client.get(reverse("accounts:profile")).status_code == 200


def fail_times(username, times, *, url=None, address="10.6.6.6"):
    """``times`` wrong passwords for ``username``, each from a fresh browser."""
    for _ in range(times):
        response = Client(REMOTE_ADDR=address).post(
            url or reverse("accounts:login"), {"username": username, "password": "wrong-guess"}
        )
        assert response.status_code == 200


def logout_path() -> str:
    return reverse("accounts:logout")
