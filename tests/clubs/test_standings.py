"""A club's ledger: per period, each person's net summed from the ledger of the rounds that
ended in the club's rooms, their rounds, wins, self-drawn wins and biggest hand; computer
players, unfinished rounds and rounds of other rooms left out; ranks shared on equal nets;
a member's rounds; the CSV export, safe in a spreadsheet; a few queries whatever the
number of rounds."""

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse

from clubs import membership, tallies
from clubs.periods import period_of
from clubs.standings import csv_filename, member_rounds, standings, standings_csv
from games.models import Room, Round
from tests.clubs.club_rounds import beijing, club_of, club_room, played, win
from tests.history.ledger_rounds import ledger_round

pytestmark = pytest.mark.django_db

WEEK = period_of("week", beijing(2026, 12, 9))  # Monday 2026-12-07 to Monday 12-14


def table(rows):
    return [(row.rank, row.name, row.net, row.rounds, row.wins, row.zimo) for row in rows]


@pytest.fixture
def four():
    return [User.objects.create(username=name) for name in ("ana", "bo", "cai", "du")]


@pytest.fixture
def club(four):
    return club_of(four[0], four[1:])


@pytest.fixture
def room(club):
    return club_room(club)


def test_nets_are_sums_over_the_ledger_and_equal_nets_share_a_rank(four, club, room):
    a, b, c, d = four
    # ana: +6 +3 = 9; bo: +4 −3 = 1; cai: −2 +3 = 1 (as many rounds as bo: by name);
    # du: −8 −3 = −11.
    played(
        room,
        [a, b, c, d],
        [(3, 0, 4), (3, 1, 4), (2, 0, 2)],
        ended_at=beijing(2026, 12, 8, 21),
        winners=[win(0, fan=1, points=2), win(1, points=4)],
    )
    played(
        room,
        [b, a, d, c],
        [(0, 1, 3), (2, 3, 3)],
        ended_at=beijing(2026, 12, 9, 21),
        winners=[win(1, "zimo", fan=2, points=3), win(3, "zimo", fan=2, points=3)],
    )
    rows = standings(club, WEEK)
    assert table(rows) == [
        (1, "ana", 9, 2, 2, 1),
        (2, "bo", 1, 2, 1, 0),
        (2, "cai", 1, 2, 1, 1),
        (4, "du", -11, 2, 0, 0),
    ]
    assert sum(row.net for row in rows) == 0
    assert [row.user_id for row in rows] == [a.pk, b.pk, c.pk, d.pk]
    assert all(row.in_club for row in rows)


def test_on_equal_nets_more_rounds_go_first_then_the_name(four, club, room):
    a, b, c, d = four
    played(room, [a, b, c, d], [], ended_at=beijing(2026, 12, 8))
    played(room, [d, None, None, None], [], ended_at=beijing(2026, 12, 8, 1))
    played(room, [c, b, None, None], [(0, 1, 5), (2, 0, 5)], ended_at=beijing(2026, 12, 8, 2))
    # Everyone at 0 but bo (+5): du and cai have two rounds, ana one.
    assert table(standings(club, WEEK)) == [
        (1, "bo", 5, 2, 0, 0),
        (2, "cai", 0, 2, 0, 0),
        (2, "du", 0, 2, 0, 0),
        (2, "ana", 0, 1, 0, 0),
    ]


def test_computer_players_do_not_stand_and_their_points_are_nobodys(four, club, room):
    a, b, *_ = four
    played(
        room,
        [a, None, b, None],
        [(1, 0, 4), (3, 0, 4), (2, 1, 6), (0, 3, 1)],
        ended_at=beijing(2026, 12, 8),
        winners=[win(0, fan=1, points=4), win(1, "zimo", fan=5, points=6)],
    )
    rows = standings(club, WEEK)
    assert table(rows) == [(1, "ana", 7, 1, 1, 0), (2, "bo", -6, 1, 0, 0)]
    assert rows[0].biggest.fan == 1  # the computer's 5 fan are not ana's


def test_only_finished_rounds_of_the_clubs_rooms_count(four, club, room):
    a, b, c, d = four
    payments = [(1, 0, 8)]
    played(room, [a, b, c, d], payments, ended_at=beijing(2026, 12, 8))
    # The same players elsewhere: another club's room, a room of no club, and a round of
    # the club still being played.
    other = club_of(b, [a, c, d], name="别的圈")
    played(club_room(other), [a, b, c, d], payments, ended_at=beijing(2026, 12, 8))
    lobby = Room.objects.create(name="大厅", owner=a)
    played(lobby, [a, b, c, d], payments, ended_at=beijing(2026, 12, 8))
    ledger_round(room, [a, b, c, d], payments, status=Round.Status.PLAYING)
    # A second table of the club counts like the first.
    played(club_room(club, "二楼"), [a, b, c, d], payments, ended_at=beijing(2026, 12, 9))
    assert [(row.name, row.net, row.rounds) for row in standings(club, WEEK)][:2] == [
        ("ana", 16, 2),
        ("cai", 0, 2),
    ]
    assert [(row.name, row.net) for row in standings(other, WEEK)] == [
        ("ana", 8),
        ("cai", 0),
        ("du", 0),
        ("bo", -8),
    ]


def test_a_round_counts_in_the_period_in_which_it_ended_on_beijings_clock(four, club, room):
    a, b, c, d = four
    seats = [a, b, c, d]
    # Sunday 23:59:59.999999 is last week's; Monday 00:00:00 is this week's.
    played(room, seats, [(1, 0, 1)], ended_at=beijing(2026, 12, 6, 23, 59, 59, 999999))
    played(room, seats, [(1, 0, 2)], ended_at=beijing(2026, 12, 7))
    played(room, seats, [(1, 0, 4)], ended_at=beijing(2026, 12, 13, 23, 59, 59, 999999))
    played(room, seats, [(1, 0, 8)], ended_at=beijing(2026, 12, 14))
    assert standings(club, WEEK)[0].net == 6
    assert standings(club, period_of("week", beijing(2026, 12, 1)))[0].net == 1
    assert standings(club, period_of("week", beijing(2026, 12, 14)))[0].net == 8
    # By the month: November's last moment is November's, December 1st 00:00 December's.
    played(room, seats, [(1, 0, 16)], ended_at=beijing(2026, 11, 30, 23, 59, 59, 999999))
    played(room, seats, [(1, 0, 32)], ended_at=beijing(2026, 12, 1))
    december = period_of("month", beijing(2026, 12, 20))
    assert standings(club, december)[0].net == 1 + 2 + 4 + 8 + 32
    assert standings(club, period_of("month", beijing(2026, 11, 1)))[0].net == 16
    assert standings(club, period_of("month", beijing(2027, 1, 1))) == []


def test_the_biggest_hand_is_the_most_fan_then_the_most_points_then_the_earliest(four, club, room):
    a, b, c, d = four
    seats = [a, b, c, d]
    first = played(
        room,
        seats,
        [(1, 0, 8)],
        ended_at=beijing(2026, 12, 7, 10),
        winners=[win(0, fan=3, points=8, patterns={"qingyise": 2, "gen": 1})],
    )
    played(
        room,
        seats,
        [(1, 0, 8)],
        ended_at=beijing(2026, 12, 8, 10),
        winners=[win(0, "zimo", fan=3, points=8, patterns={"duiduihu": 1})],
    )
    bigger = played(
        room,
        seats,
        [(1, 0, 16), (2, 0, 2)],
        ended_at=beijing(2026, 12, 9, 10),
        # 血流成河: ana wins twice in one round, bo once.
        winners=[
            win(0, fan=2, points=4),
            win(1, "rob_kong", fan=1, points=2),
            win(0, fan=3, points=16, patterns={"qidui": 2, "gen": 1}),
        ],
    )
    rows = {row.name: row for row in standings(club, WEEK)}
    assert (rows["ana"].wins, rows["ana"].zimo) == (4, 1)
    assert rows["ana"].biggest.round_id == bigger.pk
    assert (rows["ana"].biggest.fan, rows["ana"].biggest.points) == (3, 16)
    assert rows["ana"].biggest.patterns == {"qidui": 2, "gen": 1}
    assert rows["bo"].biggest.round_id == bigger.pk and rows["bo"].wins == 1
    assert rows["cai"].biggest is None and rows["cai"].wins == 0
    # The two equal hands (3 fan, 8 points): the earlier one stands.
    earlier = period_of("week", beijing(2026, 12, 7))
    Round.objects.filter(pk=bigger.pk).update(ended_at=beijing(2026, 12, 20))
    assert standings(club, earlier)[0].biggest.round_id == first.pk


def test_a_member_who_left_still_stands_for_the_rounds_they_played(four, club, room):
    a, b, c, d = four
    played(room, [a, b, c, d], [(0, 1, 4)], ended_at=beijing(2026, 12, 8))
    membership.leave(club=club, user=b)
    membership.remove(club=club, user=c, by=a, ban=True)
    rows = {row.name: row for row in standings(club, WEEK)}
    assert (rows["bo"].net, rows["bo"].in_club) == (4, False)
    assert rows["cai"].in_club is False and rows["ana"].in_club and rows["du"].in_club


def test_a_deleted_account_stands_under_its_anonymous_name(four, club, room):
    a, b, c, d = four
    played(room, [a, b, c, d], [(0, 1, 4)], ended_at=beijing(2026, 12, 8))
    User.objects.filter(pk=b.pk).update(username="已注销玩家#1a2b3c4d", is_active=False)
    assert standings(club, WEEK)[0].name == "Deleted player #1a2b3c4d"


def test_a_members_rounds_of_the_period(four, club, room):
    a, b, c, d = four
    upstairs = club_room(club, "二楼")
    one = played(
        room,
        [a, b, c, d],
        [(1, 0, 4), (2, 0, 4)],
        ended_at=beijing(2026, 12, 7, 20),
        winners=[win(0, "zimo", fan=1, points=4), win(3, fan=1)],
    )
    two = played(upstairs, [b, a, None, None], [(1, 2, 3)], ended_at=beijing(2026, 12, 8, 20))
    played(room, [a, b, c, d], [(0, 1, 1)], ended_at=beijing(2026, 12, 1))  # last week
    played(room, [b, c, d, None], [(0, 1, 1)], ended_at=beijing(2026, 12, 9))  # ana not there
    found = member_rounds(club, a, WEEK)
    assert [(r.round_id, r.table, r.net, r.wins, r.zimo) for r in found] == [
        (two.pk, "二楼", -3, 0, 0),
        (one.pk, "一楼", 8, 1, 1),
    ]
    assert found[0].ended_at == beijing(2026, 12, 8, 20)
    assert member_rounds(club, User.objects.create(username="stranger"), WEEK) == []


LATE_WEDNESDAY = beijing(2026, 12, 9, 23, 30)  # in WEEK: its Monday and Tuesday are over


def test_the_queries_do_not_grow_with_the_rounds(four, club, room, django_assert_num_queries):
    a, b, c, d = four
    for hour in range(3):
        played(
            room, [a, b, c, d], [(1, 0, 1)], ended_at=beijing(2026, 12, 8, hour), winners=[win(0)]
        )
    # The days that are over (seats, payments, wins), today (its seats: none yet), then
    # the names, who is still in the club, and the biggest hands' patterns.
    with django_assert_num_queries(7):
        assert len(standings(club, WEEK, LATE_WEDNESDAY)) == 4
    with django_assert_num_queries(4):  # the days that are over were kept
        assert len(standings(club, WEEK, LATE_WEDNESDAY)) == 4
    with django_assert_num_queries(1):
        assert len(member_rounds(club, a, WEEK)) == 3
    upstairs = club_room(club, "二楼")
    for hour in range(30):
        seats = [a, b, c, d] if hour % 2 else [d, None, c, None]
        played(
            upstairs,
            seats,
            [(1, 0, 1)],
            ended_at=beijing(2026, 12, 9, hour % 24, hour),
            winners=[win(0, fan=hour % 3), win(2, "zimo")],
        )
    with django_assert_num_queries(9):  # today's seats, payments and wins too
        assert len(standings(club, WEEK, LATE_WEDNESDAY)) == 4
    with django_assert_num_queries(6):
        standings_csv(club, WEEK, now=LATE_WEDNESDAY)
    with django_assert_num_queries(1):
        assert len(member_rounds(club, a, WEEK)) == 18
    with django_assert_num_queries(1):  # no round: nothing more is asked
        assert standings(club, period_of("week", beijing(2026, 1, 5)), LATE_WEDNESDAY) == []


def full(rows):
    return [
        (*row, r.biggest and (r.biggest.fan, r.biggest.points, r.biggest.round_id), r.in_club)
        for row, r in zip(table(rows), rows, strict=True)
    ]


def test_the_days_that_are_over_are_kept_and_today_is_added_to_them(four, club, room):
    a, b, c, d = four
    tuesday = played(
        room,
        [a, b, c, d],
        [(1, 0, 6), (2, 0, 6), (3, 0, 6)],
        ended_at=beijing(2026, 12, 8, 21),
        winners=[win(0, "zimo", fan=2, points=6)],
    )
    today = played(
        room,
        [a, b, c, None],
        [(0, 1, 8), (2, 1, 8)],
        ended_at=beijing(2026, 12, 9, 9),
        winners=[win(1, fan=3, points=8), win(0, fan=2, points=6)],
    )
    # The whole week summed at once, its days all over (the Monday after) ...
    whole = full(standings(club, WEEK, beijing(2026, 12, 14, 9)))
    # ana's two wins of 2 fan and 6 points: the earlier, on Tuesday, is her biggest.
    assert whole == [
        (1, "ana", 10, 2, 2, 1, (2, 6, tuesday.pk), True),
        (1, "bo", 10, 2, 1, 0, (3, 8, today.pk), True),
        (3, "du", -6, 1, 0, 0, None, True),
        (4, "cai", -14, 2, 0, 0, None, True),
    ]
    # ... equals Tuesday kept and Wednesday added, as many times as it is asked.
    for _ in range(3):
        assert full(standings(club, WEEK, LATE_WEDNESDAY)) == whole
    # Who is still in the club and the names are read at each call, not kept.
    membership.leave(club=club, user=c)
    assert full(standings(club, WEEK, LATE_WEDNESDAY))[3][-1] is False


def test_the_csv_opens_in_excel_and_names_are_never_formulas(four, club, room):
    a, b, c, d = four
    User.objects.filter(pk=b.pk).update(username="=HYPERLINK(1)")
    User.objects.filter(pk=c.pk).update(username="+cai")
    User.objects.filter(pk=d.pk).update(username="-du,@x")
    e = User.objects.create(username="@e")
    f = User.objects.create(username="小明")
    played(
        room,
        [a, b, c, d],
        [(1, 0, 4), (2, 0, 4), (3, 0, 4)],
        ended_at=beijing(2026, 12, 8),
        winners=[win(0, "zimo", fan=2, points=4)],
    )
    played(room, [e, f, None, None], [(0, 1, 3)], ended_at=beijing(2026, 12, 8))
    text = standings_csv(club, WEEK)
    assert text.startswith("\ufeffRank,Player,Net,Rounds,Wins,Self-drawn wins,Biggest fan\r\n")
    assert text[1:].split("\r\n") == [
        "Rank,Player,Net,Rounds,Wins,Self-drawn wins,Biggest fan",
        "1,ana,12,1,1,1,2",
        "2,小明,3,1,0,0,",
        "3,'@e,-3,1,0,0,",
        "4,'+cai,-4,1,0,0,",
        '4,"\'-du,@x",-4,1,0,0,',
        "4,'=HYPERLINK(1),-4,1,0,0,",
        "",
    ]
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    assert standings_csv(club, WEEK, response) == text
    assert response.content.startswith(b"\xef\xbb\xbf")
    assert response.content.decode("utf-8-sig") == text[1:]
    assert csv_filename(club, WEEK) == f"club-{club.pk}-week-2026-12-07.csv"


def test_an_empty_period_is_a_header_alone():
    club = club_of(User.objects.create(username="owner"))
    assert standings_csv(club, WEEK).splitlines() == [
        "\ufeffRank,Player,Net,Rounds,Wins,Self-drawn wins,Biggest fan"
    ]


def test_many_rounds_are_read_a_batch_at_a_time_with_the_same_sums(
    four, club, room, monkeypatch, django_assert_num_queries
):
    a, b, c, d = four
    for day in range(5):
        played(
            room,
            [a, b, c, None],
            [(1, 0, day + 1), (2, 0, 1)],
            ended_at=beijing(2026, 12, 7 + day, 12),
            winners=[win(0, "zimo" if day % 2 else "ron", fan=day % 3, points=day + 1)],
        )
    sunday = beijing(2026, 12, 14, 9)
    at_once = full(standings(club, WEEK, sunday))
    tallies.forget_settled()
    monkeypatch.setattr(tallies, "ROUNDS_A_QUERY", 2)
    # seats; three batches of payments and wins; names, members, patterns
    with django_assert_num_queries(1 + 3 * 2 + 3):
        assert full(standings(club, WEEK, sunday)) == at_once
    assert at_once[0][:6] == (1, "ana", (1 + 2 + 3 + 4 + 5) + 5, 5, 5, 2)


def test_a_day_is_over_for_the_sums_kept_only_minutes_after_its_midnight(four, club, room):
    a, b, c, d = four
    just_after_midnight = beijing(2026, 12, 9, 0, 2)
    assert standings(club, WEEK, just_after_midnight) == []
    # A round whose end was set just before midnight and committed just after: the
    # process that summed the week a moment ago is not told (as on the site).
    played(room, [a, b, c, d], [(1, 0, 3)], ended_at=beijing(2026, 12, 8, 23, 59, 59), forget=False)
    assert standings(club, WEEK, just_after_midnight)[0].net == 3
    # Ten minutes on, Tuesday is over: summed once and kept, the round in it.
    later = beijing(2026, 12, 9, 0, 11)
    for _ in range(2):
        assert [(row.name, row.net) for row in standings(club, WEEK, later)][0] == ("ana", 3)
