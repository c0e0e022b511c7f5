"""The ranking (/ranking/): people by net points per round from the ledger, this week and
of all time, each with a minimum number of rounds; computer players never ranked."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from games.history import ranking
from games.models import Room, Round
from tests.history.ledger_rounds import ledger_round, people

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    owner = User.objects.create(username="fangzhu")
    return Room.objects.create(name="榜", owner=owner)


def finished_round(room, seats, payments, *, ended_at=None):
    """A finished round: ``seats`` four users (None: a computer player), ``payments``
    (payer seat, payee seat, amount) in its ledger."""
    return ledger_round(room, seats, payments, ended_at=ended_at)


def table(rows):
    return [(row.rank, row.name, row.rounds, row.net) for row in rows]


def test_players_are_ranked_by_net_points_per_round(room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    # bo wins 6 in each of 5 rounds (+30, 6 a round); ana wins 4 in each of 6 rounds and
    # pays 2 in one more (+22 over 7, about 3.14 a round); cai and du pay.
    for _ in range(5):
        finished_round(room, [a, b, c, d], [(2, 1, 4), (3, 1, 2)])
    for _ in range(6):
        finished_round(room, [a, b, c, d], [(3, 0, 4)])
    finished_round(room, [a, b, c, d], [(0, 2, 2)])
    rows = ranking.all_time()
    # Per round: ana 22/12, bo 30/12, cai (−20 + 2)/12, du (−10 − 24)/12.
    assert table(rows) == [
        (1, "bo", 12, 30),
        (2, "ana", 12, 22),
        (3, "cai", 12, -18),
        (4, "du", 12, -34),
    ]
    assert sum(row.net for row in rows) == 0  # every point paid is a point won


def test_fewer_rounds_but_more_per_round_ranks_higher_and_ties_share_a_rank(room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    e, f, g, h = people("er", "fu", "gu", "hu")
    for _ in range(5):  # ana +8 a round over 5
        finished_round(room, [a, b, c, d], [(1, 0, 8)])
    for _ in range(10):  # er +6 a round over 10, fu the same
        finished_round(room, [e, f, g, h], [(2, 0, 6), (3, 1, 6)])
    rows = ranking.all_time()
    assert [(row.rank, row.name) for row in rows[:3]] == [(1, "ana"), (2, "er"), (2, "fu")]
    assert rows[3].rank == 4


def test_a_player_needs_the_minimum_rounds_to_be_ranked(room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    assert ranking.ALL_TIME_MIN_ROUNDS == 5 and ranking.WEEKLY_MIN_ROUNDS == 3
    for _ in range(2):  # ana wins big, but in two rounds only
        finished_round(room, [a, b, c, d], [(1, 0, 64)])
    assert ranking.weekly() == [] and ranking.all_time() == []
    finished_round(room, [a, b, c, d], [(2, 3, 1)])
    assert [row.name for row in ranking.weekly()] == ["ana", "du", "cai", "bo"]
    assert ranking.all_time() == []  # three rounds: ranked this week, not of all time
    for _ in range(2):
        finished_round(room, [a, b, c, d], [(2, 3, 1)])
    assert [row.name for row in ranking.all_time()] == ["ana", "du", "cai", "bo"]


def test_the_weekly_table_holds_the_last_seven_days_only(room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    now = timezone.now()
    for _ in range(3):  # ana won a lot, but eight days ago
        finished_round(room, [a, b, c, d], [(1, 0, 32)], ended_at=now - timedelta(days=8))
    for _ in range(3):  # bo wins a little today
        finished_round(room, [a, b, c, d], [(0, 1, 2)], ended_at=now)
    weekly = ranking.weekly(now)
    assert [row.name for row in weekly][0] == "bo"
    assert next(row for row in weekly if row.name == "ana").net == -6
    # All time, ana's old rounds count.
    assert [row.name for row in ranking.all_time()][0] == "ana"
    # Six days later today's rounds still count; eight days later they no longer do.
    assert table(ranking.weekly(now + timedelta(days=6))) == table(weekly)
    assert ranking.weekly(now + timedelta(days=8)) == []


def test_computer_players_are_never_ranked_but_what_people_pay_them_counts(room):
    (a,) = people("ana")
    for _ in range(6):  # ana alone with three computers: she pays 2, wins 1
        finished_round(room, [a, None, None, None], [(0, 1, 2), (2, 0, 1)])
    rows = ranking.all_time()
    assert table(rows) == [(1, "ana", 6, -6)]
    html = ranking_page_html()
    names = re.findall(r'<th scope="row">(.*?)</th>', html)
    assert names == ["ana", "ana"]  # this week and all time; no computer player
    assert "-1.00" in html


def test_unfinished_rounds_do_not_count(room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    for _ in range(5):
        finished_round(room, [a, b, c, d], [(1, 0, 2)])
    Round.objects.filter(pk=room.rounds.first().pk).update(status=Round.Status.PLAYING)
    assert ranking.all_time() == []


def ranking_page_html(client=None):
    from django.test import Client

    client = client or Client()
    client.cookies["django_language"] = "zh-hans"
    response = client.get(reverse("ranking"))
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_rank_name_rounds_net_and_per_round_in_both_tables(client, room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    for _ in range(5):
        finished_round(room, [a, b, c, d], [(1, 0, 3), (2, 0, 1)])
    client.force_login(a)
    html = ranking_page_html(client)
    weekly = html.split('id="weekly"')[1].split("</section>")[0]
    all_time = html.split('id="all-time"')[1].split("</section>")[0]
    for part in (weekly, all_time):
        first = re.sub(
            r"\s+", " ", re.sub(r"<[^>]+>", " ", part.split("<tbody>")[1].split("</tr>")[0])
        ).split()
        assert first == ["1", "ana", "5", "20", "4.00"]
        assert 'class="me" aria-current="true"' in part  # the viewer's own row
    assert "名次" in html and "每局" in html


def test_the_profile_links_to_the_ranking_and_says_the_players_place(client, room):
    a, b, c, d = people("ana", "bo", "cai", "du")
    for _ in range(5):
        finished_round(room, [a, b, c, d], [(0, 1, 3)])
    client.force_login(a)
    client.cookies["django_language"] = "zh-hans"
    html = client.get(reverse("accounts:profile")).content.decode()
    card = html.split('<section class="card">')[1]
    assert f'href="{reverse("ranking")}"' in card
    assert "本周第 4 名" in unescape(card) and "总榜第 4 名" in unescape(card)


def test_the_ranking_counts_in_each_rooms_base_so_stakes_compare(room):
    a, b, c, d = people("gao", "di", "x1", "x2")
    high = Room.objects.create(name="高底分", owner=room.owner, options={"base": 10})
    low = Room.objects.create(name="低底分", owner=room.owner, options={"base": 1})
    for _ in range(5):
        # gao wins 30 points at a base of 10 (3 bases); di wins 5 at a base of 1 (5 bases).
        finished_round(high, [a, c, None, None], [(1, 0, 30)])
        finished_round(low, [b, d, None, None], [(1, 0, 5)])
    rows = {row.name: row for row in ranking.all_time()}
    assert rows["di"].rank == 1 and rows["gao"].rank == 2
    assert rows["gao"].net == 15 and rows["gao"].per_round == 3.0
    assert rows["x1"].net == -15 and rows["x2"].net == -25


def test_the_page_says_the_ranking_counts_in_base_stakes(client, room):
    html = client.get(reverse("ranking"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "每局按所在房间的底分折算" in html
