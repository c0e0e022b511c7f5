"""A set of same deals is shared as a link: its page copies the link with one press, and
a friend who is not logged in lands on a log-in (or sign-up) page that names the set,
who made it and how many deals, as does the card a chat shows for the link."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from challenge import friends

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture
def deal_set():
    owner = User.objects.create_user("兰兰", password="x-long-password-1")
    return friends.create(owner=owner, name="周末四局", count=2)


def test_a_logged_out_friend_sees_which_set_and_who_made_it(deal_set):
    friend = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    link = reverse("challenge:deal_set", args=[deal_set.code])
    response = friend.get(link, follow=True)
    page = response.content.decode()
    assert response.redirect_chain and "/accounts/login/" in response.redirect_chain[-1][0]
    for word in ("兰兰", "周末四局", "2 局"):
        assert word in page
    title = re.search(r'<meta property="og:title" content="([^"]*)"', page).group(1)
    assert "兰兰" in title and "周末四局" in title
    # Signing up from there names it too.
    signup = friend.get(reverse("accounts:signup") + "?next=" + link).content.decode()
    assert "周末四局" in signup and "兰兰" in signup


def test_the_landing_page_in_english(deal_set):
    friend = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = friend.get(
        reverse("challenge:deal_set", args=[deal_set.code]), follow=True
    ).content.decode()
    assert "Same deals from 兰兰: 周末四局, 2 deals" in page


def test_an_unknown_set_s_link_names_nothing(deal_set):
    page = Client().get(reverse("accounts:login") + "?next=/challenge/friends/NOSUCH/")
    assert "周末四局" not in page.content.decode()


def test_the_set_s_page_copies_its_link_with_one_press(deal_set):
    client = Client()
    client.force_login(deal_set.owner)
    page = client.get(reverse("challenge:deal_set", args=[deal_set.code])).content.decode()
    share = re.search(r'<div class="share"[^>]*>', page)
    assert share, "no share control"
    assert f"/challenge/friends/{deal_set.code}/" in share.group(0)
    assert 'class="share-button"' in page and "js/share" in page


def test_the_new_set_form_is_laid_out_like_the_site_s_forms(deal_set):
    client = Client()
    client.force_login(deal_set.owner)
    page = client.get(reverse("challenge:new_deal_set")).content.decode()
    assert re.search(r'<div class="field"><label for="id_name">', page)
    assert re.search(r'<div class="field"><label for="id_deals">', page)
