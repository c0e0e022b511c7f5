"""A tournament's page keeps its leaderboard live: each step of the clock that changed
something (tournaments.clock) tells the tournament's group, and each process renders the
leaderboard once per language for all of its sockets on that page
(games.table.group_listener), as the lobby and the clubs do, but sends only what
changed (``LeaderboardListener``). Nothing in it depends on who looks:
static/js/tournament-live.js applies the changes and takes a player to their table when
the leaderboard shows them seated."""

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from games.play.broadcast import tell_group
from games.table.group_listener import GroupListener, Listeners
from tournaments import board_changes

CHANGED = "tournament.changed"
BOARD_TEMPLATE = "tournaments/_leaderboard.html"


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tell(tournament_id: int) -> None:
    """The tournament's pages render their leaderboard again (after a commit)."""
    tell_group(group(tournament_id), {"type": CHANGED})


def changed_on_commit(tournament_id: int) -> None:
    transaction.on_commit(lambda: tell(tournament_id))


def render_board(tournament_id: int, languages) -> tuple[dict[str, str], int]:
    from tournaments import pages
    from tournaments.models import Tournament

    context = {**pages.board_context(Tournament.objects.get(pk=tournament_id)), "oob": True}
    rendered = {}
    for language in languages:
        with translation.override(language):
            rendered[language] = render_to_string(BOARD_TEMPLATE, context)
    return rendered, len(rendered)


class LeaderboardListener(GroupListener):
    """The group's listener in this process, which sends each page the leaderboard's
    changes alone (tournaments.board_changes): it keeps the board each language was
    last sent as, sends it whole to a page that opens its socket, then at each change
    what changed since. A page that opens while a change is rendered is sent the board
    as it was, then that change, as every other page."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(
            group(tournament_id), lambda views: render_board(tournament_id, views), CHANGED
        )
        self.boards: dict = {}  # language -> board_changes.Board, as last sent

    async def welcome(self, socket) -> None:
        board = self.boards.get(socket.view)
        if board is None:  # nothing rendered in this language yet: render, sent whole
            self.render_again()
            return
        await self.send_to(socket, board.whole)

    def messages(self, pages: dict) -> dict:
        """Each language's changes since the board it was last sent as (or the whole
        board); the board as rendered now is the next one's starting point."""
        messages = {}
        for view, whole in pages.items():
            board = board_changes.read(whole)
            messages[view] = board_changes.message(self.boards.get(view), board)
            self.boards[view] = board
        return messages


def _listener(tournament_id: int) -> GroupListener:
    return LeaderboardListener(tournament_id)


# This process's listeners, one per tournament while a page of it is open here.
LISTENERS = Listeners(_listener)
