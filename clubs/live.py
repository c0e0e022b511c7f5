"""A club's page keeps its list of tables live: when a room of the club opens, fills,
starts or ends a round or closes (``games.play.broadcast.room_list_hooks``), or the
admins set up or take down a table, the club's group hears of it and each process
renders the list once per language for all of its sockets on that club's page
(``games.table.group_listener``), as the lobby does. Nothing in the list depends on
who looks (static/js/club-live.js makes it the reader's own). A member who leaves, is
removed or banned has their sockets closed."""

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from clubs.models import Club, ClubRoom
from games.play.broadcast import tell_group
from games.table.group_listener import GroupListener, Listeners

CHANGED = "club.changed"
MEMBER_GONE = "club.member_gone"
TABLES_TEMPLATE = "clubs/_tables.html"


def club_group(club_id: int) -> str:
    return f"club-{club_id}"


def _send(club_id: int, message: dict) -> None:
    tell_group(club_group(club_id), message)


def rooms_changed(rooms) -> None:
    """``games.play.broadcast.room_list_hooks``: tell the clubs of ``rooms``, after
    commit. A room in the lobby's list is never a club's, so it costs no query."""
    unlisted = [room.pk for room in rooms if not room.listed]
    if not unlisted:
        return
    clubs = ClubRoom.objects.filter(room__in=unlisted).values_list("club_id", flat=True)
    for club_id in set(clubs):
        _send(club_id, {"type": CHANGED})


def club_changed_on_commit(club_id: int) -> None:
    """A table set up or taken down, the club closed: its pages' lists change."""
    transaction.on_commit(lambda: _send(club_id, {"type": CHANGED}))


def member_gone_on_commit(club_id: int, user_id: int) -> None:
    """``user_id`` is no longer a member: their sockets on the club's page close."""
    message = {"type": MEMBER_GONE, "user_id": user_id}
    transaction.on_commit(lambda: _send(club_id, message))


def tables_context(club: Club) -> dict:
    from clubs import pages  # the page's queries, the same for the socket's list

    return {
        "club": club,
        "tables": pages.club_tables(club),
        "closed": club.closed_at is not None,
        "oob": True,
    }


def render_tables(club_id: int, languages) -> tuple[dict[str, str], int]:
    """The club's list of tables in each of ``languages``: one render per language,
    the queries once."""
    club = Club.objects.get(pk=club_id)
    context = tables_context(club)
    rendered = {}
    for language in languages:
        with translation.override(language):
            rendered[language] = render_to_string(TABLES_TEMPLATE, context)
    return rendered, len(rendered)


class ClubListener(GroupListener):
    """The listener of one club's pages in this process (a socket's ``view`` is its
    language)."""

    def __init__(self, club_id: int) -> None:
        super().__init__(club_group(club_id), lambda views: render_tables(club_id, views), CHANGED)
        self.club_id = club_id

    async def on_message(self, message: dict) -> None:
        if message.get("type") != MEMBER_GONE:
            return
        for socket in list(self.sockets):
            if socket.user_id == message.get("user_id"):
                await socket.member_gone()


# This process's listeners, one per club while a page of it is open here.
LISTENERS = Listeners(ClubListener)
