"""An arena (issue 48) run by its clock: it starts on time with those checked in, seats
whoever is free at full tables near each other in the standings, scores each round (net
points or placement points, a sum over the ledger), takes the players of an ended round
back (or out after two rounds the computer played for them), stops seating when the
window closes and freezes once the last round has ended; a process killed between two
steps loses nothing (every step is read again from the database)."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Event, Room, Round, Seat
from games.play.errors import ServiceError
from games.rooms.seating import take_seat
from tests.tournaments.arena_rounds import play_out
from tournaments import clock, entries, guards
from tournaments.arena import fill_seconds
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.standings import standings

pytestmark = pytest.mark.django_db


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def arena(creator, *, name="周末竞技场", minutes=60, scoring="net", starts_in=30, **more):
    return entries.create(
        creator=creator,
        name=name,
        options={},
        starts_at=timezone.now() + timedelta(minutes=starts_in),
        minutes=minutes,
        scoring=scoring,
        **more,
    )


def signed_up(tournament, count: int, *, checked_in=True) -> list[User]:
    first = User.objects.count()
    people = [person(f"p{first + i}") for i in range(count)]
    when = tournament.starts_at - timedelta(minutes=5 if checked_in else 60)
    for user in people:
        entries.join(tournament=tournament, user=user, now=when)
    return people


def started(tournament) -> None:
    clock.tick(now=tournament.starts_at + timedelta(seconds=1))
    tournament.refresh_from_db()


# --- making one, signing up ------------------------------------------------------------------


def test_making_a_tournament_refuses_what_it_must():
    creator = person("creator")
    with pytest.raises(ServiceError, match="name"):
        arena(creator, name="")
    with pytest.raises(ServiceError, match="invisible"):
        entries.create(
            creator=creator, name="a\u202eb", options={}, starts_at=timezone.now() + timedelta(1)
        )
    with pytest.raises(ServiceError, match="staff"):
        arena(creator, listed=True)
    with pytest.raises(ServiceError, match="10 to 180"):
        arena(creator, minutes=5)
    with pytest.raises(ServiceError, match="future"):
        arena(creator, starts_in=-60)
    with pytest.raises(ServiceError, match="option"):
        entries.create(
            creator=creator, name="x", options={"cap": 99}, starts_at=timezone.now() + timedelta(1)
        )
    for _ in range(entries.MADE_PER_DAY):
        arena(creator)
    with pytest.raises(ServiceError, match="today"):
        arena(creator)
    made = Tournament.objects.filter(creator=creator).first()
    assert len(made.code) >= 16 and not made.listed  # private: found by its link only
    coached = entries.create(
        creator=person("other"),
        name="教练局",
        options={"coaching": True},
        starts_at=timezone.now() + timedelta(1),
    )
    assert not coached.options.get("coaching")  # nobody plays a tournament with a coach


def test_sign_up_check_in_limit_and_withdraw():
    tournament = arena(person("creator"), max_entries=2)
    ana, bo, cai = person("ana"), person("bo"), person("cai")
    early = tournament.starts_at - timedelta(hours=1)
    entries.join(tournament=tournament, user=ana, now=early)
    with pytest.raises(ServiceError, match="already"):
        entries.join(tournament=tournament, user=ana, now=early)
    with pytest.raises(ServiceError, match="15 minutes"):
        entries.check_in(tournament=tournament, user=ana, now=early)
    entries.join(tournament=tournament, user=bo, now=early)
    with pytest.raises(ServiceError, match="full"):
        entries.join(tournament=tournament, user=cai, now=early)
    entries.withdraw(tournament=tournament, user=bo, now=early)
    entries.join(tournament=tournament, user=cai, now=early)  # a place freed
    entry = entries.check_in(
        tournament=tournament, user=ana, now=tournament.starts_at - timedelta(minutes=3)
    )
    assert entry.checked_in_at is not None
    with pytest.raises(ServiceError, match="not in"):
        entries.withdraw(tournament=tournament, user=bo)


# --- the clock ---------------------------------------------------------------------------------


def test_it_starts_on_time_with_those_checked_in_and_seats_full_tables():
    tournament = arena(person("creator"))
    present = signed_up(tournament, 9)
    absent = signed_up(tournament, 2, checked_in=False)
    clock.tick(now=tournament.starts_at - timedelta(seconds=5))
    assert not TournamentTable.objects.exists()  # not before its time
    started(tournament)
    assert tournament.status == Tournament.Status.RUNNING
    tables = list(TournamentTable.objects.filter(tournament=tournament).order_by("number"))
    assert len(tables) == 2  # nine checked in: two tables of four, one waits
    seated = {e for table in tables for e in table.entries}
    assert len(seated) == 8 and None not in seated
    waiting = Entry.objects.get(tournament=tournament, waiting_since__isnull=False)
    assert waiting.user in present and waiting.pk not in seated
    for user in absent:  # no-shows are out, and hold up nobody
        assert Entry.objects.get(tournament=tournament, user=user).withdrawn_at is not None
    for table in tables:  # each table is dealt at once, not in the lobby, seats taken
        room = table.room
        assert room.status == Room.Status.PLAYING and not room.listed
        assert Round.objects.filter(room=room, status=Round.Status.PLAYING).exists()
        assert room.options["rounds"] == 1
    # Nobody else sits there: not now (a round is played), nor in a seat freed later.
    with pytest.raises(ServiceError):
        take_seat(room=tables[0].room, user=person("stranger"))
    assert "clock" in guards.seated_by_the_clock(tables[0].room, person("other"))
    assert guards.seated_by_the_clock(Room.objects.create(name="x", owner=present[0]), None) is None


def test_a_round_that_ends_scores_and_its_players_are_seated_again_by_standing():
    tournament = arena(person("creator"))
    signed_up(tournament, 8)
    started(tournament)
    first, second = TournamentTable.objects.filter(tournament=tournament).order_by("number")
    rnd = play_out(first)
    now = tournament.starts_at + timedelta(minutes=5)
    clock.tick(now=now)
    first.refresh_from_db()
    assert first.done_at is not None
    # The standings are the round's ledger: each player's net, zero-sum over the table.
    rows = {row.user_id: row for row in standings(tournament)}
    nets = _nets(rnd)
    for user_id, net in nets.items():
        assert rows[user_id].points == net and rows[user_id].rounds == 1
    assert sum(nets.values()) == 0
    # Four are free again: a table of four, at once (the other table still plays).
    third = TournamentTable.objects.get(tournament=tournament, number=3)
    assert set(third.entries) == set(first.entries)
    play_out(second)
    play_out(third)
    clock.tick(now=now + timedelta(minutes=5))
    # Eight free: seated by standing, the top four together unless they just met.
    fourth, fifth = TournamentTable.objects.filter(tournament=tournament, number__gte=4)
    assert not (set(fourth.entries) == set(third.entries))  # not the same four again


def test_the_same_people_sit_together_twice_in_a_row_then_wait_for_others_a_while():
    tournament = arena(person("creator"))
    signed_up(tournament, 8)
    started(tournament)
    first = TournamentTable.objects.get(tournament=tournament, number=1)
    now = tournament.starts_at + timedelta(minutes=5)
    play_out(first)
    clock.tick(now=now)  # the other table still plays: only these four are free
    again = TournamentTable.objects.get(tournament=tournament, number=3)
    assert set(again.entries) == set(first.entries)  # twice in a row: nobody else to sit
    play_out(again)
    clock.tick(now=now + timedelta(minutes=5))
    # A third time in a row: their table waits for others to come free …
    assert not TournamentTable.objects.filter(tournament=tournament, number=4).exists()
    waiting = Entry.objects.filter(tournament=tournament, waiting_since__isnull=False)
    assert set(waiting.values_list("pk", flat=True)) == set(first.entries)
    clock.tick(now=now + timedelta(minutes=5, seconds=fill_seconds() - 1))
    assert not TournamentTable.objects.filter(tournament=tournament, number=4).exists()
    # … but not for ever: after the wait a small field allows, they sit together anyway.
    clock.tick(now=now + timedelta(minutes=5, seconds=fill_seconds()))
    third = TournamentTable.objects.get(tournament=tournament, number=4)
    assert set(third.entries) == set(first.entries)


def test_with_nobody_else_playing_the_same_people_are_not_held_back():
    tournament = arena(person("creator"))
    signed_up(tournament, 4)
    started(tournament)
    now = tournament.starts_at
    for number in (1, 2, 3):  # three tables in a row, each seated at once
        now += timedelta(minutes=5)
        play_out(TournamentTable.objects.get(tournament=tournament, number=number))
        clock.tick(now=now)
        assert TournamentTable.objects.filter(tournament=tournament, number=number + 1).exists()


def test_placement_points_score_each_table_by_place():
    tournament = arena(person("creator"), scoring="placement")
    signed_up(tournament, 4)
    started(tournament)
    table = TournamentTable.objects.get(tournament=tournament)
    nets = _nets(play_out(table))
    clock.tick(now=tournament.starts_at + timedelta(minutes=5))
    points = {row.user_id: row.points for row in standings(tournament)}
    best, worst = max(nets, key=nets.get), min(nets, key=nets.get)
    assert points[best] == 4  # the best net: first place (alone or shared)
    places = sorted(nets.values(), reverse=True)
    if places[-1] < places[-2]:  # a last place of its own
        assert points[worst] == 0
    if len(set(places)) == 4:  # no tie: exactly 4, 2, 1, 0
        assert sorted(points.values()) == [0, 1, 2, 4]


def test_two_rounds_the_computer_played_whole_withdraw_a_player_and_one_played_keeps_them():
    tournament = arena(person("creator"))
    signed_up(tournament, 4)
    started(tournament)
    now = tournament.starts_at
    for number in (1, 2):
        table = TournamentTable.objects.get(tournament=tournament, number=number)
        rnd = play_out(table, present=False)
        if number == 2:  # the player at seat 0 made a move of their own this time
            Event.objects.create(
                round=rnd, number=9999, version=rnd.version, kind="action", seat=0, data={}
            )
        now += timedelta(minutes=3)
        clock.tick(now=now)
    kept = Entry.objects.get(pk=table.entries[0])
    assert kept.withdrawn_at is None and kept.missed == 0
    out = Entry.objects.filter(pk__in=table.entries[1:])
    assert all(entry.withdrawn_at is not None and entry.missed == 2 for entry in out)
    # Their points stay in the standings.
    assert {row.entry_id for row in standings(tournament)} >= set(table.entries)


def test_the_window_closes_rounds_in_play_count_and_the_standings_freeze():
    tournament = arena(person("creator"), minutes=10)
    signed_up(tournament, 4)
    started(tournament)
    table = TournamentTable.objects.get(tournament=tournament)
    after = tournament.ends_at + timedelta(seconds=1)
    clock.tick(now=after)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # a round is still played
    rnd = play_out(table)
    clock.tick(now=after + timedelta(minutes=1))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert TournamentTable.objects.filter(tournament=tournament).count() == 1  # nobody seated
    frozen = [(row.user_id, row.points) for row in standings(tournament)]
    assert sorted(points for _user, points in frozen) == sorted(_nets(rnd).values())
    with pytest.raises(ServiceError, match="over"):
        entries.join(tournament=tournament, user=person("late"))
    clock.tick(now=after + timedelta(minutes=2))
    assert [(row.user_id, row.points) for row in standings(tournament)] == frozen


def test_a_process_killed_between_steps_loses_nothing():
    """The clock keeps nothing in memory: a step undone by a crash (its transaction rolled
    back) is done again by the next tick, and a step done is never done twice."""
    tournament = arena(person("creator"))
    signed_up(tournament, 8)
    started(tournament)
    tables = TournamentTable.objects.filter(tournament=tournament).count()
    for table in TournamentTable.objects.filter(tournament=tournament):
        play_out(table)
    # A new process (nothing of the old one's memory) ticks twice at the same moment.
    clock._last_tick = 0.0
    now = tournament.starts_at + timedelta(minutes=4)
    clock.tick(now=now)
    clock.tick(now=now)
    assert TournamentTable.objects.filter(tournament=tournament).count() == tables + 2
    assert Entry.objects.filter(tournament=tournament, waiting_since__isnull=False).count() == 0


def _nets(rnd: Round) -> dict[int, int]:
    from games.history.my_rounds import seat_total
    from games.models import RoundPlayer

    rows = (
        RoundPlayer.objects.filter(round=rnd)
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .values_list("user_id", "received", "paid")
    )
    return {user_id: received - paid for user_id, received, paid in rows}


def test_too_few_for_a_table_are_seated_with_computers_after_a_while():
    tournament = arena(person("creator"))
    two = signed_up(tournament, 2)
    started(tournament)
    assert not TournamentTable.objects.exists()  # two of four: they wait a little
    clock.tick(now=tournament.starts_at + timedelta(seconds=fill_seconds() + 2))
    table = TournamentTable.objects.get(tournament=tournament)
    assert table.entries[2:] == [None, None]
    seats = list(Seat.objects.filter(room=table.room).order_by("index"))
    assert [s.user for s in seats[:2]] == two and all(s.bot_level for s in seats[2:])
    rnd = play_out(table)
    clock.tick(now=tournament.starts_at + timedelta(minutes=5))
    # The computers stand nowhere; the two people have their nets.
    rows = standings(tournament)
    assert {row.user_id for row in rows} == {user.pk for user in two}
    nets = _nets(rnd)
    assert {row.user_id: row.points for row in rows} == {u.pk: nets[u.pk] for u in two}


def test_the_timer_loop_runs_the_clock_and_one_failing_hook_stops_no_other(monkeypatch):
    from games import driver

    assert clock.tick in driver.periodic_hooks  # tournaments.apps put it there
    ran = []

    def broken():
        raise RuntimeError("a bug in a feature's clock")

    monkeypatch.setattr(driver, "periodic_hooks", [broken, lambda: ran.append(True)])
    driver._run_periodic_hooks()
    assert ran == [True]


def test_the_maker_of_a_private_arena_starts_it_early_with_everyone_signed_up():
    maker = person("maker")
    tournament = arena(maker, starts_in=120)
    people = signed_up(tournament, 4, checked_in=False)  # signed up an hour ahead
    with pytest.raises(ServiceError, match="maker"):
        entries.start_now(tournament=tournament, user=people[0])
    entries.start_now(tournament=tournament, user=maker)
    clock.tick(now=timezone.now() + timedelta(seconds=1))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert sorted(TournamentTable.objects.get(tournament=tournament).entries) == sorted(
        Entry.objects.filter(tournament=tournament).values_list("pk", flat=True)
    )
    with pytest.raises(ServiceError, match="started"):
        entries.start_now(tournament=tournament, user=maker)
