"""A duplicate tournament (复式, issue 48): every table of a stage plays the same deals, the
n-th round one deal for all, the dealer moving round by round; a player's score is their
matchpoints against the others who held the same seat of the same deal; while a deal is
played anywhere, nobody else sees a table or a round of it."""

from collections import defaultdict
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.history.my_rounds import seat_total
from games.models import Round, RoundPlayer
from games.rooms import audience
from tests.tournaments.arena_rounds import play_out
from tournaments import clock, entries
from tournaments.models import Tournament, TournamentTable
from tournaments.standings import standings
from tournaments.tables import settlement_seconds

pytestmark = pytest.mark.django_db


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


@pytest.fixture
def duplicate():
    tournament = entries.create(
        creator=person("creator"),
        name="复式赛",
        options={},
        starts_at=timezone.now() + timedelta(minutes=10),
        format=Tournament.Format.DUPLICATE,
        stages=1,
        stage_rounds=2,
    )
    for i in range(8):
        entries.join(tournament=tournament, user=person(f"d{i}"))
    # Started now, on the real clock: a sealed table's seal is kept in real time.
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())
    tournament.refresh_from_db()
    tick()
    return tournament


def tick() -> None:
    clock.tick(now=timezone.now())


def tick_after_the_settlement() -> None:
    """Once the rounds just ended have shown their settlement (tournaments.tables): they
    ended that long ago (the seal is kept in real time, so the clock's now is now)."""
    shown = timedelta(seconds=settlement_seconds())
    Round.objects.filter(ended_at__isnull=False).update(ended_at=F("ended_at") - shown)
    tick()


def rounds_of(table, number):
    return Round.objects.get(room=table.room, number=number)


def test_every_table_of_a_stage_plays_the_same_deals(duplicate):
    first, second = TournamentTable.objects.filter(tournament=duplicate).order_by("number")
    one, two = rounds_of(first, 1), rounds_of(second, 1)
    assert one.seed_hash == two.seed_hash and one.dealer == two.dealer == 0
    assert one.seed == two.seed  # the same tiles to the same seats
    play_out(first)
    play_out(second)
    tick_after_the_settlement()
    again_one, again_two = rounds_of(first, 2), rounds_of(second, 2)
    assert again_one.seed_hash == again_two.seed_hash != one.seed_hash
    assert again_one.dealer == again_two.dealer == 1  # the dealer moves round by round


def test_matchpoints_compare_those_who_held_the_same_seat_of_the_same_deal(duplicate):
    first, second = TournamentTable.objects.filter(tournament=duplicate).order_by("number")
    for _round in (1, 2):  # the stage's two deals
        play_out(first)
        play_out(second)
        tick_after_the_settlement()
    duplicate.refresh_from_db()
    assert duplicate.status == Tournament.Status.FINISHED
    # By hand: each deal and seat held by two people, 2 to the better net, 1 each on a tie.
    held = defaultdict(list)
    rows = (
        RoundPlayer.objects.filter(round__room__tournament_table__tournament=duplicate)
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .values_list("round__seed_hash", "seat", "user_id", "received", "paid")
    )
    for seed_hash, seat, user_id, received, paid in rows:
        held[seed_hash, seat].append((user_id, received - paid))
    expected = defaultdict(int)
    for (a, net_a), (b, net_b) in held.values():
        expected[a] += 2 if net_a > net_b else 1 if net_a == net_b else 0
        expected[b] += 2 if net_b > net_a else 1 if net_a == net_b else 0
    assert {row.user_id: row.points for row in standings(duplicate)} == dict(expected)
    assert sum(expected.values()) == 2 * len(held)  # two points shared per deal and seat


def test_while_a_deal_is_played_anywhere_nobody_else_sees_it(duplicate):
    first, second = TournamentTable.objects.filter(tournament=duplicate).order_by("number")
    fast = first.room.seats.get(index=0).user
    play_out(first)  # the first table is done with deal 1; the second still plays it
    assert not audience.may_watch(second.room, fast)
    assert not audience.may_see_results(second.room, fast)
    slow = second.room.seats.get(index=0).user
    assert not audience.may_see_results(first.room, slow)  # not the finished deal either
    play_out(second)
    tick_after_the_settlement()
    play_out(first)
    play_out(second)
    tick_after_the_settlement()
    # The stage is over everywhere: the round pages are everybody's.
    first.room.refresh_from_db()
    assert audience.may_see_results(first.room, slow)
    assert audience.may_see_results(first.room, person("visitor"))


def test_a_deal_a_slower_table_has_yet_to_begin_stays_sealed_until_the_stage_is_over(
    duplicate,
):
    first, second = TournamentTable.objects.filter(tournament=duplicate).order_by("number")
    play_out(first)
    tick_after_the_settlement()  # the first table on deal 2, the second still on deal 1
    play_out(first)
    tick_after_the_settlement()  # the first table is through the stage
    # The second table ends deal 1; its deal 2 is dealt at the clock's next step. This
    # moment nobody plays either deal, but the second table has deal 2 still to play.
    play_out(second)
    visitor, slow = person("visitor"), second.room.seats.get(index=0).user
    deal_two = rounds_of(first, 2)
    assert not audience.may_see_round(deal_two, slow)
    assert not audience.may_see_round(deal_two, visitor)
    page = Client()
    page.force_login(slow)
    assert page.get(reverse("round_detail", args=[deal_two.pk])).status_code == 404
    tick_after_the_settlement()
    play_out(second)
    tick_after_the_settlement()  # the stage is over at every table
    deal_two = rounds_of(first, 2)  # read again
    assert audience.may_see_round(deal_two, visitor)
    assert page.get(reverse("round_detail", args=[deal_two.pk])).status_code == 200
