"""Rankings keep table sizes apart (RULES.md section 14): points won at a table for two,
where one opponent pays, are not points won at a table for four. The ranking page shows
one table size at a time, four by default."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.history import ranking
from games.history.my_rounds import player_stats
from games.models import Room
from games.words import labels
from tests.history.ledger_rounds import ledger_round, people

pytestmark = pytest.mark.django_db


def room_for(players: int) -> Room:
    owner = User.objects.create(username=f"owner{players}")
    options = {} if players == 4 else {"players": players}
    return Room.objects.create(name=f"{players}", owner=owner, options=options)


def names(rows):
    return [(row.name, row.rounds, row.net) for row in rows]


def test_each_table_size_has_its_own_ranking(client):
    a, b, c, d = people("ana", "bo", "cai", "du")
    four, three, two = room_for(4), room_for(3), room_for(2)
    for _ in range(5):
        ledger_round(four, [a, b, c, d], [(1, 0, 2)])  # ana +2 at four
        ledger_round(three, [b, c, d], [(0, 1, 4), (2, 1, 4)])  # cai +8 at three
        ledger_round(two, [d, a], [(1, 0, 8)])  # du +8 at two
    assert names(ranking.all_time()) == [
        ("ana", 5, 10),
        ("cai", 5, 0),
        ("du", 5, 0),
        ("bo", 5, -10),
    ]
    assert names(ranking.all_time(3)) == [("cai", 5, 40), ("bo", 5, -20), ("du", 5, -20)]
    assert names(ranking.all_time(2)) == [("du", 5, 40), ("ana", 5, -40)]
    assert names(ranking.weekly(players=2)) == [("du", 5, 40), ("ana", 5, -40)]
    # The page: four by default, another size by its tab; a size it does not know is four.
    page = client.get(reverse("ranking"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    row = 'scope="row">{}</th>'.format
    assert 'aria-current="page">四人</a>' in page and row("bo") in page
    page = client.get(reverse("ranking") + "?players=2", HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = page.content.decode()
    assert 'aria-current="page">两人</a>' in html and row("du") in html
    assert row("bo") not in html  # bo never sat at a table for two
    odd = client.get(reverse("ranking") + "?players=5", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert 'aria-current="page">四人</a>' in odd.content.decode()
    # A profile lists ana's four rankings (this week and all time, at four and at two),
    # naming the table size of those not at four.
    ranks = ranking.ranks_of(a)
    assert [rank for _, rank in ranks] == [1, 1, 2, 2]
    two_players = str(labels.TABLE_SIZE_NAMES[2])
    assert [two_players in str(label) for label, _ in ranks] == [False, False, True, True]


def test_a_profile_counts_each_table_size_apart(client):
    a, b, c = people("ana", "bo", "cai")
    four, three = room_for(4), room_for(3)
    ledger_round(four, [a, b, c, None], [(1, 0, 2)])
    ledger_round(three, [a, b, c], [(0, 1, 8), (2, 1, 8)])
    assert (player_stats(user=a).rounds, player_stats(user=a).net) == (1, 2)
    assert (player_stats(user=a, players=3).rounds, player_stats(user=a, players=3).net) == (1, -8)
    client.force_login(a)
    page = client.get(reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = page.content.decode()
    assert "统计 · 四人" in html and "<h3>三人</h3>" in html
