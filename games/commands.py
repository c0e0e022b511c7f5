"""The table's commands, whichever way they arrive: over the WebSocket (htmx ws-send
sends the form as JSON) or as the same form posted before the socket is open. One
parser checks their shape, one function hands them to the rules service."""

from django.contrib.auth.models import AbstractBaseUser

from games import services
from games.models import Room
from games.rules.round import VERBS

MAX_FIELD_LENGTH = 20
ROOM_COMMANDS = ("ready", "auto_play")


class MalformedCommand(ValueError):
    pass


def parse_command(content: object) -> tuple[str, dict, int | None]:
    """(kind, action, version) from the form's fields; MalformedCommand if they are not
    a table command. Unknown fields (the CSRF token, htmx's headers) are ignored."""
    if not hasattr(content, "get"):
        raise MalformedCommand("not an object")
    kind = content.get("type")
    if kind not in VERBS and kind not in ROOM_COMMANDS:
        raise MalformedCommand(f"unknown action {str(kind)[:MAX_FIELD_LENGTH]!r}")
    action = {"type": kind}
    for key in ("tile", "suit", "on"):
        value = content.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or len(value) > MAX_FIELD_LENGTH:
            raise MalformedCommand(f"bad {key}")
        action[key] = value
    version = content.get("version")
    if kind in VERBS:
        try:
            version = int(version)
        except (TypeError, ValueError):
            raise MalformedCommand("no version") from None
    return kind, action, version


def run_command(
    *, room: Room, user: AbstractBaseUser, kind: str, action: dict, version: int | None
) -> None:
    """Carry out a parsed command; ServiceError (nothing changed) when it is refused."""
    if kind == "ready":
        services.set_ready(room=room, user=user)
    elif kind == "auto_play":
        services.set_auto_play(room=room, user=user, on=action.get("on") == "1")
    else:
        services.apply_move(room_id=room.pk, user=user, action=action,
                            expected_version=version)
