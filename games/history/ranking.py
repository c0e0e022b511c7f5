"""The ranking (/ranking/): players by their net per round in units of each room's base
stake (底分), this week and of all time, summed from the ledger like every other score of
the site (games.history.my_rounds). Counting in bases makes tables of different stakes comparable:
+12 at a base of 6 is +2, as +2 at a base of 1.

Only people are ranked: a computer player has no account, so its seats are never
counted. A player needs a few rounds to be ranked (one lucky 清一色 is not a standing):
``WEEKLY_MIN_ROUNDS`` finished rounds in the last seven days, ``ALL_TIME_MIN_ROUNDS``
in all. "This week" is the last seven days up to now, not the calendar week, so that
the table is never empty on a Monday morning. A round counts in the week it ended.
Rounds of a room that allows the coach (教练, option ``coaching``) are not ranked, nor
those of a sealed room (the daily challenge's and a set of deals' tables) while it is
sealed (``Room.is_sealed``): a change in somebody's standing would tell how they did on
a deal others have yet to play.

Tables of different sizes are ranked apart (RULES.md section 14): points won at a table
for two, where one opponent pays, are not points won at a table for four. ``players``
picks the table size; the page shows one at a time.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.db.models import Exists, IntegerField, OuterRef, Q, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from games.history.my_rounds import TABLE_SIZES, at_tables_for, seat_total
from games.models import Room, Round, RoundPlayer
from games.words import labels

WEEK = timedelta(days=7)
WEEKLY_MIN_ROUNDS = 3
ALL_TIME_MIN_ROUNDS = 5
LIMIT = 100  # rows shown per table


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    name: str
    rounds: int
    net: Fraction  # in units of the base of each round's room

    @property
    def per_round(self) -> float:
        """For showing (rounded by the template); the order is by the exact fraction."""
        return float(self.net / self.rounds)

    @property
    def net_shown(self) -> float:
        return float(self.net)


def standings(
    *,
    since: datetime | None = None,
    min_rounds: int,
    limit: int | None = LIMIT,
    players: int = 4,
) -> list[Standing]:
    """People with at least ``min_rounds`` finished rounds (ended at ``since`` or later)
    at tables for ``players``, best net per round first; ties by more rounds, then by
    name. Equal net per round and equal rounds share a rank."""
    # A deleted account (kept, deactivated, under an anonymous name) is not ranked.
    seats = RoundPlayer.objects.filter(
        user__isnull=False, user__is_active=True, round__status=Round.Status.ENDED
    )
    # Off in ranked play: a round played where the coach (教练) was allowed is not ranked.
    # (A subquery: ``exclude`` on the JSON key itself would drop rooms without the key,
    # its comparison being NULL there.)
    seats = seats.exclude(round__room__in=Room.objects.filter(options__coaching=True))
    seats = seats.exclude(round__room__in=sealed_rooms())
    seats = at_tables_for(seats, players)
    if since is not None:
        seats = seats.filter(round__ended_at__gte=since)
    per_seat = (
        seats.annotate(
            received=seat_total("in"),
            paid=seat_total("out"),
            base=Coalesce(
                Cast(KeyTextTransform("base", "round__room__options"), IntegerField()), Value(1)
            ),
        )
        .values_list("user", "received", "paid", "base")
        .order_by()
    )
    nets: dict[int, Fraction] = {}
    rounds_of: dict[int, int] = {}
    for user, received, paid, base in per_seat:
        nets[user] = nets.get(user, Fraction(0)) + Fraction(received - paid, max(base, 1))
        rounds_of[user] = rounds_of.get(user, 0) + 1
    rows = [(user, rounds_of[user], nets[user]) for user in nets if rounds_of[user] >= min_rounds]
    names = dict(
        get_user_model()
        .objects.filter(pk__in=[user for user, _, _ in rows])
        .values_list("pk", "username")
    )
    # Sorted here, exactly: net / rounds as a fraction, not a rounded float from SQL.
    rows.sort(key=lambda row: (-row[2] / row[1], -row[1], names[row[0]].casefold()))
    found: list[Standing] = []
    for user, rounds, net in rows[:limit]:
        if found and found[-1].rounds == rounds and found[-1].net == net:
            rank = found[-1].rank
        else:
            rank = len(found) + 1
        found.append(Standing(rank, user, names[user], rounds, net))
    return found


def table_size(value) -> int:
    """The table size a page asks for (``?players=3``); four when it names none."""
    return int(value) if value in {str(size) for size in TABLE_SIZES} else 4


def sealed_rooms(now: datetime | None = None):
    """The rooms whose ``Room.is_sealed`` is true at ``now``, as a queryset: sealed until
    a later time, or sealed until an earlier one while a round on one of their seeds is
    being played anywhere."""
    now = now or timezone.now()
    playing = Round.objects.filter(status=Round.Status.PLAYING).values("seed_hash")
    seed_played = Exists(Round.objects.filter(room=OuterRef("pk"), seed_hash__in=playing))
    return Room.objects.filter(
        Q(sealed_until__gt=now) | Q(sealed_until__isnull=False) & seed_played
    )


def weekly(now: datetime | None = None, players: int = 4) -> list[Standing]:
    since = (now or timezone.now()) - WEEK
    return standings(since=since, min_rounds=WEEKLY_MIN_ROUNDS, players=players)


def all_time(players: int = 4) -> list[Standing]:
    return standings(min_rounds=ALL_TIME_MIN_ROUNDS, players=players)


def ranks_of(user) -> list[tuple[str, int]]:
    """(which ranking, rank) of each ranking ``user`` is ranked in, for their profile:
    this week's and all time's at tables for four, and for three or two where they
    are ranked there too."""
    found = []
    for players in TABLE_SIZES:
        for label, table in (
            (_("this week"), weekly(players=players)),
            (_("all time"), all_time(players)),
        ):
            rank = next((row.rank for row in table if row.user_id == user.pk), None)
            if rank is not None:
                if players != 4:
                    label = f"{label} · {labels.TABLE_SIZE_NAMES[players]}"
                found.append((label, rank))
    return found
