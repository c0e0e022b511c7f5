"""Fair play between friends (issue 47): the table warns everybody when two players join
from the same network address or the same browser, in a line that shows no address; the
seat keeps only a digest of the address, and forgets it when freed."""

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.urls import reverse

from accounts import devices
from games.models import Room, Seat
from games.rooms.seating import fill_empty_seats, set_ready
from tests.rooms.forms import form_data

pytestmark = pytest.mark.django_db
WARN_NETWORK = "同一网络"
WARN_BROWSER = "同一浏览器"


def person(name):
    return User.objects.create_user(name, password="x-long-password-1")


def make_room(client, owner, address):
    client.force_login(owner)
    response = client.post(reverse("create_room"), form_data(name="同桌"), REMOTE_ADDR=address)
    return response.url.rstrip("/").split("/")[-1]


def sit(client, user, code, address, cookies=None):
    client.force_login(user)
    if cookies:
        client.cookies[devices.COOKIE] = cookies
    client.post(reverse("sit", args=[code]), REMOTE_ADDR=address)


def table_html(client, code):
    return client.get(
        reverse("table", args=[code]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()


def test_two_players_from_one_network_are_named_to_everybody_without_the_address(client):
    owner, friend, other = person("owner"), person("friend"), person("other")
    code = make_room(client, owner, "203.0.113.7")
    sit(client, other, code, "198.51.100.2")
    assert WARN_NETWORK not in table_html(client, code)
    sit(client, friend, code, "203.0.113.7")
    html = table_html(client, code)
    assert WARN_NETWORK in html and "203.0.113.7" not in html
    assert all("203.0.113.7" not in s.address_key for s in Seat.objects.all())
    client.force_login(friend)
    client.post(reverse("leave", args=[code]))
    assert WARN_NETWORK not in table_html(client, code)
    assert Seat.objects.get(user__isnull=True, index=2).address_key == ""


def test_two_accounts_from_one_browser_are_named_to_everybody(client, rf):
    owner, friend = person("owner"), person("friend")
    code = make_room(client, owner, "203.0.113.7")
    # The browser the friend sits down from has logged in to the owner's account before.
    request, response = rf.get("/"), HttpResponse()
    devices.remember(request, response, owner)
    request.COOKIES[devices.COOKIE] = response.cookies[devices.COOKIE].value
    devices.remember(request, response, friend)
    sit(client, friend, code, "198.51.100.2", cookies=response.cookies[devices.COOKIE].value)
    assert WARN_BROWSER in table_html(client, code)


def test_while_a_round_is_played_the_bar_keeps_the_warning_without_the_address(client):
    owner, friend = person("owner"), person("friend")
    code = make_room(client, owner, "203.0.113.7")
    sit(client, friend, code, "203.0.113.7")
    room = Room.objects.get(code=code)
    fill_empty_seats(room=room, user=owner, level="easy")
    for user in (owner, friend):
        set_ready(room=room, user=user)
    assert room.rounds.exists()  # the round is on: the seating part is gone
    html = table_html(client, code)
    scores = html[html.index('id="scores"') : html.index("</section>", html.index('id="scores"'))]
    assert WARN_NETWORK in scores and "origin-flag" in scores
    assert "203.0.113.7" not in html
