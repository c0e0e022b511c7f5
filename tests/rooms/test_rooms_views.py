"""The lobby, the room form, joining, and the table page."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.models import Room, Seat
from games.rooms.forms import RoomForm
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.options import RoomOptions
from tests.rooms.forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return User.objects.create_user("owner", password="x-long-password-1")


def test_the_lobby_lists_open_rooms_with_players_and_options(client, owner):
    room = create_room(owner=owner, name="周末局", options={"cap": None, "haidi": True})
    add_bot(room=room, user=owner, index=2, level="easy")
    html = client.get("/").content.decode()
    assert "周末局" in html and room.code in html
    assert "owner" in html and "电脑西（普通）" in html
    assert "不封顶" in html and "海底" in html


def test_the_room_form_offers_every_option_with_the_defaults(owner, client):
    form = RoomForm()
    option_names = set(RoomOptions().to_dict())
    assert option_names <= set(form.fields)
    client.force_login(owner)
    html = client.get(reverse("create_room")).content.decode()
    assert re.search(r'<input[^>]*name="kong_transfer"[^>]*checked', html)
    assert not re.search(r'<input[^>]*name="haidi"[^>]*checked', html)
    assert re.search(r'<option value="4" selected>', html)  # the cap


def test_creating_a_room_keeps_the_chosen_options_and_seats_the_owner(client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("create_room"),
        form_data(name="我的房间", cap="", zimo_bonus="fan", pig_fan="2", haidi="on"),
    )
    room = Room.objects.get(name="我的房间")
    assert response["Location"] == reverse("table", kwargs={"code": room.code})
    assert room.options["cap"] is None and room.options["zimo_bonus"] == "fan"
    assert room.options["pig_fan"] == 2 and room.options["haidi"] is True
    assert room.options["kong_transfer"] is True  # a default left alone
    assert Seat.objects.get(room=room, index=0).user == owner


def test_an_invalid_option_is_a_form_error(client, owner):
    client.force_login(owner)
    response = client.post(reverse("create_room"), form_data(turn_seconds="3"))
    assert response.status_code == 200
    assert response.context["form"].errors["turn_seconds"]
    assert not Room.objects.exists()


def test_joining_by_code_and_by_link(client, owner):
    room = create_room(owner=owner, name="r", options={})
    response = client.get(reverse("join"), {"code": room.code.lower()})
    assert response["Location"] == reverse("table", kwargs={"code": room.code})
    response = client.get(reverse("join"), {"code": "NOPE99"}, follow=True)
    assert "NOPE99" in response.content.decode()


def test_anonymous_visitors_are_sent_to_log_in_before_sitting(client, owner):
    room = create_room(owner=owner, name="r", options={})
    url = reverse("table", kwargs={"code": room.code})
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    response = client.post(reverse("sit", kwargs={"code": room.code}), {"index": "1"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Seat.objects.filter(room=room, index=1, user__isnull=False).exists()


def test_a_player_takes_a_seat_and_the_owner_fills_the_rest_with_computers(client, owner):
    room = create_room(owner=owner, name="r", options={})
    friend = User.objects.create_user("friend", password="x-long-password-1")
    client.force_login(friend)
    client.post(reverse("sit", kwargs={"code": room.code}), {"index": "1"})
    assert Seat.objects.get(room=room, index=1).user == friend
    response = client.post(
        reverse("add_bot", kwargs={"code": room.code}),
        {"index": "2", "level": "strong"},
        follow=True,
    )
    assert "房主" in response.content.decode()  # only the owner may
    client.force_login(owner)
    for index in (2, 3):
        client.post(
            reverse("add_bot", kwargs={"code": room.code}), {"index": str(index), "level": "strong"}
        )
    assert room.seats.filter(bot_level="strong").count() == 2
    client.post(reverse("ready", kwargs={"code": room.code}))
    assert not room.rounds.exists()  # the friend is not ready yet
    client.force_login(friend)
    client.post(reverse("ready", kwargs={"code": room.code}))
    assert room.rounds.count() == 1


def test_the_table_page_names_every_control_for_assistive_technology(client, owner):
    room = create_room(owner=owner, name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    set_ready(room=room, user=owner)
    client.force_login(owner)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert 'role="group" aria-label="我的手牌"' in html
    assert 'aria-label="定缺：万"' in html and "定缺：筒" in html
    assert 'ws-connect="/ws/tables/' in html
    with translation.override("en"):
        client.cookies["django_language"] = "en"
        english = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert 'aria-label="Your hand"' in english and 'aria-label="Void: Characters"' in english
    assert "Characters" in english


def test_a_player_who_is_not_seated_watches_over_the_socket_and_may_sit(client, owner):
    room = create_room(owner=owner, name="r", options={})
    watcher = User.objects.create_user("watcher", password="x-long-password-1")
    client.force_login(watcher)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    # Live like the players' (tests/table/test_spectators.py), no polling.
    assert f'ws-connect="/ws/tables/{room.code}/"' in html and "hx-trigger" not in html
    assert "坐这里" in html


def test_the_tables_forms_also_work_as_plain_posts_before_the_socket_connects(client, owner):
    room = create_room(owner=owner, name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    client.force_login(owner)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert f'action="{reverse("table_action", kwargs={"code": room.code})}"' in html
    url = reverse("table_action", kwargs={"code": room.code})
    page_version = re.search(r'name="version" value="(\d+)"', html).group(1)
    response = client.post(url, {"type": "void", "suit": "p", "version": page_version})
    assert response.status_code == 302
    rnd.refresh_from_db()
    assert rnd.state["voids"][0] == 1 and rnd.version == 1
    # A stale form is refused with a message, and changes nothing.
    response = client.post(url, {"type": "void", "suit": "m", "version": page_version}, follow=True)
    assert "牌桌已经变化" in response.content.decode()
    rnd.refresh_from_db()
    assert rnd.state["voids"][0] == 1


def test_a_stranger_cannot_post_a_move(client, owner):
    room = create_room(owner=owner, name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    client.force_login(stranger)
    client.post(
        reverse("table_action", kwargs={"code": room.code}),
        {"type": "void", "suit": "p", "version": "0"},
    )
    rnd.refresh_from_db()
    assert rnd.version == 0


def test_a_malformed_posted_command_is_refused_like_one_on_the_socket(client, owner):
    room = create_room(owner=owner, name="r", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rnd = set_ready(room=room, user=owner)
    client.force_login(owner)
    url = reverse("table_action", kwargs={"code": room.code})
    for fields, error in (
        ({"type": "chow", "version": "0"}, "牌桌上没有这个操作"),
        ({"type": "void", "suit": "m"}, "缺少牌桌版本"),
        ({"type": "void", "suit": "m" * 50, "version": "0"}, "牌或花色无效"),
    ):
        response = client.post(url, fields, follow=True)
        assert error in response.content.decode()
    rnd.refresh_from_db()
    assert rnd.version == 0
