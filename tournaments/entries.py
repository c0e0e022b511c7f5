"""Making a tournament and taking part: a logged-in person makes a private one (found by
its link), staff a listed one; people sign up before the start (up to its limit), check
in during the last ``CHECK_IN_MINUTES`` before it (only those are seated at the start),
join an arena while it runs (checked in at once; a Swiss shift's field is fixed at its
start), and withdraw. Every refusal is a
ServiceError in words."""

import secrets
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.names import refuse_invisible
from games.play.errors import ServiceError
from games.rules.options import RoomOptions
from tournaments import live
from tournaments.models import MAX_ENTRIES, Entry, Tournament

CHECK_IN_MINUTES = 15
MINUTES_RANGE = (10, 180)
MADE_PER_DAY = 5  # private tournaments a person may make a day
MAX_STAGES, MAX_STAGE_ROUNDS = 12, 8


def create(
    *,
    creator: AbstractBaseUser,
    name: str,
    options: dict,
    starts_at,
    minutes: int = 60,
    scoring: str = Tournament.Scoring.NET,
    max_entries: int = MAX_ENTRIES,
    listed: bool = False,
    format: str = Tournament.Format.ARENA,
    stages: int = 4,
    stage_rounds: int = 2,
) -> Tournament:
    name = (name or "").strip()[:40]
    if not name:
        raise ServiceError(_("Give the tournament a name."))
    if "\x00" in name:
        raise ServiceError(_("A name cannot hold invisible characters."))
    try:
        refuse_invisible(name, emoji=True)
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.messages)) from None
    if listed and not creator.is_staff:
        raise ServiceError(_("Only the site's staff make tournaments everybody sees."))
    try:
        rules = RoomOptions.from_dict({**options, "coaching": False, "rounds": None}).to_dict()
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if not MINUTES_RANGE[0] <= minutes <= MINUTES_RANGE[1]:
        raise ServiceError(_("An arena lasts 10 to 180 minutes."))
    if format not in Tournament.Format.values:
        raise ServiceError(_("Unknown kind of tournament."))
    if not (1 <= stages <= MAX_STAGES and 1 <= stage_rounds <= MAX_STAGE_ROUNDS):
        raise ServiceError(_("A Swiss shift has 1 to 12 stages of 1 to 8 rounds."))
    if scoring not in Tournament.Scoring.values:
        raise ServiceError(_("Unknown way of scoring."))
    if starts_at < timezone.now() - timedelta(minutes=1):
        raise ServiceError(_("A tournament starts in the future."))
    if not 2 <= max_entries <= MAX_ENTRIES:
        raise ServiceError(_("A tournament takes 2 to 400 players."))
    since = timezone.now() - timedelta(days=1)
    if Tournament.objects.filter(creator=creator, created_at__gte=since).count() >= MADE_PER_DAY:
        raise ServiceError(_("You have made five tournaments today: make the next tomorrow."))
    return Tournament.objects.create(
        name=name,
        creator=creator,
        code=secrets.token_urlsafe(12),
        listed=listed,
        options=rules,
        starts_at=starts_at,
        minutes=minutes,
        scoring=scoring,
        max_entries=max_entries,
        format=format,
        stages=stages,
        stage_rounds=stage_rounds,
    )


def start_now(*, tournament: Tournament, user: AbstractBaseUser, now=None) -> None:
    """The maker of a private tournament starts it early (friends all here): everyone
    signed up counts as checked in, and the clock starts it at its next tick."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.creator_id != user.pk or tournament.listed:
            raise ServiceError(_("Only the maker of a private tournament starts it early."))
        if tournament.status != Tournament.Status.SCHEDULED:
            raise ServiceError(_("This tournament has started already."))
        Entry.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True, checked_in_at__isnull=True
        ).update(checked_in_at=now)
        tournament.starts_at = now
        tournament.save(update_fields=["starts_at"])
        live.changed_on_commit(tournament.pk)


def check_in_opens(tournament: Tournament):
    return tournament.starts_at - timedelta(minutes=CHECK_IN_MINUTES)


def join(*, tournament: Tournament, user: AbstractBaseUser, now=None) -> Entry:
    """Sign up (checked in at once within the check-in time, or while an arena runs)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED or (
            tournament.format == Tournament.Format.ARENA and now >= tournament.ends_at
        ):
            raise ServiceError(_("This tournament is over."))
        running = tournament.status == Tournament.Status.RUNNING
        if running and tournament.staged:
            raise ServiceError(
                _("This tournament is played in stages: nobody joins once it has begun.")
            )
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and entry.withdrawn_at is None:
            raise ServiceError(_("You are in this tournament already."))
        taken = Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True).count()
        if taken >= tournament.max_entries:
            raise ServiceError(_("This tournament is full."))
        checked_in = now if now >= check_in_opens(tournament) else None
        if entry is None:
            try:
                entry = Entry.objects.create(tournament=tournament, user=user, joined_at=now)
            except IntegrityError:
                raise ServiceError(_("You are in this tournament already.")) from None
        entry.withdrawn_at, entry.missed = None, 0
        entry.checked_in_at = checked_in
        entry.waiting_since = now if running else None
        entry.save(update_fields=["withdrawn_at", "missed", "checked_in_at", "waiting_since"])
        live.changed_on_commit(tournament.pk)
    return entry


def check_in(*, tournament: Tournament, user: AbstractBaseUser, now=None) -> Entry:
    now = now or timezone.now()
    with transaction.atomic():
        entry = _my_entry(tournament, user)
        if now < check_in_opens(tournament):
            raise ServiceError(_("Check-in opens 15 minutes before the start."))
        if entry.checked_in_at is None:
            entry.checked_in_at = now
            entry.save(update_fields=["checked_in_at"])
            live.changed_on_commit(tournament.pk)
    return entry


def withdraw(*, tournament: Tournament, user: AbstractBaseUser, now=None) -> None:
    """Out of the tournament: not seated again (a round being played is played out, the
    computer playing for them once they leave it); their points stay in the standings."""
    now = now or timezone.now()
    with transaction.atomic():
        entry = _my_entry(tournament, user)
        entry.withdrawn_at, entry.waiting_since = now, None
        entry.save(update_fields=["withdrawn_at", "waiting_since"])
        live.changed_on_commit(tournament.pk)


def _my_entry(tournament: Tournament, user) -> Entry:
    entry = (
        Entry.objects.select_for_update()
        .filter(tournament=tournament, user=user, withdrawn_at__isnull=True)
        .first()
    )
    if entry is None:
        raise ServiceError(_("You are not in this tournament."))
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("This tournament is over."))
    return entry
