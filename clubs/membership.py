"""Who is in a club and who runs it: making a club, invites, joining (at once or after an
admin's approval), leaving, removing and banning, admins, handing the club over and
closing it. Every admin action is checked here, on the server, and written to the club's
admin log in the same transaction. Each refusal raises ``ServiceError`` with a message in
the active language and changes nothing."""

import re
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.usernames import looks
from clubs import live as club_live
from clubs.models import MAX_MEMBERS, AdminAction, Ban, Club, Invite, Membership
from common.names import refuse_invisible
from games.play.errors import ServiceError

INVITE_CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")
CLUBS_PER_PERSON = 10  # clubs one person may belong to
CLUBS_MADE_PER_DAY = 2  # clubs one person may make in a day
NAME_LENGTH = 40


def refuse_nul(text: str) -> None:
    """A NUL character can be kept by no database text (PostgreSQL refuses it): refused
    here, with a word, not by the database with an error."""
    if "\x00" in text:
        raise ServiceError(_("The text holds a character that cannot be kept (U+0000)."))


def clean_name(name: str, *, club: Club | None = None) -> str:
    """A club's name as it is kept: trimmed, nothing invisible, not like an open club's."""
    name = (name or "").strip()
    refuse_nul(name)
    if not name:
        raise ServiceError(_("Give the club a name."))
    if len(name) > NAME_LENGTH:
        raise ServiceError(_("A club's name is at most 40 characters."))
    try:
        refuse_invisible(name, emoji=True)
    except ValidationError as exc:
        raise ServiceError(" ".join(exc.messages)) from None
    mine = looks(name)
    others = Club.objects.filter(closed_at__isnull=True).exclude(pk=getattr(club, "pk", None))
    for other in others.values_list("name", flat=True).iterator():
        if looks(other) & mine:
            raise ServiceError(
                _("That name looks like the club %(name)s: please choose another.")
                % {"name": other}
            )
    return name


def log_action(club: Club, actor, action: str, target=None, detail: str = "") -> None:
    AdminAction.objects.create(
        club=club, actor=actor, action=action, target=target, detail=detail[:200]
    )


def _room_for_one_more(user: AbstractBaseUser) -> None:
    if user.club_memberships.count() >= CLUBS_PER_PERSON:
        raise ServiceError(
            _("You are in %(count)d clubs already, the most one person may be in.")
            % {"count": CLUBS_PER_PERSON}
        )


def create_club(*, owner: AbstractBaseUser, name: str, approval: bool = False) -> Club:
    with transaction.atomic():
        # The owner's row locked: two clubs made at once count one after the other.
        # (get_user_model: a request's user is a lazy object, whose type has no manager)
        get_user_model().objects.select_for_update().get(pk=owner.pk)
        name = clean_name(name)
        _room_for_one_more(owner)
        day_ago = timezone.now() - timedelta(days=1)
        if Club.objects.filter(owner=owner, created_at__gte=day_ago).count() >= CLUBS_MADE_PER_DAY:
            raise ServiceError(_("You have made two clubs today: make the next one tomorrow."))
        club = Club.objects.create(name=name, owner=owner, approval=approval)
        Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
        log_action(club, owner, "create", detail=name)
    return club


def membership(club: Club, user) -> Membership | None:
    """``user``'s membership of ``club`` (pending ones included), or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(club=club, user=user).first()


def is_member(club: Club, user) -> bool:
    found = membership(club, user)
    return found is not None and not found.pending


def require_admin(club: Club, user) -> Membership:
    """``user``'s membership if they run ``club`` (owner or admin); refused otherwise."""
    found = membership(club, user)
    if found is None or not found.is_admin:
        raise ServiceError(_("Only the club's admins can do that."))
    if club.closed_at is not None:
        raise ServiceError(_("This club is closed."))
    return found


def new_invite(*, club: Club, by: AbstractBaseUser) -> Invite:
    with transaction.atomic():
        require_admin(club, by)
        invite = Invite.objects.create(club=club, code=secrets.token_urlsafe(16), created_by=by)
        log_action(club, by, "invite")
    return invite


def revoke_invite(*, invite: Invite, by: AbstractBaseUser) -> None:
    with transaction.atomic():
        require_admin(invite.club, by)
        Invite.objects.filter(pk=invite.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        log_action(invite.club, by, "revoke_invite")


def open_invite(code: str) -> Invite | None:
    """The invite of ``code`` while it may be used: not revoked, its club open."""
    # A code is token_urlsafe's letters: anything else (a NUL byte, which PostgreSQL
    # refuses in any text) finds no invite without asking the database.
    if not isinstance(code, str) or not INVITE_CODE.fullmatch(code):
        return None
    return (
        Invite.objects.filter(code=code, revoked_at__isnull=True, club__closed_at__isnull=True)
        .select_related("club")
        .first()
    )


def join(*, code: str, user: AbstractBaseUser) -> Membership:
    """Join by an invite: a member at once, or pending until an admin approves when the
    club asks it. A banned person is refused whatever the invite."""
    invite = open_invite(code)
    if invite is None:
        raise ServiceError(_("This invitation is not valid any more."))
    club = invite.club
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)  # counted one joiner at a time
        if Ban.objects.filter(club=club, user=user).exists():
            raise ServiceError(_("You cannot join this club."))
        existing = membership(club, user)
        if existing is not None:
            return existing
        _room_for_one_more(user)
        if club.memberships.count() >= MAX_MEMBERS:
            raise ServiceError(_("The club is full: 500 members."))
        return Membership.objects.create(club=club, user=user, pending=club.approval)


def approve(*, club: Club, user: AbstractBaseUser, by: AbstractBaseUser) -> None:
    with transaction.atomic():
        require_admin(club, by)
        if not Membership.objects.filter(club=club, user=user, pending=True).update(pending=False):
            raise ServiceError(_("Nobody of that name is waiting to join."))
        log_action(club, by, "approve", user)


def leave(*, club: Club, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        found = membership(club, user)
        if found is None:
            raise ServiceError(_("You are not a member of this club."))
        if found.role == Membership.Role.OWNER:
            raise ServiceError(_("Hand the club over to another member before you leave it."))
        found.delete()
        club_live.member_gone_on_commit(club.pk, user.pk)


def remove(*, club: Club, user: AbstractBaseUser, by: AbstractBaseUser, ban: bool = False) -> None:
    """An admin removes a member or somebody waiting to join (and with ``ban`` keeps them
    out for good). Nobody removes the owner, and an admin removes no other admin: the
    owner does. Only those who are or asked to be members: a club bans nobody else."""
    with transaction.atomic():
        mine = require_admin(club, by)
        found = membership(club, user)
        if found is None:
            raise ServiceError(_("That person is not a member of this club."))
        if found.role == Membership.Role.OWNER:
            raise ServiceError(_("Nobody can remove the club's owner."))
        if found.role == Membership.Role.ADMIN and mine.role != Membership.Role.OWNER:
            raise ServiceError(_("Only the owner can remove an admin."))
        found.delete()
        if ban:
            Ban.objects.get_or_create(club=club, user=user)
        log_action(club, by, "ban" if ban else "remove", user)
        club_live.member_gone_on_commit(club.pk, user.pk)


def set_admin(*, club: Club, user: AbstractBaseUser, by: AbstractBaseUser, admin: bool) -> None:
    with transaction.atomic():
        if require_admin(club, by).role != Membership.Role.OWNER:
            raise ServiceError(_("Only the owner can choose the admins."))
        found = membership(club, user)
        if found is None or found.pending or found.role == Membership.Role.OWNER:
            raise ServiceError(_("That person is not a member of this club."))
        found.role = Membership.Role.ADMIN if admin else Membership.Role.MEMBER
        found.save(update_fields=["role"])
        log_action(club, by, "admin" if admin else "not_admin", user)


def hand_over(*, club: Club, to: AbstractBaseUser, by: AbstractBaseUser) -> None:
    with transaction.atomic():
        if require_admin(club, by).role != Membership.Role.OWNER:
            raise ServiceError(_("Only the owner can hand the club over."))
        found = membership(club, to)
        if found is None or found.pending or found.user_id == by.pk:
            raise ServiceError(_("That person is not a member of this club."))
        Membership.objects.filter(club=club, user=by).update(role=Membership.Role.ADMIN)
        found.role = Membership.Role.OWNER
        found.save(update_fields=["role"])
        Club.objects.filter(pk=club.pk).update(owner=to)
        log_action(club, by, "hand_over", to)


def close(*, club: Club, by: AbstractBaseUser) -> None:
    """The owner closes the club: nobody joins or sits any more; its history stays."""
    with transaction.atomic():
        if require_admin(club, by).role != Membership.Role.OWNER:
            raise ServiceError(_("Only the owner can close the club."))
        Club.objects.filter(pk=club.pk).update(closed_at=timezone.now())
        log_action(club, by, "close")
        club_live.club_changed_on_commit(club.pk)
