"""A club's periods: calendar weeks from Monday 00:00 or calendar months, on Beijing's
clock whatever the moment's zone; a period named by its first day in a page's query and
read back safely; the past periods in which the club's rounds ended."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import User

from clubs.periods import current_period, parse_period, past_periods, period_of, previous_period
from games.models import Room, Round
from tests.clubs.club_rounds import beijing, club_of, club_room, played
from tests.history.ledger_rounds import ledger_round

NOW = beijing(2026, 12, 9, 20, 30)  # a Wednesday evening


def test_a_week_runs_from_monday_midnight_in_beijing_to_the_next_monday():
    week = period_of("week", NOW)
    assert (week.start, week.end) == (beijing(2026, 12, 7), beijing(2026, 12, 14))
    assert (week.key, week.first_day, week.last_day) == (
        "2026-12-07",
        date(2026, 12, 7),
        date(2026, 12, 13),
    )
    assert beijing(2026, 12, 13, 23, 59, 59, 999999) in week
    assert beijing(2026, 12, 14) not in week and beijing(2026, 12, 7) in week
    # Monday 00:00 in Beijing is Sunday 16:00 UTC: the zone of the moment does not matter.
    assert period_of("week", datetime(2026, 12, 6, 16, 0, tzinfo=UTC)).key == "2026-12-07"
    assert period_of("week", datetime(2026, 12, 6, 15, 59, 59, tzinfo=UTC)).key == "2026-11-30"
    assert previous_period(week).key == "2026-11-30"
    assert period_of("week", beijing(2027, 1, 1)).key == "2026-12-28"  # across the year


def test_a_month_runs_from_the_first_to_the_first():
    month = period_of("month", NOW)
    assert (month.start, month.end) == (beijing(2026, 12, 1), beijing(2027, 1, 1))
    assert month.last_day == date(2026, 12, 31) and month.key == "2026-12-01"
    assert period_of("month", datetime(2026, 11, 30, 16, 0, tzinfo=UTC)).key == "2026-12-01"
    assert period_of("month", datetime(2026, 11, 30, 15, 59, tzinfo=UTC)).key == "2026-11-01"
    assert period_of("month", beijing(2028, 2, 29, 12)).last_day == date(2028, 2, 29)
    assert previous_period(period_of("month", beijing(2027, 1, 5))).key == "2026-12-01"


@pytest.mark.django_db
def test_the_current_period_is_the_clubs_kind():
    owner = User.objects.create(username="owner")
    weekly = club_of(owner)
    monthly = club_of(owner, period="month", name="月赛")
    assert current_period(weekly, NOW).key == "2026-12-07"
    assert current_period(monthly, NOW).key == "2026-12-01"
    assert current_period(weekly).end > current_period(weekly).start


@pytest.mark.django_db
@pytest.mark.parametrize(
    "value",
    [
        None,
        20261207,
        ["2026-12-07"],
        "",
        "2026-12-08",  # a Tuesday
        "2026-12-01",  # not a Monday
        "2026-13-07",
        "2026-02-30",
        "20261207",
        "2026-W50-1",
        "2026-12-07T00:00",
        " 2026-12-07",
        "2026-12-07\n",
        "２０２６-１２-０７",  # fullwidth digits
        "٢٠٢٦-١٢-٠٧",  # Arabic-Indic digits
        "2026-12-14",  # next week: after the current one
        "9999-12-27",
        "0001-01-01",  # a Monday, long before the club
        "2025-12-22",  # the week before the club was made
        "x" * 10_000,
    ],
)
def test_a_query_value_that_names_no_period_of_the_club_is_none(value):
    club = club_of(User.objects.create(username="owner"))
    assert parse_period(club, value, now=NOW) is None


@pytest.mark.django_db
def test_a_query_value_naming_a_period_of_the_club_is_that_period():
    owner = User.objects.create(username="owner")
    weekly = club_of(owner)  # made on Thursday 2026-01-01: its first week began on Monday
    assert parse_period(weekly, "2026-12-07", now=NOW) == current_period(weekly, NOW)
    assert parse_period(weekly, "2025-12-29", now=NOW).end == beijing(2026, 1, 5)
    monthly = club_of(owner, period="month", name="月赛")
    assert parse_period(monthly, "2026-02-01", now=NOW).last_day == date(2026, 2, 28)
    assert parse_period(monthly, "2026-12-07", now=NOW) is None
    assert parse_period(monthly, "2027-01-01", now=NOW) is None


@pytest.mark.django_db
def test_the_past_periods_are_those_with_rounds_of_the_club_newest_first(
    django_assert_max_num_queries,
):
    a, b = User.objects.create(username="a"), User.objects.create(username="b")
    club = club_of(a, [b])
    room = club_room(club)
    for ended in (
        beijing(2026, 12, 8),  # this week: not past
        beijing(2026, 12, 6, 23, 59, 59),  # the week of 11-30
        beijing(2026, 11, 30),
        beijing(2026, 11, 3),  # the week of 11-02
        beijing(2026, 10, 31, 12),  # the week of 10-26
        beijing(2026, 9, 1, 3),  # September in Beijing, still August 31st in UTC
    ):
        played(room, [a, b, None, None], [(1, 0, 2)], ended_at=ended)
    # Not the club's: another club's room, a room of no club, a round still played.
    other = club_of(b, name="别的圈")
    played(club_room(other), [a, b, None, None], [], ended_at=beijing(2026, 11, 17))
    lobby_room = Room.objects.create(name="大厅", owner=a)
    played(lobby_room, [a, b, None, None], [], ended_at=beijing(2026, 11, 10))
    ledger_round(room, [a, b, None, None], [], status=Round.Status.PLAYING)
    with django_assert_max_num_queries(1):
        weeks = past_periods(club, now=NOW)
    assert [p.key for p in weeks] == ["2026-11-30", "2026-11-02", "2026-10-26", "2026-08-31"]
    assert all(p.kind == "week" for p in weeks)
    club.period = "month"
    assert [p.key for p in past_periods(club, now=NOW)] == [
        "2026-11-01",
        "2026-10-01",
        "2026-09-01",
    ]
    assert past_periods(club, now=NOW + timedelta(days=30))[0].key == "2026-12-01"
