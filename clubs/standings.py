"""A club's ledger: who is up and who is down in a period (clubs.periods), summed from
the ledger of the finished rounds played in the club's rooms (ClubRoom) each time it is
asked, never stored (as games.history.my_rounds and games.history.ranking do); each
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

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from clubs.periods import Period
from games.history.my_rounds import seat_total
from games.models import Round, RoundPlayer
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


def _club_seats(club: Club, period: Period) -> QuerySet:
    """People's seats (never a computer's) in the finished rounds of the club's rooms that
    ended in ``period``."""
    return RoundPlayer.objects.filter(
        user__isnull=False,
        round__status=Round.Status.ENDED,
        round__ended_at__gte=period.start,
        round__ended_at__lt=period.end,
        round__room__club_room__club=club,
    )


def _better(win: dict, biggest: BiggestHand | None) -> bool:
    if biggest is None:
        return True
    return (win["fan"], win.get("points") or 0) > (biggest.fan, biggest.points)


def _rank(rows: list[Standing]) -> list[Standing]:
    """Best net first, then more rounds, then by name; equal nets share a rank."""
    rows.sort(key=lambda row: (-row.net, -row.rounds, row.name.casefold(), row.user_id))
    for index, row in enumerate(rows):
        shared = index > 0 and rows[index - 1].net == row.net
        row.rank = rows[index - 1].rank if shared else index + 1
    return rows


def standings(club: Club, period: Period) -> list[Standing]:
    """The period's standings of ``club``: one row per person who finished a round in the
    club's rooms in ``period``, ranked. Two queries whatever the number of rounds: the
    seats with each one's net (summed from the ledger in SQL), and the rounds' wins."""
    still_in = Membership.objects.filter(club=club, user=OuterRef("user"), pending=False)
    seats = (
        _club_seats(club, period)
        .annotate(received=seat_total("in"), paid=seat_total("out"), in_club=Exists(still_in))
        .values_list("user_id", "user__username", "round_id", "seat", "received", "paid", "in_club")
        .order_by()
    )
    rows: dict[int, Standing] = {}
    seated: dict[tuple[int, int], Standing] = {}
    for user_id, username, round_id, seat, received, paid, in_club in seats:
        row = rows.get(user_id)
        if row is None:
            name = labels.person_name(username)
            row = rows[user_id] = Standing(0, user_id, name, 0, 0, 0, 0, None, in_club)
        row.net += received - paid
        row.rounds += 1
        seated[round_id, seat] = row
    if seated:
        _count_wins(club, period, seated)
    return _rank(list(rows.values()))


def _count_wins(club: Club, period: Period, seated: dict[tuple[int, int], Standing]) -> None:
    """Each person's wins, self-drawn wins and biggest hand, from the final states of the
    period's rounds (their ``winners`` only), earliest round first."""
    winners = (
        Round.objects.filter(
            status=Round.Status.ENDED,
            ended_at__gte=period.start,
            ended_at__lt=period.end,
            room__club_room__club=club,
        )
        .order_by("ended_at", "pk")
        .values_list("pk", "state__winners")
    )
    for round_id, wins in winners:
        for win in wins or ():
            row = seated.get((round_id, win["seat"]))
            if row is None:  # a computer player's win
                continue
            row.wins += 1
            row.zimo += win["how"] == "zimo"
            if _better(win, row.biggest):
                row.biggest = BiggestHand(
                    win["fan"], win.get("points") or 0, dict(win.get("patterns") or {}), round_id
                )


def member_rounds(club: Club, user: AbstractBaseUser, period: Period) -> list[MemberRound]:
    """The rounds ``user`` finished in the club's rooms in ``period``, newest first, each
    with their net and their wins there. One query."""
    found = (
        _club_seats(club, period)
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


def standings_csv(club: Club, period: Period, out=None) -> str:
    """The period's standings as CSV text: a byte order mark, a header row in the active
    language, one row per person (rank, name, net, rounds, wins, self-drawn wins, the
    biggest hand's fan, empty without a win). Written to ``out`` too when given (an
    HttpResponse, a file). The queries of ``standings``: two."""
    buffer = io.StringIO()
    buffer.write(BOM)
    writer = csv.writer(buffer)
    writer.writerow(csv_header())
    for row in standings(club, period):
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
