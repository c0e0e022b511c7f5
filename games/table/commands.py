"""The table's commands, whichever way they arrive: over the WebSocket (htmx ws-send
sends the form as JSON) or as the same form posted before the socket is open. One
parser checks their shape, one function hands them to games.play (or, for a
quick phrase, to games.table.phrases)."""

import json

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext_lazy as _

from games.models import Room
from games.play.moves import apply_move
from games.rooms import idle_rooms
from games.rooms.seating import set_auto_play, set_ready
from games.rules.round import VERBS
from games.table import phrases, version_token

MAX_FIELD_LENGTH = 20
MAX_FRAME_LENGTH = 4096  # a form's fields and htmx's headers take a few hundred bytes
MAX_VERSION = version_token.LIMIT
ROOM_COMMANDS = ("ready", "auto_play")
PHRASE = "phrase"  # a quick phrase: its key in the field of the same name


class MalformedCommand(ValueError):
    """Not a table command. ``message`` says why, in words a player can read (translated
    when shown)."""

    def __init__(self, message) -> None:
        super().__init__(str(message))
        self.message = message


def _reject_constant(name: str):
    raise ValueError(f"{name} is not a number here")


def parse_frame(text: str | None, data: bytes | None) -> tuple[str, dict, int | None]:
    """A WebSocket frame → (kind, action, version). Anything that is not a short JSON
    object of a table command (a binary frame, text that is not JSON, NaN or Infinity,
    deep nesting, wrong types) raises MalformedCommand and nothing else."""
    if text is None or data is not None:
        raise MalformedCommand(_("The table takes text messages only."))
    if len(text) > MAX_FRAME_LENGTH:
        raise MalformedCommand(_("That message is too long."))
    try:
        content = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise MalformedCommand(_("That message could not be read.")) from None
    return parse_command(content)


def parse_command(content: object) -> tuple[str, dict, int | None]:
    """(kind, action, version) from the form's fields; MalformedCommand if they are not
    a table command. Unknown fields (the CSRF token, htmx's headers) are ignored."""
    if not hasattr(content, "get"):
        raise MalformedCommand(_("That message is not a table command."))
    kind = content.get("type")
    if not isinstance(kind, str) or (
        kind not in VERBS and kind not in ROOM_COMMANDS and kind != PHRASE
    ):
        raise MalformedCommand(_("That is not something one can do at the table."))
    if kind == PHRASE:
        return kind, {"type": kind, PHRASE: _phrase_key(content.get(PHRASE))}, None
    action = {"type": kind}
    for key in ("tile", "tiles", "suit", "on"):
        value = _tiles(content) if key == "tiles" else content.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or len(value) > MAX_FIELD_LENGTH:
            raise MalformedCommand(_("That message names no tile or suit of the table."))
        action[key] = value
    version = content.get("version")
    if kind in VERBS:
        version = _version(version)
    return kind, action, version


def _tiles(content) -> object:
    """换三张's tiles: one field ("159s", as the page's script fills it, or a JSON list
    of codes), or several checked boxes of the same name (a form posted without
    JavaScript), joined into one text the engine reads ("1s5s9s")."""
    if hasattr(content, "getlist"):
        values = content.getlist("tiles")
    else:
        values = content.get("tiles")
    if isinstance(values, list):
        if not all(isinstance(v, str) for v in values):
            return values  # refused below, as any other value that is not text
        return "".join(values) or None
    return values


def _phrase_key(value: object) -> str:
    """One of the table's phrases by its key: there is no free text at the table, so
    anything else (a sentence, an unknown key, a number) is refused."""
    if not isinstance(value, str) or value not in phrases.BY_KEY:
        raise MalformedCommand(_("That is not one of the table's phrases."))
    return value


def _version(value: object) -> int:
    """The table's version the move was made on: a whole number, as the form sends it
    (a string of digits) or as a JSON number; never a float, a bool or a huge number."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_VERSION:
        return value
    raise MalformedCommand(_("That move does not say which table it was made on."))


def run_command(
    *, room: Room, user: AbstractBaseUser, kind: str, action: dict, version: int | None
) -> None:
    """Carry out a parsed command; ServiceError (nothing changed) when it is refused."""
    if kind == "ready":
        set_ready(room=room, user=user)
    elif kind == "auto_play":
        set_auto_play(room=room, user=user, on=action.get("on") == "1")
    elif kind == PHRASE:
        phrases.send(room=room, user=user, key=action[PHRASE])
    else:
        # The page carries the version as a token; the service gets the version itself.
        apply_move(
            room_id=room.pk,
            user=user,
            action=action,
            expected_version=version_token.decode(room.code, version),
        )
    # A person acted here: the room is not idle (at most one write a minute: moves are
    # the busiest path, and their own cost is pinned by tests/play/test_costs.py).
    idle_rooms.touch(room.pk, force=False)
