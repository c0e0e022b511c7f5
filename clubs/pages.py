"""What the clubs' pages show, read from the database in a few queries: a person's clubs,
and a club's page for one of its members (its tables and the rooms open from them with
who sits there, its members, and for the admins the invitations, the pairs kept apart
and the admin log). Nothing here changes anything."""

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from clubs import periods, standings
from clubs.log_words import log_line
from clubs.models import AdminAction, Apart, Club, ClubRoom, ClubTable, Invite, Membership
from games.models import Room
from games.rooms.lobby import lobby_entry
from games.words.labels import hand_worth, person_name
from games.words.room_options import options_summary

LOG_LENGTH = 50  # the admin log's latest entries on the page
ROLE_ORDER = {Membership.Role.OWNER: 0, Membership.Role.ADMIN: 1, Membership.Role.MEMBER: 2}


def my_clubs(user) -> list[dict]:
    """``user``'s clubs, open ones first, each with their membership (role, pending)
    and how many members it has."""
    if not getattr(user, "is_authenticated", False):
        return []
    rows = (
        Membership.objects.filter(user=user)
        .select_related("club")
        .annotate(members=Count("club__memberships", filter=Q(club__memberships__pending=False)))
        .order_by("club__closed_at", "-joined_at", "-pk")
    )
    return [
        {
            "club": row.club,
            "role": row.get_role_display(),
            "pending": row.pending,
            "closed": row.club.closed_at is not None,
            "members": row.members,
        }
        for row in rows
    ]


def club_page(request, club: Club, mine: Membership) -> dict:
    """The context of ``club``'s page for ``mine``, a member's (not pending) membership."""
    admin = mine.is_admin and club.closed_at is None
    members = _members(club)
    context = {
        "club": club,
        "mine": mine,
        "is_admin": admin,
        "is_owner": admin and mine.role == Membership.Role.OWNER,
        "closed": club.closed_at is not None,
        "tables": _tables(club, request.user),
        "members": members,
        "standings": standings_context(request, club),
    }
    if admin:
        context.update(_admin_parts(request, club, mine, members))
    return context


def _members(club: Club) -> list[dict]:
    rows = Membership.objects.filter(club=club, pending=False).select_related("user")
    ordered = sorted(rows, key=lambda row: (ROLE_ORDER.get(row.role, 3), row.joined_at, row.pk))
    return [
        {
            "user": row.user,
            "name": person_name(row.user.username),
            "role": row.role,
            "role_name": row.get_role_display(),
        }
        for row in ordered
    ]


def _tables(club: Club, user) -> list[dict]:
    """The club's standing tables, each with the rooms open from it (waiting or being
    played), as the lobby shows a room; a table taken down shows while a room of it is
    still open."""
    open_rooms = (
        ClubRoom.objects.filter(club=club)
        .exclude(room__status=Room.Status.CLOSED)
        .select_related("room")
        .prefetch_related("room__seats__user")
        .order_by("-room__created_at", "-pk")
    )
    by_table: dict[int, list[dict]] = {}
    for club_room in open_rooms:
        entry = lobby_entry(club_room.room)
        entry["mine"] = any(seat.user_id == user.pk for seat in club_room.room.seats.all())
        by_table.setdefault(club_room.table_id, []).append(entry)
    tables = ClubTable.objects.filter(club=club).filter(
        Q(archived_at__isnull=True) | Q(pk__in=list(by_table))
    )
    return [
        {
            "table": table,
            "summary": options_summary(table.options),
            "archived": table.archived_at is not None,
            "rooms": by_table.get(table.pk, []),
        }
        for table in tables.order_by("created_at", "pk")
    ]


def _admin_parts(request, club: Club, mine: Membership, members: list[dict]) -> dict:
    others = [m for m in members if m["user"].pk != mine.user_id and m["role"] != "owner"]
    pending = Membership.objects.filter(club=club, pending=True).select_related("user")
    invites = Invite.objects.filter(club=club, revoked_at__isnull=True).order_by("-created_at")
    apart = Apart.objects.filter(club=club).select_related("first", "second")
    log = (
        AdminAction.objects.filter(club=club)
        .select_related("actor", "target")
        .order_by("-at", "-pk")[:LOG_LENGTH]
    )
    return {
        "pending": [
            {"user": row.user, "name": person_name(row.user.username)}
            for row in pending.order_by("joined_at", "pk")
        ],
        "invites": [
            {
                "invite": invite,
                "url": request.build_absolute_uri(
                    reverse("clubs:invite", kwargs={"code": invite.code})
                ),
            }
            for invite in invites
        ],
        "apart": [
            {
                "first": pair.first,
                "second": pair.second,
                "first_name": person_name(pair.first.username),
                "second_name": person_name(pair.second.username),
            }
            for pair in apart.order_by("pk")
        ],
        # Whom an admin may act on: every member but themselves and the owner.
        "others": others,
        # The choices of the admin's member lists, each made once (five lists of up to
        # 500 members, rendered by the template, were half the page's time).
        "other_options": _options(others),
        "member_options": _options(members),
        "second_options": _options(members, selected=1),
        "active_tables": ClubTable.objects.filter(club=club, archived_at__isnull=True).order_by(
            "created_at", "pk"
        ),
        "log": [log_line(entry) for entry in log],
    }


def chosen_period(request, club: Club) -> periods.Period:
    """The period a page asks for (``?period=``, one of the club's), else the current."""
    return periods.parse_period(club, request.GET.get("period")) or periods.current_period(club)


def standings_context(request, club: Club) -> dict:
    """The chosen period's standings (a sum over the ledger, clubs.standings), each row's
    biggest hand in words, and the periods before the current one that had rounds."""
    period = chosen_period(request, club)
    current = periods.current_period(club)
    rows = [
        {"row": row, "biggest": _biggest_words(row.biggest)}
        for row in standings.standings(club, period)
    ]
    return {
        "period": period,
        "is_current": period == current,
        "past": past_periods(club, current),
        "rows": rows,
    }


# The periods before the current one that had rounds, per club, as this process last read
# them. They cannot change while the current period lasts (a round ends now, in the
# current period), so each is read once per club and period: reading them costs 200 ms
# at a year of rounds on SQLite, most of the page's time (benchmarks/bench_club.py).
_past: dict[tuple, list] = {}


def past_periods(club: Club, current: periods.Period) -> list:
    key = (club.pk, club.period, current.start)
    if key not in _past:
        if len(_past) > 10_000:  # one entry per club and period: a bound, never reached
            _past.clear()
        _past[key] = periods.past_periods(club)
    return _past[key]


def forget() -> None:
    """Drop what this process remembers (tests reuse row ids; a site never does)."""
    _past.clear()


def _biggest_words(biggest) -> str:
    if biggest is None:
        return ""
    return hand_worth(biggest.patterns, biggest.fan, biggest.points)


def _options(people: list[dict], *, selected: int | None = None) -> str:
    """<option>s of ``people`` (an admin marked), the ``selected``-th chosen."""
    return format_html_join(
        "",
        '<option value="{}"{}>{}{}</option>',
        (
            (
                person["user"].pk,
                mark_safe(" selected") if number == selected else "",
                person["name"],
                f" ({person['role_name']})" if person["role"] == "admin" else "",
            )
            for number, person in enumerate(people)
        ),
    )
