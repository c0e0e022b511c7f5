"""A club's periods: its points run per calendar week (Monday 00:00 to the next Monday
00:00) or per calendar month, as the club chooses (``Club.period``), in the site's time
zone (settings.TIME_ZONE, 北京时间), whatever the reader's. A round counts in the
period in which it ended.

A period is named by its first day, ``2026-12-07``: the value a page takes from its
query (``?period=2026-12-07``) and reads back with ``parse_period``, which refuses
anything that is not a period of the club (a day that starts none, a period before the
club or after the current one, junk)."""

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models.functions import TruncMonth, TruncWeek
from django.utils import timezone

from clubs.models import Club
from games.models import Round

KEY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def site_zone() -> ZoneInfo:
    """The zone the periods are counted in: the site's, not the reader's."""
    return ZoneInfo(settings.TIME_ZONE)


@dataclass(frozen=True, slots=True)
class Period:
    kind: str  # a Club.Period: "week" or "month"
    start: datetime  # the first moment, midnight in the site's zone
    end: datetime  # the first moment after it: the next period's start

    @property
    def key(self) -> str:
        """The period's name in a URL: its first day, ``2026-12-07``."""
        return self.start.date().isoformat()

    @property
    def first_day(self) -> date:
        return self.start.date()

    @property
    def last_day(self) -> date:
        return self.end.date() - timedelta(days=1)

    def __contains__(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


def _first_day(kind: str, day: date) -> date:
    if kind == Club.Period.MONTH:
        return day.replace(day=1)
    return day - timedelta(days=day.weekday())


def _following(kind: str, first: date) -> date:
    if kind == Club.Period.MONTH:
        return date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return first + timedelta(days=7)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=site_zone())


def _starting(kind: str, first: date) -> Period:
    return Period(kind, _midnight(first), _midnight(_following(kind, first)))


def day_start(moment: datetime) -> datetime:
    """The midnight, in the site's zone, that began the day of ``moment`` (aware)."""
    return _midnight(timezone.localtime(moment, site_zone()).date())


def period_of(kind: str, moment: datetime) -> Period:
    """The period of ``kind`` ("week" or "month") that holds ``moment`` (aware)."""
    day = timezone.localtime(moment, site_zone()).date()
    return _starting(kind, _first_day(kind, day))


def current_period(club: Club, now: datetime | None = None) -> Period:
    """The club's period now (its rounds so far)."""
    return period_of(club.period, now or timezone.now())


def previous_period(period: Period) -> Period:
    return period_of(period.kind, period.start - timedelta(microseconds=1))


def parse_period(club: Club, value, now: datetime | None = None) -> Period | None:
    """The club's period named ``value`` (``?period=2026-12-07``: its first day), or None
    for anything else: not a string, not a plain date, a day that starts no period of the
    club (a Tuesday for a weekly club, the 2nd for a monthly one), a period before the
    one the club was made in, or after the current one."""
    if not isinstance(value, str) or not KEY.fullmatch(value):
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return None
    if _first_day(club.period, day) != day:
        return None
    earliest = period_of(club.period, club.created_at).first_day
    latest = current_period(club, now).first_day
    if not earliest <= day <= latest:
        return None
    return _starting(club.period, day)


def past_periods(club: Club, now: datetime | None = None) -> list[Period]:
    """The club's periods before the current one in which a round of its rooms ended,
    newest first: what a page offers to browse (with the current period, always there,
    rounds or not). One query."""
    current = current_period(club, now)
    trunc = TruncMonth if club.period == Club.Period.MONTH else TruncWeek
    starts = (
        Round.objects.filter(
            status=Round.Status.ENDED,
            room__club_room__club=club,
            ended_at__lt=current.start,
        )
        .annotate(first=trunc("ended_at", tzinfo=site_zone()))
        .order_by("-first")
        .values_list("first", flat=True)
        .distinct()
    )
    return [period_of(club.period, start) for start in starts]
