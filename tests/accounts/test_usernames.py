"""User names players can tell apart: normalised, unique regardless of case, and never
one that passes for a name already taken. Log-in takes a name in any case."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.forms import SignUpForm
from tests.accounts.signups import PASSWORD, refused, sign_up

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return User.objects.create_user("alice", password=PASSWORD)


@pytest.mark.parametrize(
    "name",
    [
        "Alice",
        "ALICE",
        "ａｌｉｃｅ",  # fullwidth letters: normalised (NFKC) to "alice"
        "аlice",  # a Cyrillic а
        "alicе",  # a Cyrillic е
        "aIice",  # a capital I for the l
        "ＡＬＩＣＥ",
    ],
)
def test_a_name_that_passes_for_a_taken_one_is_refused(alice, name):
    refused(sign_up(name))
    assert User.objects.count() == 1


def test_the_refusal_says_which_name_it_looks_like(alice):
    message = refused(sign_up("аlice"))
    assert "alice" in message and "太像" in message
    message = refused(sign_up("аlice", HTTP_ACCEPT_LANGUAGE="en"))
    assert "looks too much like alice" in message


def test_a_name_in_another_alphabet_that_looks_the_same_is_refused():
    User.objects.create_user("papa", password=PASSWORD)
    message = refused(sign_up("рара"))  # all four letters Cyrillic
    assert "papa" in message
    assert User.objects.count() == 1


def test_names_differing_only_in_case_are_one_name_beyond_ascii():
    User.objects.create_user("émile", password=PASSWORD)
    refused(sign_up("ÉMILE"))
    User.objects.create_user("小王", password=PASSWORD)
    refused(sign_up("小王"))
    assert User.objects.count() == 2


def test_a_fullwidth_name_is_stored_normalised():
    assert sign_up("ｌａｎｌａｎ").status_code == 302
    assert User.objects.filter(username="lanlan").exists()


@pytest.mark.parametrize("name", ["раураl", "Δelta", "Ivan_Иван"])
def test_a_name_mixing_look_alike_alphabets_is_refused_even_when_free(name):
    message = refused(sign_up(name))
    assert "混用" in message
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "name",
    ["honghong", "alice2", "Lucky小王", "小王2024", "Иван", "かな漢字", "한국어abc", "émilie"],
)
def test_a_genuinely_different_name_is_accepted(alice, name):
    assert sign_up(name).status_code == 302
    assert User.objects.filter(username=name).exists()


def log_in(username, password=PASSWORD):
    client = Client()
    response = client.post(reverse("accounts:login"), {"username": username, "password": password})
    user = client.get(reverse("home")).wsgi_request.user
    return response, user


def test_log_in_takes_the_name_in_any_case(alice):
    for typed in ("alice", "Alice", "ALICE", "ａｌｉｃｅ"):
        response, user = log_in(typed)
        assert response.status_code == 302 and user == alice
    response, user = log_in("ALICE", "wrong-password")
    assert response.status_code == 200 and not user.is_authenticated


def test_names_from_before_that_differ_only_in_case_log_in_as_typed():
    """Two such names may exist from before sign-up refused them: either logs in typed
    exactly, and a third spelling means neither."""
    bob = User.objects.create_user("bob", password=PASSWORD)
    big_bob = User.objects.create_user("Bob", password="another-long-pass-3")
    assert log_in("bob")[1] == bob
    assert log_in("Bob", "another-long-pass-3")[1] == big_bob
    for password in (PASSWORD, "another-long-pass-3"):
        assert not log_in("BOB", password)[1].is_authenticated


@pytest.mark.parametrize(
    "name",
    [
        "已注销玩家1a2b",
        "已注销玩家",
        "x已注销玩家",
        "已注销_玩家9",
        "DeletedPlayer1a2b",
        "deleted.player",
        "Deleted_Player_7",
        "de1etedplayer",
    ],
)
def test_a_name_that_passes_for_a_deleted_account_is_refused(name):
    form = SignUpForm(
        data={
            "username": name,
            "password1": "long-pass-phrase-9",
            "password2": "long-pass-phrase-9",
        }
    )
    assert not form.is_valid()
    assert [error.code for error in form.errors.as_data()["username"]] == ["deleted_look_alike"]
    with translation.override("zh-hans"):
        assert "已注销账户" in str(form.errors["username"])


@pytest.mark.parametrize("name", ["已注销", "玩家", "deleted", "player1", "注销王"])
def test_names_with_part_of_it_are_free(name):
    form = SignUpForm(
        data={
            "username": name,
            "password1": "long-pass-phrase-9",
            "password2": "long-pass-phrase-9",
        }
    )
    assert form.is_valid(), form.errors
