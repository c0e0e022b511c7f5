"""A tournament's page keeps its leaderboard live: each step of the clock that changed
something (tournaments.clock) tells the tournament's group, and each process renders the
leaderboard once per language for all of its sockets on that page
(games.table.group_listener), as the lobby and the clubs do. Nothing in it depends on
who looks: static/js/tournament-live.js takes a player to their table when the
leaderboard shows them seated."""

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from games.play.broadcast import tell_group
from games.table.group_listener import GroupListener, Listeners

CHANGED = "tournament.changed"
BOARD_TEMPLATE = "tournaments/_leaderboard.html"


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def _send(tournament_id: int) -> None:
    tell_group(group(tournament_id), {"type": CHANGED})


def changed_on_commit(tournament_id: int) -> None:
    transaction.on_commit(lambda: _send(tournament_id))


def render_board(tournament_id: int, languages) -> tuple[dict[str, str], int]:
    from tournaments import pages
    from tournaments.models import Tournament

    context = {**pages.board_context(Tournament.objects.get(pk=tournament_id)), "oob": True}
    rendered = {}
    for language in languages:
        with translation.override(language):
            rendered[language] = render_to_string(BOARD_TEMPLATE, context)
    return rendered, len(rendered)


def _listener(tournament_id: int) -> GroupListener:
    return GroupListener(
        group(tournament_id), lambda views: render_board(tournament_id, views), CHANGED
    )


# This process's listeners, one per tournament while a page of it is open here.
LISTENERS = Listeners(_listener)
