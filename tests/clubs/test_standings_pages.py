"""The club's standings on its pages: the current period's by default, an earlier one by
``?period=`` (junk is the current one), each person's rounds on a page of their own, the
CSV export for members; nothing of it for anybody else."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from tests.clubs.club_rounds import club_of, club_room, played, win
from tests.history.ledger_rounds import people

pytestmark = pytest.mark.django_db
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}


@pytest.fixture
def club_with_a_round():
    owner, ana, bo, cai = people("owner", "ana", "bo", "cai")
    club = club_of(owner, [ana, bo, cai])
    room = club_room(club)
    rnd = played(
        room,
        [ana, bo, cai, None],
        [(1, 0, 4), (2, 0, 4), (3, 0, 4)],
        ended_at=timezone.now(),
        winners=[win(0, "zimo", fan=2, points=4, patterns={"qingyise": 2})],
    )
    return club, owner, ana, rnd


def test_a_member_sees_the_standings_of_the_current_period(client, club_with_a_round):
    club, owner, ana, rnd = club_with_a_round
    client.force_login(owner)
    html = client.get(reverse("clubs:club", args=[club.pk]), **ZH).content.decode()
    section = html[html.index('id="standings"') :]
    assert ">ana</a>" in section and ">12<" in section and ">-4<" in section
    assert reverse("round_detail", args=[rnd.pk]) in section  # ana's biggest hand
    junk = client.get(reverse("clubs:club", args=[club.pk]) + "?period=2026-99-99", **ZH)
    assert junk.status_code == 200 and ">ana</a>" in junk.content.decode()


def test_members_export_the_standings_and_see_a_members_rounds(client, club_with_a_round):
    club, owner, ana, rnd = club_with_a_round
    client.force_login(owner)
    response = client.get(reverse("clubs:standings_csv", args=[club.pk]), **ZH)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8-sig")
    assert body.splitlines()[1].split(",")[1:3] == ["ana", "12"]
    page = client.get(reverse("clubs:member", args=[club.pk, ana.pk]), **ZH).content.decode()
    assert reverse("round_detail", args=[rnd.pk]) in page and ">12<" in page


def test_nobody_outside_the_club_sees_its_standings(client, club_with_a_round):
    club, owner, ana, rnd = club_with_a_round
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    client.force_login(stranger)
    for url in (
        reverse("clubs:club", args=[club.pk]),
        reverse("clubs:standings_csv", args=[club.pk]),
        reverse("clubs:member", args=[club.pk, ana.pk]),
    ):
        assert client.get(url).status_code == 404


def test_the_club_page_shows_the_top_and_the_whole_list_is_a_page_of_its_own(client):
    owner, *players = people("owner", *[f"p{i:02d}" for i in range(36)])
    club = club_of(owner, players)
    room = club_room(club)
    for number in range(9):  # nine rounds of four: 36 players, each with their own net
        four = players[4 * number : 4 * number + 4]
        pay = [(seat, 0, seat + number) for seat in (1, 2, 3)]
        played(room, four, pay, ended_at=timezone.now())
    client.force_login(owner)
    page = client.get(reverse("clubs:club", args=[club.pk])).content.decode()
    section = page[page.index('id="standings"') : page.index('id="members"')]
    assert section.count('<th scope="row"') == 30
    whole_url = reverse("clubs:standings", args=[club.pk])
    assert whole_url in section and "全部 36 人" in section
    whole = client.get(whole_url, **ZH)
    html = whole.content.decode()
    assert whole.status_code == 200 and html.count('<th scope="row"') == 36
    # Members only, as every page of the club.
    client.force_login(User.objects.create_user("stranger", password="x-long-password-1"))
    assert client.get(whole_url).status_code == 404
