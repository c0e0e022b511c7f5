"""A match of N rounds on the pages: the room form's 局数, "第 k / N 局" at the table, and
the final standings at the table and on the room's scoreboard once the match is over."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.history import my_rounds as history
from games.models import Room, Round
from games.play import matches
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready
from tests.rooms.forms import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return User.objects.create_user("owner", password="x-long-password-1")


def table_html(client, room) -> str:
    return client.get(reverse("table", kwargs={"code": room.code})).content.decode()


def with_computers(owner, options) -> Room:
    room = create_room(owner=owner, name="局", options=options)
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="easy")
    return room


def play_round(room, owner) -> Round:
    """One whole round, the computer playing for the owner too (托管)."""
    rnd = set_ready(room=room, user=owner)
    set_auto_play(room=room, user=owner, on=True)
    run_bots(round_id=rnd.pk)
    set_auto_play(room=room, user=owner, on=False)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    return rnd


# --- the room form ---------------------------------------------------------------------------


def test_the_room_form_offers_open_ended_or_1_to_16_rounds(client, owner):
    client.force_login(owner)
    html = client.get(reverse("create_room")).content.decode()
    select = re.search(r'<select name="rounds"[^>]*>(.*?)</select>', html, re.S).group(1)
    values = re.findall(r'<option value="([^"]*)"', select)
    assert values == [""] + [str(n) for n in range(1, 17)]
    assert re.search(r'<option value="" selected>不限</option>', select)
    assert "局数" in html


def test_a_room_created_for_four_rounds_keeps_it_with_its_options(client, owner):
    client.force_login(owner)
    client.post(reverse("create_room"), form_data(name="四局", rounds="4"))
    assert Room.objects.get(name="四局").options["rounds"] == 4
    client.post(reverse("create_room"), form_data(name="不限"))
    assert "rounds" not in Room.objects.get(name="不限").options


@pytest.mark.parametrize("value", ["0", "17", "four", "-1", "4.5"])
def test_a_number_of_rounds_out_of_range_is_refused_with_a_clear_message(client, owner, value):
    client.force_login(owner)
    response = client.post(reverse("create_room"), form_data(name="坏", rounds=value))
    assert response.status_code == 200 and not Room.objects.exists()
    assert "局数：请选择“不限”或 1 到 16 之间的整数。" in response.content.decode()
    with translation.override("en"):
        response = client.post(
            reverse("create_room"), form_data(name="bad", rounds=value), HTTP_ACCEPT_LANGUAGE="en"
        )
    assert "Rounds: choose open-ended or a whole number from 1 to 16." in (
        response.content.decode()
    )


def test_the_lobby_lists_the_match_length_with_the_options(client, owner):
    create_room(owner=owner, name="八局", options={"rounds": 8})
    html = client.get("/").content.decode()
    assert "8 局" in html
    with translation.override("en"):
        html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "a match of 8 rounds" in html


# --- the table -------------------------------------------------------------------------------


def test_the_table_shows_the_round_of_the_match(client, owner):
    room = with_computers(owner, {"rounds": 4})
    client.force_login(owner)
    assert "共 4 局" in table_html(client, room)  # before the first round
    play_round(room, owner)
    set_ready(room=room, user=owner)
    html = table_html(client, room)
    assert "第 2 / 4 局" in html
    client.cookies["django_language"] = "en"
    assert "Round 2 of 4" in table_html(client, room)


def test_an_open_ended_room_shows_the_round_number_alone(client, owner):
    room = with_computers(owner, {})
    set_ready(room=room, user=owner)
    client.force_login(owner)
    html = table_html(client, room)
    assert re.search(r'class="round-number">第 1 局<', html)
    assert "最终排名" not in html


def standings_rows(html: str) -> list[tuple[str, str, str]]:
    """(rank, name, total) of each line of the standings on a page."""
    section = re.search(r'<section id="standings".*?</section>', html, re.S).group(0)
    return re.findall(
        r'<td class="rank">(\d+)</td><th scope="row" class="name">([^<]+)</th>'
        r'<td class="total[^"]*">(-?\d+)</td>',
        section,
    )


def test_after_the_last_round_everyone_sees_the_final_standings_and_no_round_starts(client, owner):
    room = with_computers(owner, {"rounds": 2})
    rounds = [play_round(room, owner)]
    set_ready(room=room, user=owner)
    rnd = Round.objects.get(room=room, number=2)
    set_auto_play(room=room, user=owner, on=True)
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    rounds.append(rnd)

    client.force_login(owner)
    html = table_html(client, room)
    assert 'role="region" aria-label="最终排名"' in html
    assert "第 2 / 2 局" in html
    names = history.seat_names(rounds[0])
    expected = {names[seat]: sum(history.nets(r)[seat] for r in rounds) for seat in range(4)}
    shown = standings_rows(html)
    assert {name: int(total) for _rank, name, total in shown} == expected
    totals = [int(total) for _rank, _name, total in shown]
    assert [int(rank) for rank, _n, _t in shown] == matches.competition_ranks(totals)
    assert "准备下一局" not in html and "比赛已结束" in html

    # A ready press now: refused in words, and still two rounds.
    response = client.post(reverse("ready", kwargs={"code": room.code}), follow=True)
    assert "比赛已结束：2 局都已打完" in response.content.decode()
    assert Round.objects.filter(room=room).count() == 2

    # Somebody who watches (not seated) sees the same standings, on the page and in the
    # fragment the page polls.
    watcher = User.objects.create_user("watcher", password="x-long-password-1")
    client.force_login(watcher)
    assert standings_rows(table_html(client, room)) == shown
    fragment = client.get(reverse("table_fragment", kwargs={"code": room.code}))
    assert standings_rows(fragment.content.decode()) == shown

    # The room has closed: the lobby no longer lists it as a table to join.
    assert room.code not in client.get("/").content.decode()

    # They stay on the room's scoreboard.
    client.force_login(owner)
    scores = client.get(reverse("room_scores", args=[room.code])).content.decode()
    assert standings_rows(scores) == shown
    assert "最大牌型" in scores and "点炮" in scores


# --- live, over the table's socket -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_the_standings_reach_the_players_socket_when_the_last_round_ends():
    from asgiref.sync import sync_to_async

    from tests.table.oob import Page
    from tests.table.sockets import connect, session_cookie, settle

    @sync_to_async
    def a_one_round_match():
        host = User.objects.create_user("host", password="x-long-password-1")
        room = with_computers(host, {"rounds": 1})
        rnd = set_ready(room=room, user=host)
        set_auto_play(room=room, user=host, on=True)
        return room, rnd, session_cookie(host)

    room, rnd, cookie = await a_one_round_match()
    communicator, connected = await connect(room.code, cookie)
    assert connected
    page = Page()
    page.apply(await communicator.receive_from())
    assert "第 1 / 1 局" in page.table and 'id="standings"' not in page.table
    await sync_to_async(run_bots)(round_id=rnd.pk)  # each move tells the socket
    await settle(communicator, page)
    assert 'role="region" aria-label="最终排名"' in page.table
    assert "1 局的比赛已结束" in page.table and "准备下一局" not in page.table
    # A ready sent anyway (an old page) is refused to that player, in words.
    await communicator.send_json_to({"type": "ready"})
    page.apply(await communicator.receive_from())
    assert "比赛已结束：1 局都已打完" in page.error
    assert await sync_to_async(Round.objects.filter(room=room).count)() == 1
    await communicator.disconnect()
