"""What the clubs' pages show, read from the database in a few queries: a person's clubs,
and a club's page for one of its members (its tables and the rooms open from them with
who sits there, its members, and for the admins the invitations, the pairs kept apart
and the admin log). Nothing here changes anything."""

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import escape
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
        "tables": club_tables(club),
        "me": request.user.pk,
        "members": members,
        "standings": standings_context(request, club, limit=STANDINGS_ON_PAGE),
    }
    if admin:
        context.update(_admin_parts(request, club, mine, members))
    return context


def _members(club: Club) -> list[dict]:
    """The members, owner and admins first: read as plain values (500 model objects and
    their users were a fifth of the page's time)."""
    rows = Membership.objects.filter(club=club, pending=False).values_list(
        "user_id", "user__username", "role", "joined_at", "pk"
    )
    ordered = sorted(rows, key=lambda row: (ROLE_ORDER.get(row[2], 3), row[3], row[4]))
    role_names = dict(Membership.Role.choices)
    return [
        {
            "user_id": user_id,
            "name": person_name(username),
            "role": role,
            "role_name": role_names.get(role, role),
        }
        for user_id, username, role, _joined, _pk in ordered
    ]


def club_tables(club: Club) -> list[dict]:
    """The club's standing tables, each with the rooms open from it (waiting or being
    played), as the lobby shows a room, and who sits there (``seated``: their ids); a
    table taken down shows while a room of it is still open. The same for every member
    (the page's list is rendered once for all of them: clubs.live)."""
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
        entry["seated"] = [seat.user_id for seat in club_room.room.seats.all() if seat.user_id]
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
    others = [m for m in members if m["user_id"] != mine.user_id and m["role"] != "owner"]
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


# The club's page shows the top of the standings; the whole list is a page of its own
# (clubs:standings). 500 rows on a phone is a long scroll, and a fifth of the page's time.
STANDINGS_ON_PAGE = 30


def standings_context(request, club: Club, *, limit: int | None = None) -> dict:
    """The chosen period's standings (a sum over the ledger, clubs.standings), the first
    ``limit`` rows (all without one), each with its biggest hand in words, and the
    periods before the current one that had rounds."""
    period = chosen_period(request, club)
    current = periods.current_period(club)
    member_url, round_url = _url_maker("clubs:member", club.pk), _url_maker("round_detail")
    ranked = standings.standings(club, period)
    rows = [
        {
            "row": row,
            "biggest": _biggest_words(row.biggest),
            "member_url": member_url(row.user_id),
            "round_url": round_url(row.biggest.round_id) if row.biggest else "",
        }
        for row in ranked[:limit]
    ]
    return {
        "period": period,
        "is_current": period == current,
        "past": past_periods(club, current),
        "rows": rows,
        "total": len(ranked),
        "more": len(ranked) > len(rows),
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


def _url_maker(name: str, *args):
    """The address of ``name`` for each last argument (an id), the URL resolved once: a
    page of standings links 500 players and their rounds, and a reverse() each was a
    tenth of its time."""
    sample = reverse(name, args=[*args, 0])
    head, tail = sample.rsplit("/0/", 1)
    return lambda pk: f"{head}/{pk}/{tail}"


def _biggest_words(biggest) -> str:
    if biggest is None:
        return ""
    return hand_worth(biggest.patterns, biggest.fan, biggest.points)


def _options(people: list[dict], *, selected: int | None = None) -> str:
    """<option>s of ``people`` (an admin marked), the ``selected``-th chosen. Built with
    plain string joins of escaped names: format_html for 3 lists of 500 members was a
    tenth of the page's time."""
    parts = []
    for number, person in enumerate(people):
        chosen = " selected" if number == selected else ""
        role = f" ({escape(person['role_name'])})" if person["role"] == "admin" else ""
        parts.append(
            f'<option value="{person["user_id"]}"{chosen}>{escape(person["name"])}{role}</option>'
        )
    return mark_safe("".join(parts))  # every name escaped above
