"""Read-side queries for the lobby (the live table reads through ``games.table``)."""

import math
from collections.abc import Callable

from django.db.models import Count, Exists, OuterRef, Q, Subquery

from games.models import Room, Round, Seat
from games.play import matches
from games.words import labels, room_options

LIST_LENGTH = 50  # tables shown in each of the lobby's lists, per page
MAX_PAGE = 10_000  # a page asked for beyond any lobby's (the last page is shown instead)

# What the apps built on games add to the lobby page for the person looking at it (clubs:
# the clubs they are in): functions of the request that answer HTML rendered from a
# template (safe), or "" for nothing. Filled at start-up (``clubs.apps``), so that games
# imports none of them. Shown beside the live lists, never in them: those are rendered
# once per change for everybody (games.table.lobby_socket.LOBBY_LISTENER).
lobby_sections: list[Callable[[object], str]] = []


def sections_for(request) -> list[str]:
    """What each app adds to the lobby for ``request``'s person, in the order they came."""
    return [html for section in lobby_sections if (html := section(request))]


def _lobby_rooms():
    """Rooms that are not closed, with ``people`` (a person sits there) and ``free`` (a
    seat nobody, person or computer, sits in), in the lobby's order: tables where people
    sit first (people waiting for players, or playing), then those of computers alone;
    the newest first within each, by key at the same instant, so that the order is the
    same on every page and every load."""
    person = Seat.objects.filter(room=OuterRef("pk"), user__isnull=False)
    empty = Seat.objects.filter(room=OuterRef("pk"), user__isnull=True, bot_level="")
    # A sealed room (the daily challenge) is one person's game against computers.
    return (
        Room.objects.exclude(status=Room.Status.CLOSED)
        .filter(sealed_until__isnull=True, listed=True)
        .annotate(people=Exists(person), free=Exists(empty))
        .order_by("-people", "-created_at", "-pk")
    )


# The open list: tables with a free seat where a person may sit down now (the played
# list has the others: a round in progress or every seat taken, watched, not joined).
OPEN = Q(status=Room.Status.OPEN, free=True)


def _page_of(rooms, page: int) -> list[Room]:
    """One page of ``rooms``, with their seats and the number of their latest round
    (``latest_round``, None before the first)."""
    latest = Round.objects.filter(room=OuterRef("pk")).order_by("-number").values("number")
    start = (page - 1) * LIST_LENGTH
    return list(
        rooms.annotate(latest_round=Subquery(latest[:1]))
        .select_related("owner")
        .prefetch_related("seats__user")[start : start + LIST_LENGTH]
    )


def page_number(value) -> int:
    """The page a request or a socket asks for (``?page=``): 1 unless a whole number."""
    try:
        return min(max(int(value), 1), MAX_PAGE)
    except (TypeError, ValueError):
        return 1


def lobby_counts() -> dict:
    """How many tables each list of the lobby has (``open``, ``played``), and how many
    pages the lobby has (``pages``: at least one)."""
    counts = _lobby_rooms().aggregate(open=_count(OPEN), played=_count(~OPEN))
    counts["pages"] = max(1, math.ceil(max(counts["open"], counts["played"]) / LIST_LENGTH))
    return counts


def lobby_rooms(page: int = 1, *, counts: dict | None = None) -> dict:
    """The lobby's two lists, one page of each (``LIST_LENGTH`` tables): ``open``,
    tables with a free seat where a person may sit down now; ``played``, tables with a
    round in progress or every seat taken (watched, not joined). A full table is never
    shown as waiting; a closed room is in neither.

    Both lists go newest first, tables where people sit before tables of computers
    alone, and page by page (``?page=``, one number for both; beyond a list's last page
    that list shows nothing more), so that no number of rooms, however new, can keep a
    room out of view: each is on some page, and a room opened now is on the first.
    With ``open_count`` and ``played_count`` (all the tables of each list), ``page``
    (beyond the last page, the last), ``pages``, ``previous`` and ``next`` (None
    without one). ``counts``: ``lobby_counts()``, if already known."""
    counts = counts or lobby_counts()
    pages = counts["pages"]
    page = min(page_number(page), pages)
    rooms = _lobby_rooms()
    return {
        "open": [lobby_entry(room) for room in _page_of(rooms.filter(OPEN), page)],
        "played": [lobby_entry(room) for room in _page_of(rooms.exclude(OPEN), page)],
        "open_count": counts["open"],
        "played_count": counts["played"],
        "page": page,
        "pages": pages,
        "previous": page - 1 if page > 1 else None,
        "next": page + 1 if page < pages else None,
    }


def _count(condition) -> Count:
    return Count("pk", filter=condition)


def lobby_entry(room: Room) -> dict:
    """One table of the lobby: its players, rules, free seats and where its match is."""
    seats = list(room.seats.all())
    return {
        "room": room,
        "seats": [labels.seat_label(s) for s in seats],
        "summary": room_options.options_summary(room.options),
        "free": sum(1 for s in seats if s.is_empty),
        "playing": room.status == Room.Status.PLAYING,
        "round": getattr(room, "latest_round", None),
        "rounds": matches.match_length(room.options),
    }
