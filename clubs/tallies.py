"""What each person won and paid in a club's finished rounds that ended in a span of time:
the sums clubs.standings ranks. Each is a sum over the rounds' ledger and the win lines of
their logs, made here from the plain rows in three queries for up to 5,000 rounds (one
when nobody played), and never stored in the database.

A finished round never changes, and a round ends now: the tallies of a span that ended
before today began (some minutes before, ``SETTLING``: a round ending as the day turned)
cannot change any more. ``settled`` keeps those in this process, so that a page sums
again only today's rounds (``clubs.standings``)."""

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.db.models.fields.json import KT

from clubs.models import Club
from games.models import Event, LedgerEntry, Round, RoundPlayer

# Rounds named in one query: far below SQLite's limit of 32,766 parameters.
ROUNDS_A_QUERY = 5000


@dataclass(frozen=True, slots=True)
class Hand:
    """A win, as big as the rule book counts it: the most fan, then the most points (what
    one payer paid); of two equal ones the earlier, whose log line was written first."""

    fan: int
    points: int
    event_id: int  # its line of the log (the patterns are read from it once chosen)
    round_id: int

    def beats(self, other: "Hand | None") -> bool:
        if other is None:
            return True
        return (self.fan, self.points, -self.event_id) > (other.fan, other.points, -other.event_id)


@dataclass(slots=True)
class Tally:
    """One person's sums over some rounds."""

    net: int = 0  # everything received less everything paid, in points
    rounds: int = 0
    wins: int = 0  # each win of 血流成河 counted
    zimo: int = 0  # wins self-drawn (自摸)
    biggest: Hand | None = field(default=None)

    def add(self, other: "Tally") -> "Tally":
        """A new tally of both (neither is changed: a settled one is shared)."""
        later = other.biggest
        biggest = later if later is not None and later.beats(self.biggest) else self.biggest
        return Tally(
            self.net + other.net,
            self.rounds + other.rounds,
            self.wins + other.wins,
            self.zimo + other.zimo,
            biggest,
        )


def club_seats(club: Club, start: datetime, end: datetime) -> QuerySet:
    """People's seats (never a computer's) in the finished rounds of the club's rooms that
    ended in [``start``, ``end``)."""
    return RoundPlayer.objects.filter(
        user__isnull=False,
        round__status=Round.Status.ENDED,
        round__ended_at__gte=start,
        round__ended_at__lt=end,
        round__room__club_room__club=club,
    )


def tallies(club: Club, start: datetime, end: datetime) -> dict[int, Tally]:
    """Each person's tally (by user id) over the club's rounds that ended in [``start``,
    ``end``): their seats, then the payments and the wins of those rounds."""
    seats = club_seats(club, start, end).order_by().values_list("user_id", "round_id", "seat")
    by_user: dict[int, Tally] = {}
    seated: dict[tuple[int, int], Tally] = {}
    for user_id, round_id, seat in seats:
        tally = by_user.setdefault(user_id, Tally())
        tally.rounds += 1
        seated[round_id, seat] = tally
    # The next queries name the rounds found, a batch at a time, instead of finding them
    # again through the club's rooms (each time a scan of every room the club opened).
    round_ids = sorted({round_id for round_id, _seat in seated})
    for first in range(0, len(round_ids), ROUNDS_A_QUERY):
        batch = round_ids[first : first + ROUNDS_A_QUERY]
        _sum_payments(batch, seated)
        _count_wins(batch, seated)
    return by_user


def _sum_payments(round_ids: list[int], seated: dict[tuple[int, int], Tally]) -> None:
    """Every payment of the rounds ``round_ids`` to or from a person's seat. Summed here
    from the plain rows: a sum per seat in SQL (a subquery per seat, as
    games.history.my_rounds does for one person) took four times as long at a month of a
    big club (bench_club)."""
    payments = (
        LedgerEntry.objects.filter(round_id__in=round_ids)
        .order_by()
        .values_list("round_id", "payer_seat", "payee_seat", "amount")
    )
    for round_id, payer_seat, payee_seat, amount in payments:
        payer = seated.get((round_id, payer_seat))
        if payer is not None:  # None: a computer player paid
            payer.net -= amount
        payee = seated.get((round_id, payee_seat))
        if payee is not None:
            payee.net += amount


def _count_wins(round_ids: list[int], seated: dict[tuple[int, int], Tally]) -> None:
    """The wins of the rounds ``round_ids`` from the win lines of their logs (``Event`` of
    kind "win", under their own index), not from the rounds' final states: reading a state reads all
    of it. Only four plain values of each line are read, not decoded from JSON in Python
    (that was half the time of a month's standings)."""
    wins = (
        Event.objects.filter(kind=Event.WIN, round_id__in=round_ids)
        .order_by()
        .values_list("pk", "round_id", KT("data__seat"), KT("data__how"))
        .annotate(fan=KT("data__fan"), points=KT("data__points"))
    )
    for event_id, round_id, seat, how, fan, points in wins:
        tally = seated.get((round_id, int(seat)))
        if tally is None:  # a computer player's win
            continue
        tally.wins += 1
        tally.zimo += how == "zimo"
        hand = Hand(int(fan), int(points or 0), event_id, round_id)
        if hand.beats(tally.biggest):
            tally.biggest = hand


def patterns_of(hands) -> dict[int, dict]:
    """The patterns of each of ``hands`` (by its event id), for its words. One query."""
    found = Event.objects.filter(pk__in=[hand.event_id for hand in hands])
    return {pk: dict(patterns or {}) for pk, patterns in found.values_list("pk", "data__patterns")}


# --- settled spans, kept in this process ---------------------------------------------------

SETTLED_KEPT = 256  # spans kept, the least recently used forgotten first
# A day counts as over this long after its midnight: a round whose end was being written
# as the day turned (its end time set, its transaction not yet committed) is in it.
SETTLING = timedelta(minutes=10)
_SETTLED: OrderedDict = OrderedDict()  # (club id, start, end) -> {user id: Tally}


def settled(club: Club, start: datetime, end: datetime) -> dict[int, Tally]:
    """``tallies`` of a span that ended before today began (the caller's promise), summed
    once per process and kept: no round can end in it any more. The tallies are shared;
    add to them with ``Tally.add``, never in place."""
    key = (club.pk, start, end)
    found = _SETTLED.get(key)
    if found is None:
        found = _SETTLED[key] = tallies(club, start, end)
        while len(_SETTLED) > SETTLED_KEPT:
            _SETTLED.popitem(last=False)
    _SETTLED.move_to_end(key)
    return found


def forget_settled() -> None:
    """Forget every settled span: for tests that write rounds in the past, which the site
    never does."""
    _SETTLED.clear()
