"""The way to a new tournament table takes its players a few seconds (its page, its
socket: up to 8 s when the clock seats a whole field at once, benchmarks/bench_arena).
A player still on the way is not away: the computer does not choose their 定缺 when the
others arrive; their seat counts them as seen once the arrival's allowance
(``TOURNAMENT_ARRIVAL_SECONDS``) is over, and a no-show is played by the computer after
it and the absence's grace (``DISCONNECT_GRACE_SECONDS``). Meanwhile the others' tables
show them arriving (入座中), not offline."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Round, Seat
from games.play import absence
from games.play.steps import advance_due_rounds
from games.rules.round import Round as EngineRound
from tests.play.timers import by_of_actions
from tests.table.clock import Clock
from tournaments import clock, entries
from tournaments.models import Tournament, TournamentTable

pytestmark = pytest.mark.django_db

ARRIVAL = 10
GRACE = 5
ONE_SECOND = timedelta(seconds=1)


@pytest.fixture
def now(monkeypatch, settings):
    settings.TOURNAMENT_ARRIVAL_SECONDS = ARRIVAL
    settings.DISCONNECT_GRACE_SECONDS = GRACE
    moment = Clock()
    monkeypatch.setattr(timezone, "now", moment)
    return moment


def seated_at_a_new_table(now) -> tuple[list[User], Round]:
    """Four people seated by an arena's clock at ``now.now``, dealt, nobody arrived yet."""
    creator = User.objects.create_user("creator", password="x-long-password-1")
    tournament = entries.create(
        creator=creator, name="周末竞技场", options={}, starts_at=now.now + timedelta(minutes=1)
    )
    people = [User.objects.create_user(f"p{i}", password="x-long-password-1") for i in range(4)]
    for user in people:
        entries.join(tournament=tournament, user=user, now=now.now)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=now.now - ONE_SECOND)
    clock.tick(now=now.now)
    table = TournamentTable.objects.get(tournament=tournament)
    rnd = Round.objects.get(room=table.room)
    assert sorted(EngineRound.from_json(rnd.state).waiting_on()) == [0, 1, 2, 3]  # 定缺
    seat_of = {seat.user_id: seat.index for seat in Seat.objects.filter(room=table.room)}
    return sorted(people, key=lambda user: seat_of[user.pk]), rnd


def arrives(user: User, rnd: Round) -> None:
    """The player's table socket opens (TableConsumer: absence.seen)."""
    absence.seen(room_id=rnd.room_id, user_id=user.pk)


def test_a_player_on_the_way_chooses_their_void_suit_themselves(now):
    seated_at = now.now
    people, rnd = seated_at_a_new_table(now)
    # Past the absence's grace, within the allowance and the grace after it: two are
    # there, two still on their way. The others' arrival does not hand the latecomers'
    # 定缺 to the computer.
    now.now = seated_at + timedelta(seconds=ARRIVAL + GRACE - 1)
    arrives(people[0], rnd)
    arrives(people[1], rnd)
    rnd.refresh_from_db()
    assert rnd.deadline >= seated_at + timedelta(seconds=20)  # the void's own clock
    advance_due_rounds(now=now.now)
    assert by_of_actions(rnd) == []
    # The latecomer arrives and chooses in time.
    now.now += ONE_SECOND
    arrives(people[2], rnd)
    rnd.refresh_from_db()
    assert EngineRound.from_json(rnd.state).waiting_on() == [0, 1, 2, 3]


def test_a_no_show_is_played_by_the_computer_once_the_allowance_and_grace_are_over(now):
    seated_at = now.now
    people, rnd = seated_at_a_new_table(now)
    now.now = seated_at + timedelta(seconds=ARRIVAL + GRACE + 1)
    for user in people[:3]:
        arrives(user, rnd)
    rnd.refresh_from_db()
    # The no-show's seat is the computer's now: due after its short pause, not the
    # void's 20 s.
    assert rnd.deadline < seated_at + timedelta(seconds=20)
    now.now = rnd.deadline
    advance_due_rounds(now=now.now)
    assert by_of_actions(rnd) == [(3, "computer")]


def seat_badges(user: User, rnd: Round, language: str) -> list[str]:
    """The badges of the other seats' heads on ``user``'s table page."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    html = client.get(reverse("table", args=[rnd.room.code])).content.decode()
    return re.findall(r'<span class="badge (?:offline|arriving)">([^<]+)</span>', html)


def test_the_others_see_a_player_on_the_way_arriving_and_a_no_show_offline(now):
    seated_at = now.now
    people, rnd = seated_at_a_new_table(now)
    now.now = seated_at + timedelta(seconds=3)
    arrives(people[0], rnd)
    assert seat_badges(people[0], rnd, "zh-hans") == ["入座中"] * 3
    assert seat_badges(people[0], rnd, "en") == ["Arriving"] * 3
    arrives(people[1], rnd)
    assert seat_badges(people[0], rnd, "en") == ["Arriving"] * 2
    # Past the time they were expected by, those not there are offline (离线).
    now.now = seated_at + timedelta(seconds=ARRIVAL + 1)
    assert seat_badges(people[0], rnd, "zh-hans") == ["离线"] * 2
