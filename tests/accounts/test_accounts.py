import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "bamboo-7-dots-9"


def signup(client, username="lanlan", password1=GOOD_PASSWORD, password2=GOOD_PASSWORD):
    return client.post(
        reverse("accounts:signup"),
        {"username": username, "password1": password1, "password2": password2},
    )


def test_signup_creates_the_user_and_logs_them_in(client):
    response = signup(client)
    assert response.status_code == 302
    assert User.objects.filter(username="lanlan").exists()
    home = client.get(reverse("home"))
    assert home.wsgi_request.user.username == "lanlan"
    assert "lanlan" in home.content.decode()


def test_signup_with_a_taken_name_gives_a_form_error_and_creates_nothing(client):
    User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    response = signup(client, username="lanlan")
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert User.objects.count() == 1
    assert not response.wsgi_request.user.is_authenticated


def test_signup_with_mismatched_passwords_gives_a_form_error(client):
    response = signup(client, password2=GOOD_PASSWORD + "x")
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.exists()


@pytest.mark.parametrize("weak", ["12345678", "password", "abc"])
def test_signup_with_a_weak_password_gives_a_form_error(client, weak):
    response = signup(client, password1=weak, password2=weak)
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.exists()


def test_form_errors_are_shown_in_chinese_by_default(client):
    response = signup(client, password2="different-password-1")
    assert "输入的两个密码不一致" in response.content.decode()


def test_login_with_a_wrong_password_fails_with_a_message(client):
    User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    response = client.post(
        reverse("accounts:login"), {"username": "lanlan", "password": "wrong-password"}
    )
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert not response.wsgi_request.user.is_authenticated


def test_login_and_logout(client):
    User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    response = client.post(
        reverse("accounts:login"), {"username": "lanlan", "password": GOOD_PASSWORD}
    )
    assert response.status_code == 302
    assert client.get(reverse("accounts:profile")).status_code == 200
    client.post(reverse("accounts:logout"))
    assert client.get(reverse("accounts:profile")).status_code == 302


@pytest.mark.parametrize("name", ["accounts:profile", "accounts:password_change"])
def test_pages_that_need_a_login_redirect_to_it(client, name):
    url = reverse(name)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:login')}?next={url}"


def test_change_password(client):
    user = User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    client.force_login(user)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": GOOD_PASSWORD,
            "new_password1": "another-long-phrase-42",
            "new_password2": "another-long-phrase-42",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another-long-phrase-42")


def test_change_password_needs_the_old_one(client):
    user = User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    client.force_login(user)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": "not-it",
            "new_password1": "another-long-phrase-42",
            "new_password2": "another-long-phrase-42",
        },
    )
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.check_password(GOOD_PASSWORD)


@pytest.mark.parametrize("name", ["accounts:signup", "accounts:login", "accounts:logout"])
def test_posts_without_a_csrf_token_are_refused(name):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse(name),
        {"username": "lanlan", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD},
    )
    assert response.status_code == 403
    assert not User.objects.exists()


def test_the_profile_shows_the_user(client):
    user = User.objects.create_user("lanlan", password=GOOD_PASSWORD)
    client.force_login(user)
    assert "lanlan" in client.get(reverse("accounts:profile")).content.decode()


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "http:evil.example", "/\\evil.example"]
)
def test_signup_never_sends_the_new_player_to_another_site(client, target):
    response = client.post(
        reverse("accounts:signup") + "?next=" + target,
        {
            "username": "newcomer",
            "password1": "long-pass-phrase-9",
            "password2": "long-pass-phrase-9",
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("home")


def test_signup_goes_on_to_a_page_of_the_site(client):
    response = client.post(
        reverse("accounts:signup") + "?next=/history/",
        {
            "username": "newcomer",
            "password1": "long-pass-phrase-9",
            "password2": "long-pass-phrase-9",
        },
    )
    assert response.url == "/history/"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/"])
def test_login_never_sends_the_player_to_another_site(client, target):
    User.objects.create_user("back", password="long-pass-phrase-9")
    response = client.post(
        reverse("accounts:login") + "?next=" + target,
        {"username": "back", "password": "long-pass-phrase-9"},
    )
    assert response.status_code == 302 and "evil" not in response.url
