"""A tournament table's round is over: its players see the settlement before the table
moves on (``TOURNAMENT_SETTLEMENT_SECONDS``), while the leaderboard counts the round at
once; then an arena's table frees its players, whose pages take them back to the
tournament's page, where their next table is (games.play.homes); a Swiss stage's next
round is dealt only then. A club's room links back to its club the same way."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import membership
from clubs import tables as club_tables
from games.models import Room, Round, Seat
from games.play.errors import ServiceError
from games.rooms.seating import (
    create_room,
    free_seat,
    leave_seat,
    remove_bot,
    set_ready,
)
from tests.tournaments.arena_rounds import play_out
from tournaments import clock, entries, live
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.table_home import FOLLOW_MARGIN_SECONDS
from tournaments.tables import settlement_seconds

pytestmark = pytest.mark.django_db

ONE_SECOND = timedelta(seconds=1)


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def page_of(user, room: Room, language="en") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(reverse("table", args=[room.code]))
    assert response.status_code == 200
    return response.content.decode()


def started(tournament: Tournament, people: list[User]) -> TournamentTable:
    for user in people:
        entries.join(tournament=tournament, user=user, now=tournament.starts_at - ONE_SECOND)
    clock.tick(now=tournament.starts_at + ONE_SECOND)
    return TournamentTable.objects.get(tournament=tournament)


def elapsed_since(moment) -> float:
    return (timezone.now() - moment).total_seconds()


def an_arena(players=4) -> tuple[Tournament, list[User], TournamentTable]:
    tournament = entries.create(
        creator=person("creator"),
        name="周末竞技场",
        options={},
        # Begun a minute ago, so that the rounds played now are in its window.
        starts_at=timezone.now() + timedelta(minutes=1),
    )
    people = [person(f"p{i}") for i in range(players)]
    Tournament.objects.filter(pk=tournament.pk).update(
        starts_at=timezone.now() - timedelta(minutes=1)
    )
    tournament.refresh_from_db()
    return tournament, people, started(tournament, people)


def test_the_settlement_is_shown_before_the_arena_seats_its_players_again(
    django_capture_on_commit_callbacks, monkeypatch
):
    tournament, people, table = an_arena()
    told = []
    monkeypatch.setattr(live, "tell", told.append)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = play_out(table)
    # The round's end reaches the leaderboard at once, not after the pause.
    assert told == [tournament.pk]
    ended = rnd.ended_at

    clock.tick(now=ended + timedelta(seconds=settlement_seconds()) - ONE_SECOND)
    table.refresh_from_db()
    assert table.done_at is None
    assert not Entry.objects.filter(tournament=tournament, waiting_since__isnull=False).exists()
    assert TournamentTable.objects.filter(tournament=tournament).count() == 1
    # Meanwhile each player's page shows the settlement and the way back to the
    # tournament, where it takes them once the settlement has been shown (a watcher's
    # has the link only).
    tournament_page = reverse("tournaments:detail", args=[tournament.code])
    for language, words in (("en", "Back to the tournament"), ("zh-hans", "返回比赛")):
        html = page_of(people[0], table.room, language)
        assert 'id="settlement"' in html
        assert f'href="{tournament_page}"' in html and words in html
        # The clock deals here, not the players' "ready": no seat says it is (not) ready.
        # (The badges' own markup: the settlement may say "Not ready at the end" of a hand.)
        not_ready = {"en": "Not ready", "zh-hans": "未准备"}[language]
        assert f'<span class="badge">{not_ready}</span>' not in html
        assert "badge ready" not in html
        follow = int(re.search(r'data-follow-home="(\d+)"', html).group(1))
        left = settlement_seconds() + FOLLOW_MARGIN_SECONDS - elapsed_since(ended)
        assert left - 1 <= follow <= left + 1
    watcher_page = page_of(person("watcher"), table.room)
    assert f'href="{tournament_page}"' in watcher_page
    assert "data-follow-home" not in watcher_page

    clock.tick(now=ended + timedelta(seconds=settlement_seconds()))
    table.refresh_from_db()
    assert table.done_at is not None
    # The four were seated again at once, at a new table.
    assert TournamentTable.objects.filter(tournament=tournament).count() == 2


def test_a_round_ending_elsewhere_tells_no_leaderboard(monkeypatch):
    tournament, _people, table = an_arena()
    told = []
    monkeypatch.setattr(live, "tell", told.append)
    listed = Room.objects.create(name="大厅", owner=person("owner"), listed=True)
    unlisted = Room.objects.create(name="私桌", owner=person("owner2"), listed=False)
    clock.rooms_changed([listed, unlisted])
    assert told == []
    clock.rooms_changed([unlisted, table.room])
    assert told == [tournament.pk]


def a_swiss_stage(players: int) -> tuple[Tournament, list[User], TournamentTable]:
    """A Swiss shift of one stage of two rounds, begun: one table (computers in the seats
    nobody takes)."""
    tournament = entries.create(
        creator=person("creator"),
        name="瑞士移位赛",
        options={},
        starts_at=timezone.now() + timedelta(minutes=10),
        format=Tournament.Format.SWISS,
        stages=1,
        stage_rounds=2,
    )
    people = [person(f"s{i}") for i in range(players)]
    for user in people:
        entries.join(tournament=tournament, user=user)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now() - ONE_SECOND)
    clock.tick(now=timezone.now())
    return tournament, people, TournamentTable.objects.get(tournament=tournament)


def test_a_swiss_stage_deals_its_next_round_only_after_the_settlement():
    _tournament, people, table = a_swiss_stage(4)
    rnd = play_out(table)
    clock.tick(now=rnd.ended_at + timedelta(seconds=settlement_seconds()) - ONE_SECOND)
    assert Round.objects.filter(room=table.room).count() == 1
    html = page_of(people[0], table.room)
    # Between two rounds of its stage nobody is sent away, and nobody deals but the clock.
    assert "Back to the tournament" in html and "data-follow-home" not in html
    assert "deals the next round once everybody" in html
    assert "Ready for the next round" not in html and "Leave the table" not in html
    clock.tick(now=rnd.ended_at + timedelta(seconds=settlement_seconds()))
    assert Round.objects.filter(room=table.room, status=Round.Status.PLAYING).count() == 1


def test_nobody_changes_a_tournament_tables_seats_while_its_settlement_shows():
    tournament, people, table = a_swiss_stage(3)  # a computer in the fourth seat
    play_out(table)
    maker, computer = tournament.creator, table.entries.index(None)
    seats_before = list(Seat.objects.filter(room=table.room).values_list("user", "bot_level"))
    attempts = {
        "the maker removes the computer": lambda: remove_bot(
            room=table.room, user=maker, index=computer
        ),
        "the maker frees a seat": lambda: free_seat(room=table.room, user=maker, index=0),
        "a player leaves": lambda: leave_seat(room=table.room, user=people[0]),
        "a player deals by being ready": lambda: set_ready(room=table.room, user=people[1]),
    }
    for what, attempt in attempts.items():
        with pytest.raises(ServiceError, match="clock seats its tables"):
            attempt()
        assert Round.objects.filter(room=table.room).count() == 1, what
    seats_after = list(Seat.objects.filter(room=table.room).values_list("user", "bot_level"))
    assert seats_after == seats_before
    # Nor does the maker's page offer it.
    assert "Remove" not in page_of(maker, table.room)


def test_a_club_room_links_back_to_its_club_and_never_sends_anybody_away():
    owner = person("owner")
    club = membership.create_club(owner=owner, name="周五麻将")
    table = club_tables.add_table(club=club, by=owner, name="一楼", options={})
    room = club_tables.open_room(table=table, user=owner)
    html = page_of(owner, room)
    assert f'href="{reverse("clubs:club", args=[club.pk])}"' in html
    assert "Back to the club" in html and "data-follow-home" not in html
    # An ordinary room belongs nowhere: no such link.
    ordinary = create_room(owner=owner, name="散桌", options={})
    assert "Back to the" not in page_of(owner, ordinary)
