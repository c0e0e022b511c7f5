"""Clubs, their tables and rooms, and finished rounds in them with their ledger and their
wins, written straight into the database for the tests of the club's standings."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User
from django.db.models import Max

from clubs import tallies
from clubs.models import Club, ClubRoom, ClubTable, Membership
from games.models import Event, Room, Round
from tests.history.ledger_rounds import ledger_round

BEIJING = ZoneInfo("Asia/Shanghai")


def beijing(*parts) -> datetime:
    """A moment given on the clock of Beijing (the site's zone): ``beijing(2026, 12, 7)``."""
    return datetime(*parts, tzinfo=BEIJING)


def club_of(owner: User, members=(), *, period="week", name="周五麻将", created=None) -> Club:
    """A club of ``owner`` with ``members`` in it, made at ``created`` (early 2026)."""
    club = Club.objects.create(
        name=name, owner=owner, period=period, created_at=created or beijing(2026, 1, 1)
    )
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    for member in members:
        Membership.objects.create(club=club, user=member)
    return club


def club_room(club: Club, table_name: str = "一楼", *, table: ClubTable | None = None) -> Room:
    """A room opened from ``club``'s table ``table_name`` (made when missing)."""
    if table is None:
        table, _ = ClubTable.objects.get_or_create(club=club, name=table_name)
    room = Room.objects.create(name=table.name, owner=club.owner, listed=False)
    ClubRoom.objects.create(room=room, table=table, club=club)
    return room


def win(seat: int, how: str = "ron", fan: int = 0, points: int = 1, patterns=None, **more):
    """One entry of a round's ``winners`` as the engine writes it."""
    return {
        "seat": seat,
        "how": how,
        "fan": fan,
        "points": points,
        "patterns": patterns or {"pinghu": 0},
        "from": None if how == "zimo" else more.pop("source", (seat + 1) % 4),
        **more,
    }


def played(
    room: Room, seats, payments, *, ended_at: datetime, winners=(), forget: bool = True
) -> Round:
    """A round of ``room`` that ended at ``ended_at``: ``seats`` the four users (None: a
    computer player), ``payments`` (payer seat, payee seat, amount), ``winners`` its wins
    (``win``), in its final state and as lines of its log, where the engine writes both."""
    rnd = ledger_round(room, seats, payments, ended_at=ended_at)
    Round.objects.filter(pk=rnd.pk).update(state={"winners": list(winners)})
    last = rnd.events.aggregate(last=Max("number"))["last"] or 0
    Event.objects.bulk_create(
        Event(round=rnd, number=last + 1 + order, version=1, kind=Event.WIN, seat=w["seat"], data=w)
        for order, w in enumerate(winners)
    )
    # The site never ends a round in a day that is over; a test does, which this
    # process's sums of such days must hear of (``forget``: unless the test says not).
    if forget:
        tallies.forget_settled()
    return rnd
