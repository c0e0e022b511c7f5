"""Filling every empty seat with computer players in one click, and the share control.

The owner fills the empty seats with the level chosen, people keep their seats, and
nobody else may; a full, playing or closed room refuses and stays as it was. The table
page shows the room code and the table's whole address to share, all in Chinese."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Room
from games.play import broadcast
from games.play.errors import ServiceError
from games.rooms.seating import (
    add_bot,
    create_room,
    fill_empty_seats,
    leave_seat,
    set_auto_rounds,
    set_ready,
    take_seat,
)

pytestmark = pytest.mark.django_db


def make_user(name):
    return User.objects.create_user(name, password="x-long-password-1")


@pytest.fixture
def owner():
    return make_user("阿明")


@pytest.fixture
def friend():
    return make_user("小红")


@pytest.fixture
def room(owner):
    return create_room(owner=owner, name="周末局", options={})


def seating(room):
    """Who sits where: (index, user id, level, ready) for every seat."""
    return [(s.index, s.user_id, s.bot_level, s.ready) for s in room.seats.order_by("index")]


def fill_url(room):
    return reverse("fill_bots", kwargs={"code": room.code})


# --- the service -------------------------------------------------------------------------


def test_fill_puts_the_chosen_level_in_exactly_the_empty_seats(room, owner, friend):
    take_seat(room=room, user=friend, index=2)
    filled = fill_empty_seats(room=room, user=owner, level="easy")
    assert [s.index for s in filled] == [1, 3]
    assert seating(room) == [
        (0, owner.pk, "", False),  # the owner keeps the east seat
        (1, None, "easy", True),
        (2, friend.pk, "", False),  # the friend keeps theirs
        (3, None, "easy", True),
    ]
    assert not room.rounds.exists()  # nobody has pressed ready: no deal yet


def test_fill_leaves_a_computer_already_seated_as_it_was(room, owner):
    add_bot(room=room, user=owner, index=1, level="easy")
    fill_empty_seats(room=room, user=owner, level="strong")
    assert [level for _, _, level, _ in seating(room)] == ["", "easy", "strong", "strong"]


@pytest.mark.parametrize("who", ["stranger", "friend"])
def test_only_the_owner_may_fill(room, owner, friend, who):
    user = make_user("路人") if who == "stranger" else friend
    if who == "friend":
        take_seat(room=room, user=friend, index=1)  # seated, but not the owner
    before = seating(room)
    with pytest.raises(ServiceError, match="只有房主"):
        fill_empty_seats(room=room, user=user, level="strong")
    assert seating(room) == before


def test_an_unknown_level_is_refused(room, owner):
    before = seating(room)
    with pytest.raises(ServiceError, match="未知的电脑难度"):
        fill_empty_seats(room=room, user=owner, level="grandmaster")
    assert seating(room) == before


def test_a_full_table_has_nothing_to_fill(room, owner, friend):
    take_seat(room=room, user=friend, index=1)
    add_bot(room=room, user=owner, index=2, level="easy")
    add_bot(room=room, user=owner, index=3, level="easy")
    before = seating(room)
    with pytest.raises(ServiceError, match="没有空位可补"):
        fill_empty_seats(room=room, user=owner, level="strong")
    assert seating(room) == before


def test_a_room_being_played_or_closed_refuses(room, owner, friend):
    take_seat(room=room, user=friend, index=1)
    add_bot(room=room, user=owner, index=2, level="easy")
    add_bot(room=room, user=owner, index=3, level="easy")
    set_ready(room=room, user=owner)
    set_ready(room=room, user=friend)
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    # Even with a seat empty mid-round (none can be, but the rule must not rely on it),
    # the fill waits for the round to end.
    room.seats.filter(index=3).update(bot_level="")
    before = seating(room)
    with pytest.raises(ServiceError, match="本局正在进行"):
        fill_empty_seats(room=room, user=owner, level="strong")
    assert seating(room) == before
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    with pytest.raises(ServiceError, match="房间已关闭"):
        fill_empty_seats(room=room, user=owner, level="strong")
    assert seating(room) == before


def test_the_table_and_the_lobby_are_told_once(
    room, owner, monkeypatch, django_capture_on_commit_callbacks
):
    told = []
    monkeypatch.setattr(
        broadcast,
        "broadcast_table_changed",
        lambda room, version=None, snapshot=None: told.append("table"),
    )
    monkeypatch.setattr(broadcast, "broadcast_lobby_changed", lambda rooms=(): told.append("lobby"))
    with django_capture_on_commit_callbacks(execute=True):
        fill_empty_seats(room=room, user=owner, level="strong")
    assert sorted(told) == ["lobby", "table"]


def test_an_owner_ready_before_filling_gets_the_deal_at_once(room, owner):
    set_ready(room=room, user=owner)  # pressed 准备 at an empty table
    fill_empty_seats(room=room, user=owner, level="strong")
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    assert room.rounds.count() == 1


def test_an_owner_ready_before_adding_computers_one_by_one_gets_the_deal_too(room, owner):
    set_ready(room=room, user=owner)
    for index in (1, 2):
        add_bot(room=room, user=owner, index=index, level="easy")
        assert not room.rounds.exists()  # a seat is still empty
    add_bot(room=room, user=owner, index=3, level="easy")
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING and room.rounds.count() == 1


def test_a_table_of_computers_plays_its_unattended_rounds_once_filled(room, owner):
    leave_seat(room=room, user=owner)
    set_auto_rounds(room=room, user=owner, rounds=2)
    assert not room.rounds.exists()  # four empty seats: nothing to play yet
    fill_empty_seats(room=room, user=owner, level="easy")
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING and room.auto_rounds == 1


def test_a_table_of_computers_without_unattended_rounds_waits(room, owner):
    leave_seat(room=room, user=owner)
    fill_empty_seats(room=room, user=owner, level="easy")
    assert not room.rounds.exists()  # as when the fourth computer is added by hand


# --- the view ----------------------------------------------------------------------------


def test_the_owner_fills_with_a_plain_form_post(client, room, owner):
    client.force_login(owner)
    response = client.post(fill_url(room), {"level": "easy"})
    assert response.status_code == 302
    assert response["Location"] == reverse("table", kwargs={"code": room.code})
    assert [level for _, _, level, _ in seating(room)] == ["", "easy", "easy", "easy"]
    page = client.get(response["Location"]).content.decode()
    assert page.count("电脑") >= 3 and "用电脑补满" not in page  # no empty seat left


def test_a_refusal_is_shown_in_chinese_and_changes_nothing(client, room, friend):
    client.force_login(friend)
    before = seating(room)
    response = client.post(fill_url(room), {"level": "strong"}, follow=True)
    assert "只有房主" in response.content.decode()
    assert seating(room) == before


def test_with_htmx_the_answer_is_the_error_line(client, room, owner, friend):
    client.force_login(friend)
    response = client.post(fill_url(room), {"level": "strong"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.startswith('<div id="table-error"') and "只有房主" in html
    client.force_login(owner)
    response = client.post(fill_url(room), {"level": "strong"}, HTTP_HX_REQUEST="true")
    assert re.fullmatch(r'<div id="table-error"[^>]*></div>\s*', response.content.decode())
    assert [level for _, _, level, _ in seating(room)] == ["", "strong", "strong", "strong"]


def test_filling_needs_a_login_and_a_post(client, room, owner):
    before = seating(room)
    response = client.post(fill_url(room), {"level": "strong"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(owner)
    assert client.get(fill_url(room), {"level": "strong"}).status_code == 405
    assert seating(room) == before


def _parts_a_player_reads(html: str) -> str:
    """The table header and the seats, as words: text and the words in attributes the
    page shows or reads out (labels, the share control's messages)."""
    header = re.search(r'<header class="table-header">.*?</header>', html, re.S).group(0)
    seats = re.search(r'<section id="seating".*?</section>', html, re.S).group(0)
    chunk = header + seats
    attributes = re.findall(
        r'(?:aria-label|data-copied|data-shared|data-copy-by-hand)="([^"]*)"', chunk
    )
    chunk = re.sub(r"<(script|style)\b.*?</\1>", " ", chunk, flags=re.S)
    # The language switch in the menu names each language in itself ("English", lang="en").
    chunk = re.sub(r'<button[^>]*\blang="en"[^>]*>[^<]*</button>', " ", chunk)
    text = re.sub(r"<[^>]+>", " ", chunk)
    return " ".join([text, *attributes])


def test_the_chinese_table_page_offers_fill_and_share_without_english(client, room, owner):
    client.force_login(owner)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    url = f"http://testserver/t/{room.code}/"
    assert f'data-share-url="{url}"' in html and f'value="{url}"' in html
    assert "/static/js/share.js" in html
    assert (
        '<option value="strong">高手</option><option value="expert">大师</option>'
        '<option value="easy">普通</option>'
    ) in html
    words = _parts_a_player_reads(html)
    for shown in ("房间号", room.code, "分享链接", "链接已复制", "用电脑补满 3 个空位", "电脑难度"):
        assert shown in words
    leftover = words.replace(room.code, " ").replace(url, " ")
    assert re.findall(r"[A-Za-z]{2,}", leftover) == []


def test_only_the_owner_sees_the_fill_button_but_everyone_may_share(client, room, friend):
    client.force_login(friend)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert "用电脑补满" not in html
    assert "分享链接" in html and room.code in html


def test_the_owner_is_offered_the_expert_level_and_the_table_names_it(client, room, owner):
    """大师 beats 高手 in the duplicate benchmark (benchmarks/bots/bench_bots.py): the owner
    may seat one in an empty seat or fill every empty seat with them."""
    client.force_login(owner)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert '<option value="expert">大师</option>' in html
    assert "加电脑（大师）" in html
    response = client.post(
        reverse("add_bot", kwargs={"code": room.code}), {"index": 1, "level": "expert"}
    )
    assert response.status_code in (200, 302)
    assert seating(room)[1] == (1, None, "expert", True)
    html = client.get(reverse("table", kwargs={"code": room.code})).content.decode()
    assert "电脑南（大师）" in html
