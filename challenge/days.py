"""A day's deal and a person's attempt at it.

The day's deal is made by its first visitor: a secret seed and dealer, and 大师's own
game of it (four 大师 at a sealed table of computers, played to its end at once), whose
net at the challenge's seat is the day's par. An attempt is a one-round table of its
own, the person at that seat and 大师 at the three others, dealt from the same seed:
the same wall, the same hands, the same 大师 — who decide alike on alike boards, so
the person's points beside the par measure their play, not their luck.
"""

import secrets
from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from challenge import tables
from challenge.models import Attempt, DailyChallenge
from games.history.my_rounds import nets
from games.models import SEATS, Round
from games.play import dealing
from games.play.errors import ServiceError
from games.rules.options import RoomOptions

SEAT = 0  # the person's seat (东 of the seat order); the deal's dealer varies by day


def local_day(now: datetime | None = None) -> date:
    """The challenge's day: the date in the site's time zone (settings.TIME_ZONE)."""
    return timezone.localdate(now or timezone.now())


def day_end(day: date) -> datetime:
    """The day's last instant: the next local midnight."""
    return timezone.make_aware(datetime.combine(day + timedelta(days=1), time.min))


def challenge_of(day: date) -> DailyChallenge:
    """The day's challenge, made now if nobody has asked for it yet."""
    # With 大师's table: every page of the day asks whether its deal is still sealed.
    existing = DailyChallenge.objects.filter(day=day).select_related("expert_round__room").first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return _make(day)
    except IntegrityError:  # another request made it meanwhile: theirs is the day's
        return DailyChallenge.objects.select_related("expert_round__room").get(day=day)


def _make(day: date) -> DailyChallenge:
    seed, dealer = secrets.token_hex(16), secrets.randbelow(SEATS)
    # The default rules, one round: the table ends with the round (games.play.matches).
    options = RoomOptions(rounds=1).to_dict()
    ends_at = day_end(day)
    room = tables.masters_table(name=_room_name(day), options=options, sealed_until=ends_at)
    rnd = tables.play_masters_round(room, (seed, dealer))
    return DailyChallenge.objects.create(
        day=day,
        seed=seed,
        seed_hash=rnd.seed_hash,
        dealer=dealer,
        seat=SEAT,
        options=options,
        ends_at=ends_at,
        expert_round=rnd,
        par=tables.par_of(rnd, SEAT),
    )


def _room_name(day: date) -> str:
    return _("Daily challenge %(day)s") % {"day": day.isoformat()}


def attempt_of(challenge: DailyChallenge, user: AbstractBaseUser) -> Attempt | None:
    return (
        Attempt.objects.filter(challenge=challenge, user=user).select_related("round__room").first()
    )


def start(user: AbstractBaseUser, now: datetime | None = None) -> Attempt:
    """``user``'s attempt at today's deal: begun now, or the one they began before (a
    second start, from another tab or after a reload, resumes it; so does a start of a
    past day's deal: only today's may be begun)."""
    if not user.is_authenticated:
        raise ServiceError(_("Log in to play the daily challenge."))
    challenge = challenge_of(local_day(now))
    with transaction.atomic():
        # One start at a time per day: two tabs clicking at once get one attempt.
        DailyChallenge.objects.select_for_update().filter(pk=challenge.pk).first()
        existing = attempt_of(challenge, user)
        if existing is not None:
            return existing
        room = tables.own_table(
            user=user,
            name=_room_name(challenge.day),
            options=challenge.options,
            sealed_until=challenge.ends_at,
            seat=challenge.seat,
        )
        rnd = dealing.start_round(room, deal=(challenge.seed, challenge.dealer))
        return Attempt.objects.create(challenge=challenge, user=user, round=rnd)


def finished(attempt: Attempt | None) -> bool:
    return attempt is not None and attempt.round.status == Round.Status.ENDED


def points(attempt: Attempt) -> int:
    """The attempt's net points (its round's ledger at the challenge's seat)."""
    return nets(attempt.round)[attempt.challenge.seat]
