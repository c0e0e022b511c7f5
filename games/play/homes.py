"""Where a room belongs, when it belongs to something built on ``games``: a tournament's
table to its tournament, a club's room to its club; and what that place decides for the
room. Between rounds the table's page links there (games.table.parts, the seating); once
the last round of a tournament table's match has shown its settlement, the page takes
its player there by itself (static/js/table-home.js): the tournament's page has their
next table. ``games`` never imports the apps: they add a source here
(``common.hooks.register`` in their ``apps.py``).

A room's home never changes, so it is asked once per room and process, when the table
is loaded (games.play.snapshot): the table's render runs on the sockets' event loop,
where no query may be made."""

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Home:
    label: str  # the link's words (lazy: translated when the page is rendered)
    url: str
    # Seconds after the end of the room's last round (its match over) when the page of a
    # player seated there goes back by itself (a tournament's table: the next table is
    # seated there); None: never.
    follow_after: float | None = None
    # Why nobody changes the room's seats, when the place seats it itself (a tournament's
    # clock): no computer added or removed, no seat freed or left (games.rooms.seating).
    # Empty: the room's owner and players may, as anywhere.
    seats_kept_because: str = ""


# Functions of a room's id answering its Home, or None when the room is not theirs.
home_sources: list[Callable[[int], Home | None]] = []

KEPT = 4096  # rooms whose home this process remembers, the least recently asked forgotten
_known: OrderedDict = OrderedDict()


def home_of(room) -> Home | None:
    """``room``'s home. A listed room (the lobby's) belongs to nothing else: no query."""
    if room.listed:
        return None
    if room.pk in _known:
        _known.move_to_end(room.pk)
        return _known[room.pk]
    home = next((found for source in home_sources if (found := source(room.pk))), None)
    _known[room.pk] = home
    if len(_known) > KEPT:
        _known.popitem(last=False)
    return home


def forget() -> None:
    """Tests: nothing remembered."""
    _known.clear()
