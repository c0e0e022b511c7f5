"""Hostile players, round three, on accounts: a confirmation link that cannot be
replayed, known devices that end with the password and with "log out everywhere else",
the password-change form held to the limit of the other password forms, and a room that
has played still counted among its owner's waiting rooms."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.models import Room, Round
from games.play.dealing import start_round
from games.rooms.seating import create_room, fill_empty_seats
from tests.accounts.logins import fail_times, logout_path

pytestmark = pytest.mark.django_db

PASSWORD = "bamboo-7-dots-9"
NEW_PASSWORD = "another-long-phrase-42"
TOO_MANY_WRONG_ZH = "密码错误次数过多"


def log_in(client: Client, username="owner", password=PASSWORD) -> None:
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    assert response.status_code == 302, response.content.decode()[:1500]


@pytest.fixture
def owner():
    return User.objects.create_user("owner", email="old@example.com", password=PASSWORD)


def ask_for(client: Client, address: str) -> str:
    """Ask for ``address``; the path of the link mailed to it."""
    before = len(mail.outbox)
    response = client.post(reverse("accounts:email"), {"email": address, "password": PASSWORD})
    assert response.status_code == 302
    assert len(mail.outbox) == before + 1
    return re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[-1].body).group(1)


# --- 4. E-mail confirmation links ---------------------------------------------------------


def test_a_confirmation_link_works_once(owner):
    client = Client()
    log_in(client)
    link = ask_for(client, "new@example.com")
    assert client.post(link).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "new@example.com"
    # Changed back by hand; the old link does not set it again.
    owner.email = "other@example.com"
    owner.save()
    assert client.get(link).status_code == 400
    assert client.post(link).status_code == 400
    owner.refresh_from_db()
    assert owner.email == "other@example.com"


def test_opening_a_link_changes_nothing_until_its_page_s_button_is_pressed(owner):
    """A plain GET — another site's navigation, a mail scanner, a preview — saves no
    address; the button's POST needs the page's CSRF token."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    page = client.get(reverse("accounts:email"))
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    client.post(
        reverse("accounts:email"),
        {"email": "new@example.com", "password": PASSWORD, "csrfmiddlewaretoken": csrf},
    )
    link = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[-1].body).group(1)
    page = client.get(link)
    assert page.status_code == 200 and "new@example.com" in page.content.decode()
    owner.refresh_from_db()
    assert owner.email == "old@example.com"
    # Another site's form posts without the page's token: refused, nothing saved.
    assert client.post(link).status_code == 403
    owner.refresh_from_db()
    assert owner.email == "old@example.com"
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    assert client.post(link, {"csrfmiddlewaretoken": csrf}).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "new@example.com"


def test_a_link_for_an_address_no_longer_asked_for_is_refused(owner):
    """A mistyped address's link, once another address was asked for (or the address was
    removed), cannot set it back — after which a reset would go to whoever holds it."""
    client = Client()
    log_in(client)
    typo = ask_for(client, "typo@exampel.com")
    right = ask_for(client, "right@example.com")
    assert client.get(typo).status_code == 400
    assert client.post(typo).status_code == 400
    owner.refresh_from_db()
    assert owner.email == "old@example.com"
    assert client.post(right).status_code == 302
    owner.refresh_from_db()
    assert owner.email == "right@example.com"
    # Removing the address forgets a link still waiting.
    waiting = ask_for(client, "third@example.com")
    client.post(reverse("accounts:email"), {"email": "", "password": PASSWORD})
    assert client.post(waiting).status_code == 400
    owner.refresh_from_db()
    assert owner.email == ""


# --- 5. Known devices end with the password and "log out everywhere else" --------------


def known_browser() -> Client:
    """A browser that once logged in to the owner's account, and logged out."""
    browser = Client(REMOTE_ADDR="10.0.0.5")
    log_in(browser)
    browser.post(logout_path())
    return browser


def guesses_past_the_lock(browser: Client, password: str) -> int:
    """The status of a log-in from ``browser`` once the account is locked."""
    fail_times("owner", 10, address="10.9.9.9")
    return browser.post(
        reverse("accounts:login"), {"username": "owner", "password": password}
    ).status_code


def test_a_known_browser_is_known_no_more_after_a_password_change(owner):
    stolen = known_browser()
    keeper = Client(REMOTE_ADDR="10.0.0.6")
    log_in(keeper)
    response = keeper.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    # The old browser guessing: held by the account's lock like any other browser.
    assert guesses_past_the_lock(stolen, NEW_PASSWORD) == 429
    # The browser that changed it stays known: its owner still gets in.
    keeper.post(logout_path())
    response = keeper.post(
        reverse("accounts:login"), {"username": "owner", "password": NEW_PASSWORD}
    )
    assert response.status_code == 302


def test_a_known_browser_is_known_no_more_after_logging_out_everywhere_else(owner):
    stolen = known_browser()
    keeper = Client(REMOTE_ADDR="10.0.0.6")
    log_in(keeper)
    assert keeper.post(reverse("accounts:end_other_sessions")).status_code == 302
    assert guesses_past_the_lock(stolen, PASSWORD) == 429
    keeper.post(logout_path())
    response = keeper.post(reverse("accounts:login"), {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302


# --- The password-change form's limit ---------------------------------------------------


def test_the_old_password_cannot_be_guessed_without_limit(owner):
    client = Client()
    client.force_login(owner)
    for _ in range(5):
        response = client.post(
            reverse("accounts:password_change"),
            {"old_password": "guess", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        )
        assert response.status_code == 200
        assert response.context["form"].errors["old_password"]
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    assert response.status_code == 429
    assert TOO_MANY_WRONG_ZH in response.content.decode()
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)
    # The same count as the other password forms: deleting is refused too.
    response = client.post(reverse("accounts:delete"), {"password": PASSWORD})
    assert response.status_code == 429
    assert User.objects.get(pk=owner.pk).is_active


def test_a_right_old_password_does_not_count(owner):
    client = Client()
    client.force_login(owner)
    passwords = [PASSWORD, NEW_PASSWORD] * 4
    for old, new in zip(passwords, passwords[1:], strict=False):
        response = client.post(
            reverse("accounts:password_change"),
            {"old_password": old, "new_password1": new, "new_password2": new},
        )
        assert response.status_code == 302


# --- 7. Every room a person opened counts while it waits -------------------------------


def test_a_room_that_has_played_counts_while_it_waits(owner, settings):
    settings.OPEN_ROOMS_PER_USER = 2
    client = Client()
    client.force_login(owner)
    for number in range(2):
        room = create_room(owner=owner, name=f"局{number}", options={})
        fill_empty_seats(room=room, user=owner, level="easy")
        rnd = start_round(room)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.ENDED)
        Room.objects.filter(pk=room.pk).update(status=Room.Status.OPEN)  # between rounds
    from tests.rooms.forms import form_data

    response = client.post(reverse("create_room"), form_data(name="第三个"))
    assert response.status_code == 429
    assert Room.objects.filter(owner=owner).count() == 2


def test_a_wrong_old_password_keeps_the_new_one_typed(owner):
    client = Client()
    client.force_login(owner)
    page = client.post(
        reverse("accounts:password_change"),
        {"old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    ).content.decode()
    assert page.count(f'value="{NEW_PASSWORD}"') == 2
    assert 'name="old_password"' in page and 'value="not-it"' not in page
