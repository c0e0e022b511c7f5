"""Friends on the same deals (同牌对局): every friend plays the set's deals, in order, at a
table of their own against three 大师; results per deal beside 大师's par; the seeds
secret until the set closes."""

import hashlib
import random
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from challenge import friends
from challenge.models import DealSet, DealSetTable
from games.models import Round
from games.play.errors import ServiceError
from games.players.simulate import play_round
from games.rooms import seating
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from tests.tables import play_by_hand

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def play_table(table: DealSetTable, level: str) -> list[Round]:
    """The person plays every deal of their table, pressing ready between rounds."""
    played = []
    room, user = table.room, table.user
    for number in range(1, len(table.deal_set.deals) + 1):
        rnd = (
            room.rounds.get(number=number)
            if number == 1
            else seating.set_ready(room=room, user=user)
        )
        played.append(play_by_hand(rnd, level, seed=5, person_seat=table.deal_set.seat))
    return played


def test_every_friend_plays_the_same_deals_in_the_same_order_and_the_pars_are_masters():
    owner = person("owner")
    deal_set = friends.create(owner=owner, name="周五牌局", count=3)
    assert deal_set.hashes == [
        hashlib.sha256(seed.encode()).hexdigest() for seed, _dealer in deal_set.deals
    ]
    for (seed, dealer), par in zip(deal_set.deals, deal_set.pars, strict=True):
        engine = EngineRound.deal(seed, dealer, RoomOptions.from_dict(deal_set.options))
        play_round(engine, ["expert"] * 4, random.Random(0))
        assert engine.net()[deal_set.seat] == par
    tables = [friends.join(deal_set, owner), friends.join(deal_set, person("friend"))]
    rounds = [play_table(t, "strong") for t in tables]
    for table_rounds in rounds:
        assert [(r.seed_hash, r.dealer) for r in table_rounds] == [
            (h, d) for h, (_s, d) in zip(deal_set.hashes, deal_set.deals, strict=True)
        ]
    # The match is the set: no fourth round is dealt.
    with pytest.raises(ServiceError):
        seating.set_ready(room=tables[0].room, user=owner)


def test_playing_as_master_scores_every_par_and_joining_again_returns_to_the_table():
    deal_set = friends.create(owner=person("maker"), name="", count=2)
    player = person("dashi")
    table = friends.join(deal_set, player)
    assert friends.join(deal_set, player) == table
    play_table(table, "expert")
    result = friends.results(deal_set, player)
    assert tuple(points for points, _round in result.rows[0].cells) == tuple(deal_set.pars)
    assert result.rows[0].against_par == 0


def test_a_deal_s_par_and_others_points_wait_until_the_viewer_has_played_it(client):
    deal_set = friends.create(owner=person("host"), name="", count=2)
    first = friends.join(deal_set, person("first"))
    play_table(first, "strong")
    late = person("late")
    table = friends.join(deal_set, late)
    seen = friends.results(deal_set, late)
    assert seen.pars == (None, None)
    assert [row.cells for row in seen.rows if not row.mine] == [(None, None)]
    client.force_login(late)
    first_rounds = list(first.room.rounds.order_by("number"))
    for rnd in first_rounds:  # not even a deal's page: it shows every hand and the wall
        assert client.get(reverse("round_detail", args=[rnd.pk])).status_code == 404
    play_by_hand(table.room.rounds.get(number=1), "strong", seed=5, person_seat=deal_set.seat)
    seen = friends.results(deal_set, late)
    assert seen.pars == (deal_set.pars[0], None)
    other = next(row for row in seen.rows if not row.mine)
    assert other.cells[0] == (other.cells[0][0], first_rounds[0].pk) and other.cells[1] is None
    # The deal they have played: its other games are open to them; the next one is not.
    assert client.get(reverse("round_detail", args=[first_rounds[0].pk])).status_code == 200
    assert client.get(reverse("round_detail", args=[first_rounds[1].pk])).status_code == 404
    assert client.get(reverse("room_scores", args=[first.room.code])).status_code == 404
    page = client.get(reverse("challenge:deal_set", args=[deal_set.code])).content.decode()
    assert all(h in page for h in deal_set.hashes)
    assert not any(seed in page for seed, _dealer in deal_set.deals)


def test_the_seeds_are_shown_once_the_set_has_closed_and_nobody_plays_them(client):
    owner = person("closer")
    deal_set = friends.create(owner=owner, name="", count=1)
    table = friends.join(deal_set, owner)
    client.force_login(owner)
    later = deal_set.sealed_until + timedelta(minutes=1)
    page = reverse("challenge:deal_set", args=[deal_set.code])
    seed = deal_set.deals[0][0]
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert seed not in client.get(page).content.decode()  # still being played
        play_by_hand(table.room.rounds.get(number=1), "strong", seed=5, person_seat=deal_set.seat)
        assert seed in client.get(page).content.decode()
        with pytest.raises(ServiceError):
            friends.join(deal_set, person("too-late"))


def test_making_and_joining_through_the_pages(client):
    owner = person("pages")
    client.force_login(owner)
    assert client.get(reverse("challenge:new_deal_set")).status_code == 200
    response = client.post(reverse("challenge:new_deal_set"), {"name": "周五", "deals": "2"})
    deal_set = DealSet.objects.get()
    assert response["Location"] == reverse("challenge:deal_set", args=[deal_set.code])
    joined = client.post(reverse("challenge:join_deal_set", args=[deal_set.code]))
    table = DealSetTable.objects.get(user=owner)
    assert joined["Location"] == reverse("table", args=[table.room.code])
    # The table's final standings link to the set's results.
    assert client.get(reverse("challenge:room_results", args=[table.room.code]))[
        "Location"
    ] == reverse("challenge:deal_set", args=[deal_set.code])
    for bad in [{"deals": "0"}, {"deals": "9"}, {"deals": "x"}, {}]:
        answer = client.post(reverse("challenge:new_deal_set"), bad)
        assert answer.status_code == 400 and "1" in answer.content.decode()
    assert DealSet.objects.count() == 1
    assert client.get(reverse("challenge:deal_set", args=["NOSUCH"])).status_code == 404


def test_one_person_makes_at_most_a_few_sets_a_day():
    owner = person("flood")
    for _ in range(friends.SETS_PER_DAY):
        friends.create(owner=owner, name="", count=1)
    with pytest.raises(ServiceError):
        friends.create(owner=owner, name="", count=1)
    with mock.patch(
        "django.utils.timezone.now", return_value=timezone.now() + timedelta(days=1, minutes=1)
    ):
        friends.create(owner=owner, name="", count=1)
