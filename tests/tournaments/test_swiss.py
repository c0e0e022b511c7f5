"""A Swiss shift (瑞士移位, issue 48): at its start everybody checked in is seated; each
table plays the stage's rounds one after the other (the clock deals the next); once every
table is done, everybody still in is re-seated by standing (1-4, 5-8 …) with byes for the
computers at the last tables, avoiding those who sat together; after the last stage it is
over. Nobody joins once it has begun."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Round
from games.play.errors import ServiceError
from tests.tournaments.arena_rounds import play_out
from tournaments import clock, entries
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.standings import standings

pytestmark = pytest.mark.django_db


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def swiss(players: int, *, stages=2, stage_rounds=2) -> tuple[Tournament, list[User]]:
    tournament = entries.create(
        creator=person("creator"),
        name="瑞士移位赛",
        options={},
        starts_at=timezone.now() + timedelta(minutes=10),  # check-in is open
        format=Tournament.Format.SWISS,
        stages=stages,
        stage_rounds=stage_rounds,
    )
    people = [person(f"s{i}") for i in range(players)]
    for user in people:
        entries.join(tournament=tournament, user=user)
    return tournament, people


def tick(tournament, minutes: float) -> None:
    clock.tick(now=tournament.starts_at + timedelta(minutes=minutes))
    tournament.refresh_from_db()


def stage_tables(tournament, stage: int) -> list[TournamentTable]:
    return list(
        TournamentTable.objects.filter(tournament=tournament, stage=stage).order_by("number")
    )


def test_ten_players_two_stages_byes_at_the_last_tables_and_re_seated_by_standing():
    tournament, people = swiss(10, stages=2, stage_rounds=2)
    tick(tournament, 0.1)
    assert tournament.status == Tournament.Status.RUNNING and tournament.stage == 1
    first = stage_tables(tournament, 1)
    assert [sum(e is not None for e in t.entries) for t in first] == [4, 3, 3]
    assert first[1].entries[-1] is None and first[2].entries[-1] is None  # one bye each
    with pytest.raises(ServiceError, match="begun"):
        entries.join(tournament=tournament, user=person("late"))

    # Each table plays its two rounds: the clock deals the second when the first ends.
    minute = 1
    for table in first:
        play_out(table)
        tick(tournament, minute)
        minute += 1
        assert Round.objects.filter(room=table.room).count() == 2
        play_out(table)
        tick(tournament, minute)
        minute += 1
    assert tournament.stage == 2  # the last table done: the next stage is seated
    ranked = [row.entry_id for row in standings(tournament) if not row.withdrawn]
    second = stage_tables(tournament, 2)
    assert len(second) == 3
    # Each player is at most one table from where their standing puts them.
    by_table = {e: i for i, t in enumerate(second) for e in t.entries if e is not None}
    for place, entry in enumerate(ranked):
        natural = 0 if place < 4 else 1 if place < 7 else 2
        assert abs(by_table[entry] - natural) <= 1
    assert sorted(by_table) == sorted(Entry.objects.values_list("pk", flat=True))

    for table in second:
        for _round in range(2):
            play_out(table)
            tick(tournament, minute)
            minute += 1
    assert tournament.status == Tournament.Status.FINISHED
    assert {row.rounds for row in standings(tournament)} == {4}  # two stages of two rounds


def test_a_stage_re_seats_people_who_already_sat_together_apart_where_it_can():
    tournament, people = swiss(8, stages=2, stage_rounds=1)
    tick(tournament, 0.1)
    first = stage_tables(tournament, 1)
    for number, table in enumerate(first, start=1):
        play_out(table)
        tick(tournament, number)
    second = stage_tables(tournament, 2)
    met = [set(t.entries) for t in first]
    assert all(set(t.entries) not in met for t in second)  # no table of stage 1 again
