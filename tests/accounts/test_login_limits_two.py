"""Hostile players, round two, at log-in: the failure limit counts the name the form looks
up (not its spacing), cannot lock the real owner out of their own browser, holds for the
admin's log-in too, and a log-in takes the same time whether its name exists or not."""

from unittest import mock

import pytest
from django.contrib.auth.hashers import get_hasher
from django.contrib.auth.models import User
from django.core import signing
from django.test import Client
from django.urls import reverse

from accounts import devices
from tests.accounts.logins import (
    PASSWORD,
    TOO_MANY_LOGINS_ZH,
    fail_times,
    log_in,
    logged_in,
    logout_path,
)

pytestmark = pytest.mark.django_db

ADMIN_LOGIN = "/admin/login/"


# --- 1. The account counted is the name the form looks up ------------------------------


@pytest.mark.parametrize("typed", [" V", "V ", "\tV", " v\n", "\u3000V"])
def test_spacing_around_a_locked_name_does_not_buy_more_guesses(typed):
    User.objects.create_user("V", password=PASSWORD)
    fail_times("V", 10)
    response, client = log_in(typed, PASSWORD, address="10.0.0.9")
    assert response.status_code == 429 and not logged_in(client)
    assert TOO_MANY_LOGINS_ZH in response.content.decode()


def test_failures_typed_with_spacing_count_for_the_name():
    User.objects.create_user("V", password=PASSWORD)
    for typed in [" V", "V ", "\tV", "v", " v "] * 2:
        fail_times(typed, 1)
    response, client = log_in("V", PASSWORD, address="10.0.0.9")
    assert response.status_code == 429 and not logged_in(client)


def test_a_dotless_i_counts_for_the_name_with_an_i():
    """PostgreSQL matches "vıctim" (a dotless ı) to "victim" in any case: one account."""
    User.objects.create_user("victim", password=PASSWORD)
    fail_times("v\u0131ctim", 10)
    response, client = log_in("victim", PASSWORD, address="10.0.0.9")
    assert response.status_code == 429 and not logged_in(client)


# --- 2. A browser the owner logged in from before is not locked out ---------------------


def test_the_owner_s_own_browser_still_logs_in_while_others_are_locked_out():
    victim = User.objects.create_user("victim", password=PASSWORD)
    owner_browser = Client(REMOTE_ADDR="10.0.0.1")
    response = owner_browser.post(
        reverse("accounts:login"), {"username": "victim", "password": PASSWORD}
    )
    assert response.status_code == 302 and devices.COOKIE in response.cookies
    owner_browser.post(logout_path())
    fail_times("victim", 10)  # the attacker, elsewhere
    # The owner's browser, with the right password: in.
    response = owner_browser.post(
        reverse("accounts:login"), {"username": "victim", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert owner_browser.get(reverse("home")).wsgi_request.user == victim
    # A fresh browser, right password: refused.
    response, client = log_in("victim", PASSWORD, address="10.0.0.1")
    assert response.status_code == 429 and not logged_in(client)


def test_the_known_browser_gets_in_however_the_name_is_typed():
    User.objects.create_user("victim", password=PASSWORD)
    owner_browser = Client()
    owner_browser.post(reverse("accounts:login"), {"username": "VICTIM", "password": PASSWORD})
    owner_browser.post(logout_path())
    fail_times("victim", 10)
    response = owner_browser.post(
        reverse("accounts:login"), {"username": " Victim", "password": PASSWORD}
    )
    assert response.status_code == 302 and logged_in(owner_browser)


def test_a_browser_known_for_another_account_is_locked_out_like_any():
    User.objects.create_user("victim", password=PASSWORD)
    User.objects.create_user("attacker", password=PASSWORD)
    attacker = Client()
    attacker.post(reverse("accounts:login"), {"username": "attacker", "password": PASSWORD})
    attacker.post(logout_path())
    fail_times("victim", 10)
    response = attacker.post(
        reverse("accounts:login"), {"username": "victim", "password": PASSWORD}
    )
    assert response.status_code == 429 and not logged_in(attacker)


def remembered_accounts(cookie_value: str) -> list[int]:
    """The accounts a device cookie names (each with its stamp), in its order."""
    return [pk for pk, _stamp in signing.loads(cookie_value, salt=devices.SALT)]


@pytest.mark.parametrize(
    "cookie",
    [
        "not-signed",
        lambda user: signing.dumps([user.pk], salt="another salt"),
        lambda user: signing.dumps([user.pk], salt=devices.SALT)[:-2] + "xx",
    ],
)
def test_a_forged_device_cookie_does_not_count(cookie):
    victim = User.objects.create_user("victim", password=PASSWORD)
    fail_times("victim", 10)
    client = Client()
    client.cookies[devices.COOKIE] = cookie if isinstance(cookie, str) else cookie(victim)
    response = client.post(reverse("accounts:login"), {"username": "victim", "password": PASSWORD})
    assert response.status_code == 429 and not logged_in(client)


def test_a_known_browser_is_still_held_to_its_address_s_limit(settings):
    settings.LOGIN_FAILURES_PER_ADDRESS = "3/15m"
    User.objects.create_user("victim", password=PASSWORD)
    owner_browser = Client(REMOTE_ADDR="10.0.0.1")
    owner_browser.post(reverse("accounts:login"), {"username": "victim", "password": PASSWORD})
    owner_browser.post(logout_path())
    fail_times("victim", 3, address="10.0.0.1")
    response = owner_browser.post(
        reverse("accounts:login"), {"username": "victim", "password": PASSWORD}
    )
    assert response.status_code == 429 and not logged_in(owner_browser)


def test_the_device_cookie_is_signed_http_only_and_lax(settings):
    victim = User.objects.create_user("victim", password=PASSWORD)
    response, _ = log_in("victim", PASSWORD)
    cookie = response.cookies[devices.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and not cookie["secure"]
    assert int(cookie["max-age"]) >= 180 * 24 * 3600
    assert remembered_accounts(cookie.value) == [victim.pk]
    settings.SESSION_COOKIE_SECURE = True  # what HTTPS=1 sets
    response, _ = log_in("victim", PASSWORD)
    assert response.cookies[devices.COOKIE]["secure"]


def test_a_failed_log_in_sets_no_device_cookie():
    User.objects.create_user("victim", password=PASSWORD)
    response, _ = log_in("victim", "wrong-guess")
    assert devices.COOKIE not in response.cookies


def test_one_browser_remembers_the_few_accounts_it_logged_in_to():
    users = [User.objects.create_user(f"player{i}", password=PASSWORD) for i in range(3)]
    browser = Client()
    for user in users:
        browser.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD})
        browser.post(logout_path())
    assert set(remembered_accounts(browser.cookies[devices.COOKIE].value)) == {
        user.pk for user in users
    }
    fail_times("player0", 10)
    response = browser.post(
        reverse("accounts:login"), {"username": "player0", "password": PASSWORD}
    )
    assert response.status_code == 302


# --- 3. The admin's log-in is held to the same limits, counted together -----------------


@pytest.fixture
def boss():
    return User.objects.create_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)


def admin_log_in(username, password, client=None):
    client = client or Client(REMOTE_ADDR="10.0.0.2")
    return client.post(
        ADMIN_LOGIN, {"username": username, "password": password, "next": "/admin/"}
    ), client


def test_the_admin_log_in_still_works(boss):
    response, client = admin_log_in("boss", PASSWORD)
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200
    assert devices.COOKIE in response.cookies


def test_the_admin_log_in_is_locked_after_too_many_failures(boss):
    fail_times("boss", 10, url=ADMIN_LOGIN)
    response, client = admin_log_in("boss", PASSWORD)
    assert response.status_code == 429
    assert TOO_MANY_LOGINS_ZH in response.content.decode()
    assert client.get("/admin/").status_code == 302  # still sent to log in


def test_failures_on_the_admin_log_in_count_for_the_site_s_and_back(boss):
    fail_times("boss", 5, url=ADMIN_LOGIN)
    fail_times("boss", 5)
    response, client = log_in("boss", PASSWORD)
    assert response.status_code == 429 and not logged_in(client)
    assert admin_log_in("boss", PASSWORD)[0].status_code == 429


def test_the_admin_log_in_knows_the_owner_s_browser(boss):
    browser = Client()
    browser.post(reverse("accounts:login"), {"username": "boss", "password": PASSWORD})
    browser.post(logout_path())
    fail_times("boss", 10, url=ADMIN_LOGIN)
    assert admin_log_in("boss", PASSWORD, client=browser)[0].status_code == 302


# --- 4. One password hash per log-in, whatever the name --------------------------------


def hashes_for(username, password) -> int:
    """How many times the password hasher runs for one log-in through the page."""
    hasher = type(get_hasher())
    with mock.patch.object(hasher, "encode", autospec=True, side_effect=hasher.encode) as encode:
        Client().post(reverse("accounts:login"), {"username": username, "password": password})
    return encode.call_count


def test_every_log_in_runs_the_hasher_exactly_once():
    User.objects.create_user("alice", password=PASSWORD)
    counts = {
        (typed, password): hashes_for(typed, password)
        for typed in ("alice", "ALICE", "Alice ", "nobody", "NOBODY")
        for password in (PASSWORD, "wrong-guess")
    }
    assert set(counts.values()) == {1}, counts


def test_names_from_before_that_differ_in_case_run_the_hasher_once_too():
    User.objects.create_user("bob", password=PASSWORD)
    User.objects.create_user("Bob", password="another-long-pass-3")
    for typed in ("bob", "Bob", "BOB"):
        assert hashes_for(typed, "wrong-guess") == 1


# --- 6. The page says the truth about case -------------------------------------------------


def test_a_failed_log_in_says_names_are_matched_in_any_case():
    User.objects.create_user("alice", password=PASSWORD)
    html = log_in("alice", "wrong-guess")[0].content.decode()
    assert "大小写" in html and "用户名不区分大小写" in html
    html = log_in("alice", "wrong-guess", language="en")[0].content.decode()
    assert "in any case" in html and "may be case-sensitive" not in html
    html = admin_log_in("alice", "wrong-guess")[0].content.decode()
    assert "用户名不区分大小写" in html


def test_signing_up_makes_the_browser_known_too():
    browser = Client()
    response = browser.post(
        reverse("accounts:signup"),
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="newcomer")
    assert remembered_accounts(response.cookies[devices.COOKIE].value) == [user.pk]
