"""Matches of N rounds (RULES.md section 13, option ``rounds``): the match stops after its
last round, and its final standings are the sums of its ledgers."""

from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.utils import timezone

from games.history.replay import check
from games.models import Event, LedgerEntry, Room, Round, Seat
from games.play import matches
from games.play.errors import ServiceError
from games.play.steps import advance_due_rounds, run_bots
from games.rooms.seating import (
    add_bot,
    create_room,
    leave_seat,
    remove_bot,
    set_auto_play,
    set_auto_rounds,
    set_ready,
)
from games.rules.options import RoomOptions
from tests.tables import LATER

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_waiting", "in_english")]


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def computers_room(rounds: int, *, auto_rounds: int) -> tuple[Room, User]:
    """Four computer players in a match of ``rounds`` rounds, asked by the (standing)
    owner to play ``auto_rounds`` rounds by themselves."""
    owner = person("owner")
    room = create_room(owner=owner, name="match", options={"rounds": rounds})
    leave_seat(room=room, user=owner)
    set_auto_rounds(room=room, user=owner, rounds=auto_rounds)
    for index in range(4):
        add_bot(room=room, user=owner, index=index, level="easy")
    return room, owner


def play_until_idle(room: Room) -> None:
    for _ in range(5000):
        if advance_due_rounds(now=timezone.now() + LATER) is None:
            return
    raise AssertionError("the table never came to rest")


def ledger_net(room: Room, seat: int) -> int:
    entries = LedgerEntry.objects.filter(round__room=room)
    received = entries.filter(payee_seat=seat).aggregate(s=Sum("amount"))["s"] or 0
    paid = entries.filter(payer_seat=seat).aggregate(s=Sum("amount"))["s"] or 0
    return received - paid


def test_a_four_round_match_ends_after_four_rounds_with_standings_from_its_ledgers():
    room, owner = computers_room(4, auto_rounds=10)  # the computers would play on: 10
    play_until_idle(room)

    rounds = list(Round.objects.filter(room=room).order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    assert all(r.status == Round.Status.ENDED and check(r).ok for r in rounds)
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED  # nobody waits here for a round any more
    assert all(r.deadline is None for r in rounds)  # nothing left to do at this table

    standings = matches.final_standings(room)
    by_seat = {line.player[1]: line for line in standings}
    assert sorted(by_seat) == [0, 1, 2, 3]  # the four computers, each its seat
    for seat, line in by_seat.items():
        assert line.total == ledger_net(room, seat)
        # Wins and 点炮 as the event log tells them (the standings read the final states).
        win_events = Event.objects.filter(round__room=room, kind="win")
        assert line.wins == win_events.filter(seat=seat).count()
        fed = {
            (e.round_id, e.data["claim"])
            for e in win_events
            if e.data["how"] != "zimo" and e.data["from"] == seat
        }
        assert line.dealt_in == len(fed)
        mine = [e.data for e in win_events.filter(seat=seat)]
        if mine:
            best = max(mine, key=lambda w: (w["fan"], w["points"]))
            assert (line.biggest.fan, line.biggest.points) == (best["fan"], best["points"])
        else:
            assert line.biggest is None
    assert sum(line.total for line in standings) == 0
    totals = [line.total for line in standings]
    assert totals == sorted(totals, reverse=True)
    assert [line.rank for line in standings] == matches.competition_ranks(totals)


def test_no_further_round_starts_after_the_last_one():
    room, owner = computers_room(1, auto_rounds=5)
    play_until_idle(room)
    assert Round.objects.filter(room=room).count() == 1
    # Asking the computers for more, or seating a computer again, deals nothing.
    set_auto_rounds(room=room, user=owner, rounds=3)
    remove_bot(room=room, user=owner, index=3)
    add_bot(room=room, user=owner, index=3, level="strong")
    play_until_idle(room)
    assert Round.objects.filter(room=room).count() == 1


def test_a_ready_press_after_the_match_is_refused_clearly_and_changes_nothing():
    owner = person("host")
    room = create_room(owner=owner, name="one", options={"rounds": 1})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="easy")
    rnd = set_ready(room=room, user=owner)
    set_auto_play(room=room, user=owner, on=True)  # the computer plays for them
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED

    with pytest.raises(ServiceError, match="The match is over: all 1 rounds"):
        set_ready(room=room, user=owner)
    assert Round.objects.filter(room=room).count() == 1
    assert not Seat.objects.get(room=room, index=0).ready


def test_an_open_ended_room_deals_on_past_sixteen_rounds():
    owner = person("owner")
    room = create_room(owner=owner, name="free", options={})
    assert "rounds" not in room.options  # as every room stored before matches existed
    leave_seat(room=room, user=owner)
    set_auto_rounds(room=room, user=owner, rounds=17)
    for index in range(4):
        add_bot(room=room, user=owner, index=index, level="easy")
    play_until_idle(room)
    assert Round.objects.filter(room=room, status=Round.Status.ENDED).count() == 17
    room.refresh_from_db()
    assert room.status == Room.Status.OPEN and matches.final_standings(room) is None


# --- ranks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "totals, ranks",
    [
        ([10, 5, 5, -20], [1, 2, 2, 4]),
        ([0, 0, 0, 0], [1, 1, 1, 1]),
        ([8, 8, -4, -12], [1, 1, 3, 4]),
        ([3, -1, -1, -1], [1, 2, 2, 2]),
    ],
)
def test_equal_totals_share_a_rank_and_the_next_rank_skips(totals, ranks):
    assert matches.competition_ranks(totals) == ranks


def made_up_round(pk, number, winners):
    return SimpleNamespace(pk=pk, number=number, state={"winners": winners})


def win(seat, how, fan, points, source=None, claim=None):
    return {
        "seat": seat,
        "how": how,
        "fan": fan,
        "points": points,
        "from": source,
        "claim": claim,
        "patterns": {"qingyise": 2} if fan >= 2 else {"pinghu": 0},
    }


def test_standings_of_a_made_up_match_with_a_tie():
    people = [("user", i, f"p{i}") for i in range(4)]
    seating = {1: dict(enumerate(people)), 2: dict(enumerate(people))}
    rounds = [
        # Round 1: p0 wins on p1's discard; then p2 and p3 win on one discard of p1
        # (一炮多响: one 点炮).
        made_up_round(
            1,
            1,
            [
                win(0, "ron", 1, 2, source=1, claim=7),
                win(2, "ron", 2, 4, source=1, claim=20),
                win(3, "ron", 1, 2, source=1, claim=20),
            ],
        ),
        # Round 2: p1 self-draws a pure suit.
        made_up_round(2, 2, [win(1, "zimo", 2, 4)]),
    ]
    ledger = [(1, 1, 0, 2), (1, 1, 2, 4), (1, 1, 3, 2), (2, 0, 1, 4), (2, 2, 1, 4), (2, 3, 1, 4)]
    standings = matches.tally(rounds, seating, ledger)
    assert [
        (line.player[2], line.total, line.rank, line.wins, line.dealt_in) for line in standings
    ] == [
        ("p1", 12 - 8, 1, 1, 2),
        ("p2", 4 - 4, 2, 1, 0),
        ("p0", 2 - 4, 3, 1, 0),  # p0 and p3 tie: both third, nobody fourth
        ("p3", 2 - 4, 3, 1, 0),
    ]
    biggest = {line.player[2]: line.biggest for line in standings}
    assert (biggest["p1"].fan, biggest["p1"].points, biggest["p1"].round) == (2, 4, 2)
    assert (biggest["p3"].fan, biggest["p3"].round) == (1, 1)


def test_a_player_is_the_same_whichever_seat_and_the_biggest_hand_breaks_fan_ties_by_points():
    alice, bob = ("user", 1, "alice"), ("user", 2, "bob")
    east, west = ("bot", 0, "easy"), ("bot", 2, "easy")
    seating = {
        1: {0: east, 1: alice, 2: west, 3: bob},
        2: {0: east, 1: bob, 2: west, 3: alice},
    }  # alice and bob swapped seats
    rounds = [
        made_up_round(1, 1, [win(1, "ron", 1, 2, source=3, claim=5)]),
        made_up_round(2, 2, [win(3, "zimo", 1, 3)]),
    ]
    ledger = [(1, 3, 1, 2), (2, 0, 3, 3), (2, 1, 3, 3), (2, 2, 3, 3)]
    standings = {line.player: line for line in matches.tally(rounds, seating, ledger)}
    assert standings[alice].total == 2 + 9 and standings[alice].wins == 2
    assert standings[bob].total == -2 - 3 and standings[bob].dealt_in == 1
    assert (standings[alice].biggest.points, standings[alice].biggest.round) == (3, 2)
    assert standings[east].total == standings[west].total == -3
    assert standings[east].rank == standings[west].rank == 2 and standings[bob].rank == 4


# --- the option ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 17, -1, "4", "four", 4.0, True])
def test_the_rounds_option_takes_only_a_whole_number_from_1_to_16(value):
    with pytest.raises(ValueError, match=r"option rounds: must be a whole number from 1 to 16"):
        RoomOptions.from_dict({"rounds": value})


@pytest.mark.parametrize("value", [1, 16, None])
def test_the_rounds_option_round_trips(value):
    options = RoomOptions.from_dict({"rounds": value})
    assert options.rounds == value
    assert RoomOptions.from_dict(options.to_dict()) == options


def test_a_room_with_a_bad_number_of_rounds_is_not_created():
    owner = person("picky")
    with pytest.raises(ServiceError, match="option rounds"):
        create_room(owner=owner, name="x", options={"rounds": 17})
    assert not Room.objects.exists()
