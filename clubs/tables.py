"""A club's standing tables (楼层) and the rooms opened from them: the admins set up a
table as a named rule set (every room option, the presets' and section 14's tables
included), a member opens a room from it with one press and sits at seat 0 (东), and the
pairs the admins keep apart (禁止同桌). A club's rooms are not in the lobby: its members
find them on the club's page."""

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import live as club_live
from clubs.membership import is_member, log_action, refuse_nul, require_admin
from clubs.models import Apart, Club, ClubRoom, ClubTable
from common.names import refuse_invisible
from games.models import Room
from games.play.errors import ServiceError
from games.rooms.origins import Origin
from games.rooms.seating import create_room
from games.rules.options import RoomOptions

TABLES_PER_CLUB = 20


def add_table(
    *, club: Club, by: AbstractBaseUser, name: str, options: dict, computers: bool = True
) -> ClubTable:
    with transaction.atomic():
        require_admin(club, by)
        name = (name or "").strip()[:40] or _("Table")
        refuse_nul(name)
        try:  # nothing invisible or turning the text around, as in every name
            refuse_invisible(name, emoji=True)
        except ValidationError as exc:
            raise ServiceError(" ".join(exc.messages)) from None
        try:
            validated = RoomOptions.from_dict(options).to_dict()
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        if club.tables.filter(archived_at__isnull=True).count() >= TABLES_PER_CLUB:
            raise ServiceError(_("A club has at most 20 tables."))
        table = ClubTable.objects.create(
            club=club, name=name, options=validated, computers=computers
        )
        log_action(club, by, "add_table", detail=name)
        club_live.club_changed_on_commit(club.pk)
    return table


def archive_table(*, table: ClubTable, by: AbstractBaseUser) -> None:
    with transaction.atomic():
        require_admin(table.club, by)
        ClubTable.objects.filter(pk=table.pk).update(archived_at=timezone.now())
        log_action(table.club, by, "archive_table", detail=table.name)
        club_live.club_changed_on_commit(table.club_id)


def open_room(*, table: ClubTable, user: AbstractBaseUser, origin: Origin | None = None) -> Room:
    """A new room of ``table``'s rules, ``user`` (a member) at seat 0 (from ``origin``,
    games.rooms.origins); not in the lobby, watched as the club sets it."""
    club = table.club
    if club.closed_at is not None:
        raise ServiceError(_("This club is closed."))
    if not is_member(club, user):
        raise ServiceError(_("Only the club's members can sit at its tables."))
    if table.archived_at is not None:
        raise ServiceError(_("This table has been taken down."))
    with transaction.atomic():
        room = create_room(owner=user, name=table.name, options=dict(table.options), origin=origin)
        Room.objects.filter(pk=room.pk).update(listed=False)
        room.listed = False
        ClubRoom.objects.create(room=room, table=table, club=club)
    return room


def keep_apart(*, club: Club, by: AbstractBaseUser, first, second, apart: bool = True) -> None:
    """禁止同桌: ``first`` and ``second`` may not sit at one of the club's tables (or may
    again, with ``apart`` False)."""
    if first.pk == second.pk:
        raise ServiceError(_("Choose two different members."))
    low, high = sorted((first, second), key=lambda user: user.pk)
    with transaction.atomic():
        require_admin(club, by)
        if apart:
            Apart.objects.get_or_create(club=club, first=low, second=high)
        else:
            Apart.objects.filter(club=club, first=low, second=high).delete()
        log_action(club, by, "apart" if apart else "not_apart", low, detail=str(high))
