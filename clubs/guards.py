"""Who may sit at and watch a club's table: its members only, none of a pair kept apart
(禁止同桌) at one table, computers only where the club's table allows them; members
watch as the club sets it. Called by ``games.rooms.seating`` (``seat_guards``) and
``games.rooms.audience`` (``watch_guards``)."""

from django.utils.translation import gettext as _

from clubs.models import Apart, ClubRoom, Membership


def club_members_only(room, user) -> str | None:
    """Why ``user`` (None: a computer player) may not sit at ``room`` (a message in the
    active language), or None."""
    club_room = ClubRoom.objects.filter(room=room).select_related("club", "table").first()
    if club_room is None:
        return None
    club = club_room.club
    if club.closed_at is not None:
        return _("This club is closed.")
    if user is None:
        if not club_room.table.computers:
            return _("Computer players do not sit at this club table.")
        return None
    if not Membership.objects.filter(club=club, user=user, pending=False).exists():
        return _("Only the club's members can sit at its tables.")
    seated = [s.user_id for s in room.seats.all() if s.user_id and s.user_id != user.pk]
    kept_apart = Apart.objects.filter(club=club, first=user, second__in=seated).exists() or (
        Apart.objects.filter(club=club, second=user, first__in=seated).exists()
    )
    if kept_apart:
        return _("The club's admins keep you and a player at this table apart (禁止同桌).")
    return None


def club_watchers(room, user) -> bool:
    """May ``user`` look at ``room`` as far as its club goes? Any room not of a club; a
    club's room its members only, and only those seated there unless the club lets its
    members watch."""
    club_room = ClubRoom.objects.filter(room=room).select_related("club").first()
    if club_room is None:
        return True
    if not Membership.objects.filter(club=club_room.club, user=user, pending=False).exists():
        return False
    return club_room.club.members_watch or room.seats.filter(user=user).exists()


def club_room_known(room, user) -> bool:
    """May ``user`` know ``room`` is there (its name)? A club's room its members only."""
    club_id = ClubRoom.objects.filter(room=room).values_list("club_id", flat=True).first()
    if club_id is None:
        return True
    return Membership.objects.filter(club_id=club_id, user=user, pending=False).exists()
