"""What the admins set for the whole club: its announcement, the period its standings run
over (a week or a month), whether joiners wait for an admin's approval, and whether
members may watch the tables they do not sit at. Each is checked here, on the server
(``require_admin``), and written to the club's admin log in the same transaction; a
refusal raises ``ServiceError`` and changes nothing."""

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.membership import log_action, refuse_nul, require_admin
from clubs.models import Club
from common.names import refuse_invisible
from games.play.errors import ServiceError

ANNOUNCEMENT_LENGTH = 1000


def set_announcement(*, club: Club, by: AbstractBaseUser, text: str) -> None:
    text = (text or "").replace("\r\n", "\n").strip()
    refuse_nul(text)
    if len(text) > ANNOUNCEMENT_LENGTH:
        raise ServiceError(_("An announcement is at most 1000 characters."))
    try:
        # Line breaks are kept; nothing invisible and nothing that turns the text around.
        for line in text.split("\n"):
            refuse_invisible(line, emoji=True)
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.messages)) from None
    with transaction.atomic():
        require_admin(club, by)
        Club.objects.filter(pk=club.pk).update(announcement=text)
        log_action(club, by, "announcement")


def set_period(*, club: Club, by: AbstractBaseUser, period: str) -> None:
    if period not in Club.Period.values:
        raise ServiceError(_("Choose a week or a month."))
    with transaction.atomic():
        require_admin(club, by)
        Club.objects.filter(pk=club.pk).update(period=period)
        log_action(club, by, "period", detail=period)


def set_approval(*, club: Club, by: AbstractBaseUser, approval: bool) -> None:
    with transaction.atomic():
        require_admin(club, by)
        Club.objects.filter(pk=club.pk).update(approval=approval)
        log_action(club, by, "approval", detail="on" if approval else "off")


def set_members_watch(*, club: Club, by: AbstractBaseUser, allowed: bool) -> None:
    with transaction.atomic():
        require_admin(club, by)
        Club.objects.filter(pk=club.pk).update(members_watch=allowed)
        log_action(club, by, "members_watch", detail="on" if allowed else "off")
