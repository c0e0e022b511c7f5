"""Friends on the same deals (同牌对局): a set of deals that each friend plays at a table
of their own against three 大师 — the same deals in the same order, from the same seat —
compared deal by deal, beside 大师's own result on each (the par). The daily challenge's
design, for any group and any number of deals.

The deals are secret until the set closes (``OPEN_DAYS`` after it was made) and while
anybody is still playing one of them; nobody joins or deals a round after it closes, so
that no seed is ever shown to somebody who has yet to play it. The par, and the others'
points on a deal, are shown to those who have played that deal themselves."""

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from challenge import tables
from challenge.models import DealSet, DealSetTable
from games.history.my_rounds import nets
from games.models import SEATS, Room, Round, new_room_code
from games.play import dealing, steps
from games.play.errors import ServiceError
from games.rules.options import RoomOptions
from games.words import labels

DEALS_RANGE = (1, 8)
OPEN_DAYS = 7
SEAT = 0
SETS_PER_DAY = 5  # sets one person may make a day: each costs 大师's games of its deals


def create(*, owner: AbstractBaseUser, name: str, count: int) -> DealSet:
    """A new set of ``count`` deals, with 大师's games of them played at once (after the
    set is stored: see ``complete``)."""
    if not DEALS_RANGE[0] <= count <= DEALS_RANGE[1]:
        raise ServiceError(
            _("Choose between %(low)d and %(high)d deals.")
            % {"low": DEALS_RANGE[0], "high": DEALS_RANGE[1]}
        )
    name = name.strip()[:60] or _("Same deals")
    deals = [[secrets.token_hex(16), secrets.randbelow(SEATS)] for _ in range(count)]
    return complete(_stored(owner=owner, name=name, deals=deals))


def _stored(*, owner: AbstractBaseUser, name: str, deals: list) -> DealSet:
    """The set and 大师's table, nothing dealt yet, in one short transaction that counts
    the owner's sets of the day under a lock on the owner's row: sets asked for at once
    are counted one after the other (on SQLite every transaction of the project already
    takes the write lock at its start, ``transaction_mode`` IMMEDIATE)."""
    options = RoomOptions(rounds=len(deals)).to_dict()
    sealed_until = timezone.now() + timedelta(days=OPEN_DAYS)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
                since = timezone.now() - timedelta(days=1)
                if (
                    DealSet.objects.filter(owner_id=owner.pk, created_at__gte=since).count()
                    >= SETS_PER_DAY
                ):
                    raise ServiceError(
                        _("You have made %(count)d sets of deals today: try again tomorrow.")
                        % {"count": SETS_PER_DAY}
                    )
                room = tables.masters_table(name=name, options=options, sealed_until=sealed_until)
                return DealSet.objects.create(
                    code=new_room_code(),
                    name=name,
                    owner=owner,
                    deals=deals,
                    hashes=[hashlib.sha256(seed.encode()).hexdigest() for seed, _d in deals],
                    seat=SEAT,
                    options=options,
                    expert_room=room,
                    pars=[],
                    sealed_until=sealed_until,
                )
        except IntegrityError:  # a code already taken: draw another
            continue
    raise ServiceError(_("Could not create the room, please try again."))


def complete(deal_set: DealSet) -> DealSet:
    """Play 大师's games of the set's deals still missing, then record the pars; the set
    with its pars. Each move of 大师 is a short transaction of its own
    (``games.play.steps.run_bots``), so that nobody else's writes wait for the games.

    Run by the request that made the set, and by whoever needs the pars while they are
    missing (the set's page, joining): after a crash half-way, or while the maker's
    request is still playing them. Several at once deal each deal once: the next one is
    dealt under the set's row lock, and a game being played is played on by all of them,
    each move under the round's lock."""
    while len(deal_set.pars) < len(deal_set.deals):
        round_id = _next_masters_round(deal_set)
        if round_id is None:  # every game has ended: the pars are recorded
            break
        steps.run_bots(round_id=round_id)
        if Round.objects.filter(pk=round_id, status=Round.Status.PLAYING).exists():
            raise RuntimeError(f"大师's round {round_id} did not end")
    return deal_set


def _next_masters_round(deal_set: DealSet) -> int | None:
    """The id of 大师's game to play on: the one being played, or the next deal dealt now;
    None once all have ended, and then the pars are recorded (on ``deal_set`` too)."""
    with transaction.atomic():
        locked = DealSet.objects.select_for_update().get(pk=deal_set.pk)
        if len(locked.pars) < len(locked.deals):
            room = dealing.locked_room(locked.expert_room)
            played = list(room.rounds.order_by("number"))
            if played and played[-1].status == Round.Status.PLAYING:
                return played[-1].pk
            if len(played) < len(locked.deals):
                if room.status == Room.Status.CLOSED:  # by the idle sweep, while cut short
                    room.status = Room.Status.OPEN
                    room.save(update_fields=["status"])
                # The set's own deal, given here: 大师's games are played even after the set
                # has closed (``fixed_deal`` deals no more rounds then).
                seed, dealer = locked.deals[len(played)]
                return dealing.start_round(room, deal=(seed, dealer)).pk
            locked.pars = [tables.par_of(rnd, locked.seat) for rnd in played]
            locked.save(update_fields=["pars"])
    deal_set.pars = locked.pars
    return None


def fixed_deal(room: Room, number: int) -> tuple[str, int] | None:
    """The deal of round ``number`` at a table of a set (``dealing.fixed_deal_sources``)."""
    deal_set = DealSet.objects.filter(Q(expert_room=room) | Q(tables__room=room)).first()
    if deal_set is None or number > len(deal_set.deals):
        return None
    if timezone.now() >= deal_set.sealed_until:
        raise ServiceError(_("These deals have closed: no more rounds are dealt from them."))
    seed, dealer = deal_set.deals[number - 1]
    return seed, dealer


def table_of(deal_set: DealSet, user: AbstractBaseUser) -> DealSetTable | None:
    return deal_set.tables.filter(user=user).select_related("room").first()


def join(deal_set: DealSet, user: AbstractBaseUser) -> DealSetTable:
    """``user``'s table of the set: made now with its first deal, or the one they have."""
    complete(deal_set)  # 大师's games first, if the maker's request was cut short
    with transaction.atomic():
        DealSet.objects.select_for_update().filter(pk=deal_set.pk).first()
        existing = table_of(deal_set, user)
        if existing is not None:
            return existing
        if timezone.now() >= deal_set.sealed_until:
            raise ServiceError(_("These deals have closed: no more rounds are dealt from them."))
        room = tables.own_table(
            user=user,
            name=deal_set.name,
            options=deal_set.options,
            sealed_until=deal_set.sealed_until,
            seat=deal_set.seat,
        )
        table = DealSetTable.objects.create(deal_set=deal_set, user=user, room=room)
        dealing.start_round(room)  # the set's first deal (``fixed_deal``)
        return table


@dataclass(frozen=True)
class Row:
    name: str
    # (points, round id) on each deal; None: not played, or not shown
    cells: tuple[tuple[int, int] | None, ...]
    against_par: int | None  # over the deals shown: points minus the pars
    mine: bool


@dataclass(frozen=True)
class Results:
    pars: tuple[int | None, ...]  # None where the viewer may not see it yet
    rows: tuple[Row, ...]
    played: tuple[bool, ...]  # the viewer has finished each deal
    seeds_out: bool  # the set's deals are no longer secret (``Room.is_sealed``)


def _points(room: Room, seat: int) -> dict[int, tuple[int, int]]:
    """Round number -> (the seat's points, the round's id), for the table's finished
    rounds."""
    ended = room.rounds.filter(status=Round.Status.ENDED).prefetch_related("ledger")
    return {rnd.number: (nets(rnd)[seat], rnd.pk) for rnd in ended}


def results(deal_set: DealSet, viewer: AbstractBaseUser) -> Results:
    """Everybody's points per deal, the viewer's first. A deal's par and the others'
    points on it are shown once the viewer has played it (or the set's seeds are out)."""
    count = len(deal_set.deals)
    everyone = list(deal_set.tables.select_related("user", "room"))
    points = {t.user_id: _points(t.room, deal_set.seat) for t in everyone}
    mine = points.get(viewer.pk, {})
    out = not deal_set.expert_room.is_sealed()
    shown = [out or (number in mine) for number in range(1, count + 1)]
    rows = []
    for table in sorted(everyone, key=lambda t: (t.user_id != viewer.pk, t.joined_at)):
        own = points[table.user_id]
        cells = tuple(
            own.get(number) if shown[number - 1] else None for number in range(1, count + 1)
        )
        compared = [number for number in range(1, count + 1) if shown[number - 1] and number in own]
        rows.append(
            Row(
                name=labels.person_name(table.user.username),
                cells=cells,
                against_par=(
                    sum(own[n][0] - deal_set.pars[n - 1] for n in compared) if compared else None
                ),
                mine=table.user_id == viewer.pk,
            )
        )
    return Results(
        pars=tuple(p if s else None for p, s in zip(deal_set.pars, shown, strict=True)),
        rows=tuple(rows),
        played=tuple(number in mine for number in range(1, count + 1)),
        seeds_out=out,
    )


SET_PATH = re.compile(r"^/challenge/friends/(?P<code>[A-Za-z0-9]{4,12})/$")


def share_title(path: str) -> str | None:
    """What a set's link says where it is pasted, and on the log-in page it leads a
    friend to: the set, who made it, how many deals (``games.rooms.sharing``)."""
    found = SET_PATH.match(path)
    if not found:
        return None
    deal_set = DealSet.objects.filter(code=found["code"]).select_related("owner").first()
    if deal_set is None:
        return None
    count = len(deal_set.deals)
    return ngettext(
        "Same deals from %(owner)s: %(name)s, %(count)d deal",
        "Same deals from %(owner)s: %(name)s, %(count)d deals",
        count,
    ) % {
        "owner": labels.person_name(deal_set.owner.username),
        "name": deal_set.name,
        "count": count,
    }
