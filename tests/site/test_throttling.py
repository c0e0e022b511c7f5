"""Hostile players over HTTP: too many failed log-ins (per account, per address), too many
sign-ups from one address, too many rooms waiting for players. Each limit answers the
page with a message in the player's language and status 429, never an error page."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Room
from tests.accounts.logins import PASSWORD, TOO_MANY_LOGINS_ZH, log_in, logged_in
from tests.rooms.forms import form_data
from tests.tables import four_people

pytestmark = pytest.mark.django_db

TOO_MANY_LOGINS_EN = "Too many failed log-ins"


@pytest.fixture
def few_failures_per_account(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = "3/15m"
    settings.LOGIN_FAILURES_PER_ADDRESS = "100/15m"


def test_after_too_many_failures_an_account_is_locked_even_with_the_right_password(
    few_failures_per_account,
):
    User.objects.create_user("lanlan", password=PASSWORD)
    for attempt in range(3):
        response, _ = log_in("lanlan", "wrong-guess", address=f"10.0.0.{attempt + 1}")
        assert response.status_code == 200  # an ordinary failure, said as before
    # From yet another address, with the right password: refused, and said why.
    response, client = log_in("lanlan", PASSWORD, address="10.9.9.9")
    assert response.status_code == 429
    html = response.content.decode()
    assert TOO_MANY_LOGINS_ZH in html and re.search(r"请 \d+ 分钟后再试", html)
    assert not logged_in(client)
    response, _ = log_in("lanlan", PASSWORD, address="10.9.9.9", language="en")
    assert response.status_code == 429
    assert TOO_MANY_LOGINS_EN in response.content.decode()
    assert re.search(r"try again in \d+ minutes?\.", response.content.decode())


def test_a_locked_account_leaves_other_accounts_alone(few_failures_per_account):
    User.objects.create_user("lanlan", password=PASSWORD)
    User.objects.create_user("honghong", password=PASSWORD)
    for _ in range(3):
        log_in("lanlan", "wrong-guess")
    assert log_in("lanlan", PASSWORD, address="10.0.0.2")[0].status_code == 429
    response, client = log_in("honghong", PASSWORD, address="10.0.0.2")
    assert response.status_code == 302 and logged_in(client)


def test_a_locked_account_is_the_same_however_its_name_is_typed(few_failures_per_account):
    User.objects.create_user("lanlan", password=PASSWORD)
    for name in ("lanlan", "LanLan", "ｌａｎｌａｎ"):  # the last in fullwidth letters
        log_in(name, "wrong-guess")
    response, client = log_in("lanlan", PASSWORD, address="10.0.0.2")
    assert response.status_code == 429 and not logged_in(client)


def test_only_failed_log_ins_count(few_failures_per_account):
    User.objects.create_user("lanlan", password=PASSWORD)
    for _ in range(5):
        response, client = log_in("lanlan", PASSWORD)
        assert response.status_code == 302 and logged_in(client)
    for _ in range(3):
        assert log_in("lanlan", "wrong-guess")[0].status_code == 200
    assert log_in("lanlan", PASSWORD)[0].status_code == 429


def test_one_address_failing_on_many_accounts_is_stopped(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = "100/15m"
    settings.LOGIN_FAILURES_PER_ADDRESS = "4/15m"
    for i in range(5):
        User.objects.create_user(f"player{i}", password=PASSWORD)
    for i in range(4):
        response, _ = log_in(f"player{i}", "wrong-guess", address="10.0.0.66")
        assert response.status_code == 200
    # The fifth account, right password, same address: refused.
    response, client = log_in("player4", PASSWORD, address="10.0.0.66")
    assert response.status_code == 429 and not logged_in(client)
    assert TOO_MANY_LOGINS_ZH in response.content.decode()
    # The same account from elsewhere logs in.
    response, client = log_in("player4", PASSWORD, address="10.0.0.77")
    assert response.status_code == 302 and logged_in(client)


def sign_up(username, *, address, language=None):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    client = Client(REMOTE_ADDR=address, **headers)
    return client.post(
        reverse("accounts:signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_too_many_sign_ups_from_one_address_are_refused(settings):
    settings.SIGNUPS_PER_ADDRESS = "2/h"
    assert sign_up("first", address="10.0.0.5").status_code == 302
    # A failed sign-up (a name taken) is not an account created: it does not count.
    assert sign_up("first", address="10.0.0.5").status_code == 200
    assert sign_up("second", address="10.0.0.5").status_code == 302
    response = sign_up("third", address="10.0.0.5")
    assert response.status_code == 429
    assert "注册的账号过多" in response.content.decode()
    assert not User.objects.filter(username="third").exists()
    response = sign_up("third", address="10.0.0.5", language="en")
    assert response.status_code == 429
    assert "Too many accounts have been created" in response.content.decode()
    assert not User.objects.filter(username="third").exists()
    # Another address may.
    assert sign_up("third", address="10.0.0.6").status_code == 302


def test_too_many_waiting_rooms_are_refused_until_one_is_left(client, settings):
    settings.OPEN_ROOMS_PER_USER = 2
    owner = User.objects.create_user("owner", password=PASSWORD)
    client.force_login(owner)
    for name in ("一号桌", "二号桌"):
        assert client.post(reverse("create_room"), form_data(name=name)).status_code == 302
    response = client.post(reverse("create_room"), form_data(name="三号桌"))
    assert response.status_code == 429
    assert "你已经有 2 个等待玩家的房间" in response.content.decode()
    assert not Room.objects.filter(name="三号桌").exists()
    response = client.post(
        reverse("create_room"), form_data(name="三号桌"), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "You already have 2 rooms waiting for players" in response.content.decode()
    # Leaving one of them makes room for another.
    client.post(reverse("leave", kwargs={"code": Room.objects.get(name="一号桌").code}))
    assert client.post(reverse("create_room"), form_data(name="三号桌")).status_code == 302
    assert Room.objects.filter(owner=owner).count() == 3


def test_rooms_that_have_played_do_not_count(client, settings):
    settings.OPEN_ROOMS_PER_USER = 1
    room, users = four_people("p")  # its first round is dealt
    client.force_login(users[0])
    assert client.post(reverse("create_room"), form_data(name="再来")).status_code == 302
    assert client.post(reverse("create_room"), form_data(name="又来")).status_code == 429
    assert Room.objects.filter(owner=users[0]).count() == 2
    assert not Room.objects.filter(name="又来").exists()
