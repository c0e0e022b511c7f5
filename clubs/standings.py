"""A club's ledger: who is up and who is down in a period (clubs.periods), summed from
the ledger of the finished rounds played in the club's rooms (ClubRoom, clubs.tallies)
when it is asked, never stored in the database (as games.history.my_rounds and
games.history.ranking do; a process keeps the sums of days that are over); each
member's rounds of the period; the period's standings as a CSV file for a spreadsheet.

Only people stand: a computer player has no account, and the points it won or paid are
nobody's here. Who played stands, whether or not they are still in the club: a member
who has left keeps the points of the rounds they played (``in_club`` tells them apart).
Nobody stands for a period in which they finished no round of the club (the members'
list is elsewhere)."""

import csv
import io
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import periods, tallies
from clubs.models import Club, Membership
from clubs.periods import Period
from games.history.my_rounds import seat_total
from games.words import labels


@dataclass(frozen=True, slots=True)
class BiggestHand:
    """A person's biggest win of the period: the most fan, then the most points (what
    one payer paid); the earlier of two equal ones. ``round_id`` for a link to it."""

    fan: int
    points: int
    patterns: dict  # for labels.hand_worth(patterns, fan, points)
    round_id: int


@dataclass(slots=True)
class Standing:
    rank: int  # equal nets share a rank: 1, 2, 2, 4
    user_id: int
    name: str  # as shown (a deleted account's anonymous name in the reader's language)
    net: int  # everything received less everything paid, in points
    rounds: int
    wins: int  # each win of 血流成河 counted
    zimo: int  # wins self-drawn (自摸)
    biggest: BiggestHand | None
    in_club: bool  # False: left or was removed since


@dataclass(frozen=True, slots=True)
class MemberRound:
    round_id: int
    ended_at: datetime
    table: str  # the name of the club's table (楼层) the room was opened from
    net: int
    wins: int
    zimo: int


def _rank(rows: list[Standing]) -> list[Standing]:
    """Best net first, then more rounds, then by name; equal nets share a rank."""
    rows.sort(key=lambda row: (-row.net, -row.rounds, row.name.casefold(), row.user_id))
    for index, row in enumerate(rows):
        shared = index > 0 and rows[index - 1].net == row.net
        row.rank = rows[index - 1].rank if shared else index + 1
    return rows


def period_tallies(club: Club, period: Period, now: datetime | None = None) -> dict:
    """Each person's tally over ``period`` (by user id): the days before today from what
    this process keeps (``tallies.settled``: nothing can end in them any more), today's
    rounds summed now."""
    now = now or timezone.now()
    split = min(max(periods.day_start(now - tallies.SETTLING), period.start), period.end)
    found = tallies.settled(club, period.start, split) if period.start < split else {}
    if split == period.end:
        return found
    merged = dict(found)
    for user_id, today in tallies.tallies(club, split, period.end).items():
        before = merged.get(user_id)
        merged[user_id] = before.add(today) if before else today
    return merged


def standings(club: Club, period: Period, now: datetime | None = None) -> list[Standing]:
    """The period's standings of ``club``: one row per person who finished a round in the
    club's rooms in ``period``, ranked. A sum over the ledger and the logs of its rounds
    (``period_tallies``), then three queries whatever their number: the names, who is
    still in the club, the patterns of each person's biggest hand."""
    by_user = period_tallies(club, period, now)
    if not by_user:
        return []
    names = dict(get_user_model().objects.filter(pk__in=by_user).values_list("pk", "username"))
    still_in = set(
        Membership.objects.filter(club=club, pending=False).values_list("user_id", flat=True)
    )
    hands = [tally.biggest for tally in by_user.values() if tally.biggest]
    patterns = tallies.patterns_of(hands) if hands else {}
    rows = []
    for user_id, tally in by_user.items():
        if user_id not in names:  # the account is gone since
            continue
        hand = tally.biggest
        biggest = hand and BiggestHand(
            hand.fan, hand.points, patterns[hand.event_id], hand.round_id
        )
        name = labels.person_name(names[user_id])
        rows.append(
            Standing(
                0,
                user_id,
                name,
                tally.net,
                tally.rounds,
                tally.wins,
                tally.zimo,
                biggest,
                user_id in still_in,
            )
        )
    return _rank(rows)


def member_rounds(club: Club, user: AbstractBaseUser, period: Period) -> list[MemberRound]:
    """The rounds ``user`` finished in the club's rooms in ``period``, newest first, each
    with their net and their wins there. One query."""
    found = (
        tallies.club_seats(club, period.start, period.end)
        .filter(user=user)
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .values_list(
            "round_id",
            "round__ended_at",
            "round__room__club_room__table__name",
            "seat",
            "received",
            "paid",
            "round__state__winners",
        )
        .order_by("-round__ended_at", "-round_id")
    )
    rounds = []
    for round_id, ended_at, table, seat, received, paid, winners in found:
        mine = [win for win in winners or () if win["seat"] == seat]
        zimo = sum(win["how"] == "zimo" for win in mine)
        rounds.append(MemberRound(round_id, ended_at, table, received - paid, len(mine), zimo))
    return rounds


# --- the CSV file ---------------------------------------------------------------------------

# A cell a spreadsheet would read as a formula (CSV injection): a hostile user name such
# as "=HYPERLINK(…)" or "@SUM(…)" is written with a ' in front, which shows it as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"  # so that Excel reads the file as UTF-8 and shows Chinese names


def csv_text_cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_header() -> list[str]:
    return [
        _("Rank"),
        _("Player"),
        _("Net"),
        _("Rounds"),
        _("Wins"),
        _("Self-drawn wins"),
        _("Biggest fan"),
    ]


def csv_filename(club: Club, period: Period) -> str:
    """A plain ASCII name for the download: ``club-12-week-2026-12-07.csv``."""
    return f"club-{club.pk}-{period.kind}-{period.key}.csv"


def standings_csv(club: Club, period: Period, out=None, now: datetime | None = None) -> str:
    """The period's standings as CSV text: a byte order mark, a header row in the active
    language, one row per person (rank, name, net, rounds, wins, self-drawn wins, the
    biggest hand's fan, empty without a win). Written to ``out`` too when given (an
    HttpResponse, a file). The queries of ``standings``."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer)
    writer.writerow(csv_header())
    for row in standings(club, period, now):
        writer.writerow(
            [
                row.rank,
                csv_text_cell(row.name),
                row.net,
                row.rounds,
                row.wins,
                row.zimo,
                row.biggest.fan if row.biggest else "",
            ]
        )
    text = buffer.getvalue()
    if out is not None:
        out.write(text)
    return text
