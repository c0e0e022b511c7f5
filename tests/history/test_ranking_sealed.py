"""The ranking leaves out the rounds of a sealed room (the daily challenge's and a set of
deals' tables) while it is sealed (``Room.is_sealed``): otherwise anybody would read off
the ranking how another player did on today's deal before playing it themselves."""

from datetime import timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games.history import ranking
from games.models import Room, Round
from tests.history.ledger_rounds import ledger_round, people

pytestmark = pytest.mark.django_db


def a_round(room, seats, payments, *, seed_hash, status=Round.Status.ENDED):
    """A round of ``room`` dealt from ``seed_hash`` (None in ``seats``: 大师)."""
    return ledger_round(
        room, seats, payments, seed_hash=seed_hash, status=status, bot_level="expert"
    )


def names(rows):
    return [(row.name, row.rounds, row.net) for row in rows]


@pytest.fixture
def challenger():
    """A person who has played five deals at a sealed table against three 大师 (a set of
    deals, open for a week), winning 8 on each, and five rounds at an ordinary table."""
    player, friend, other, third = people("tiaozhan", "pengyou", "lao-wang", "xiao-li")
    sealed = Room.objects.create(
        name="同牌", owner=player, sealed_until=timezone.now() + timedelta(days=7)
    )
    for deal in range(5):
        a_round(sealed, [player, None, None, None], [(1, 0, 8)], seed_hash=f"deal-{deal}")
    ordinary = Room.objects.create(name="友谊", owner=friend)
    for number in range(5):
        a_round(ordinary, [player, friend, other, third], [(0, 1, 2)], seed_hash=f"plain-{number}")
    return player, sealed


def test_a_sealed_table_s_rounds_are_ranked_only_once_it_is_no_longer_sealed(challenger, client):
    _player, sealed = challenger
    # Only the ordinary table's five rounds: −2 each.
    assert ("tiaozhan", 5, -10) in names(ranking.all_time())
    assert ("tiaozhan", 5, -10) in names(ranking.weekly())
    assert list(ranking.sealed_rooms()) == [sealed]
    page = client.get(reverse("ranking"))
    assert ("tiaozhan", 5, -10) in names(page.context["all_time"])
    later = sealed.sealed_until + timedelta(minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert not sealed.is_sealed()
        assert ("tiaozhan", 10, 30) in names(ranking.all_time())


def test_nor_while_somebody_still_plays_one_of_its_deals_after_it_closed(challenger):
    _player, sealed = challenger
    late = people("late")[0]
    other_table = Room.objects.create(name="晚到", owner=late, sealed_until=sealed.sealed_until)
    still = a_round(
        other_table, [late, None, None, None], [], seed_hash="deal-3", status=Round.Status.PLAYING
    )
    later = sealed.sealed_until + timedelta(minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert sealed.is_sealed()  # a game begun before the close is still on
        assert ("tiaozhan", 5, -10) in names(ranking.all_time())
        Round.objects.filter(pk=still.pk).update(status=Round.Status.ENDED)
        assert not sealed.is_sealed()
        assert ("tiaozhan", 10, 30) in names(ranking.all_time())
