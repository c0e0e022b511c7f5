"""The lobby's socket: it only listens. One listener per process is in the lobby's group
and renders the list once per change, language and page for all of that process's
lobby sockets (games.table.group_listener); the newest socket of a page wins. A
logged-in person's socket closes when the session it was opened with ends
(``accounts.socket_sessions``). Unlike the other lists' sockets (ListSocket), a visitor
who is not logged in may open one."""

from urllib.parse import parse_qs

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common import limits
from games.play.broadcast import LOBBY_GROUP
from games.rooms import lobby as selectors
from games.table import socket_limits
from games.table.group_listener import GroupListener
from games.table.list_socket import ListSocket
from games.table.safe_socket import language_of


class LobbyConsumer(ListSocket):
    """Keeps the lobby's list of rooms live: when a room opens, fills or starts a round,
    every lobby page gets the new list (no tile, no hand: the lobby is public). The page
    a socket shows is its ``?page=`` (games.rooms.lobby.lobby_rooms); the lists are
    rendered by the process's one listener (``LOBBY_LISTENER``), never by each socket.

    A person logged in may hold ``LOBBY_SOCKETS_PER_USER`` lobby sockets in a process, a
    visitor ``ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS`` per address; one more closes their
    oldest (``limits.CLOSE_REPLACED``). A person's socket is in their group of sockets
    and closes when its session ends (``accounts.socket_sessions``)."""

    note_id = "lobby-note"
    no_messages = _("The lobby's socket takes no messages.")

    async def connect(self) -> None:
        # Not ListSocket's: a visitor who is not logged in may hear the lobby too.
        self.language = language_of(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.page = selectors.page_number((query.get("page") or ["1"])[0])
        self.view = (self.language, self.page)
        user = self.scope["user"]
        if user.is_authenticated:
            await self.count_socket(socket_limits.LOBBY_SOCKETS, user.pk)
            await self.join_session_group(user)
        else:
            await self.count_socket(
                socket_limits.ANONYMOUS_LOBBY_SOCKETS, limits.socket_address(self.scope)
            )
        # The listener is in the lobby's group before the page is told it is live.
        await LOBBY_LISTENER.join(self)
        self.joined = True
        await self.accept()
        self.live = True

    def leave_listener(self) -> None:
        LOBBY_LISTENER.leave(self)


def render_lobby(views) -> tuple[dict[tuple[str, int], str], int]:
    """The lobby's lists for each (language, page) of ``views``, and how many renders
    that took: one per language and page shown, a page beyond the last being the last
    (so that no page asked for costs a render of its own)."""
    counts = selectors.lobby_counts()
    rendered: dict[tuple[str, int], str] = {}
    pages: dict[tuple[str, int], str] = {}
    for language, page in views:
        shown = (language, min(page, counts["pages"]))
        if shown not in rendered:
            with translation.override(language):
                rendered[shown] = render_to_string(
                    "games/_room_list.html",
                    {"rooms": selectors.lobby_rooms(shown[1], counts=counts), "oob": True},
                )
        pages[(language, page)] = rendered[shown]
    return pages, len(rendered)


# The one listener of this process's lobby sockets (a socket's ``view`` is its language
# and page).
LOBBY_LISTENER = GroupListener(LOBBY_GROUP, render_lobby, "lobby.changed")
