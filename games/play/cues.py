"""The table's latest public happening: what the browser animates and plays a sound for.

A move's events are many (a discard, the next draw, payments…); the table needs one word
for what everybody just saw happen: ``deal``, ``discard``, ``pong``, ``kong``, ``win`` or
``zimo``, with the seat and tile. It is kept on the round (``Round.cue``) in the same
UPDATE as the move, so that every process shows the same.

Only happenings everyone sees make a cue. A pass on a tile on offer makes none, nor does
the draw that follows it: otherwise the cue would tell what ``games.play.offers`` hides. For
the same reason the browser gets an opaque key for each cue (``key``), not the version.
"""

import hashlib
import hmac

from django.conf import settings


def of_events(events: list[dict], version: int) -> dict | None:
    """The cue a move's events make, or None when nothing public happened."""
    cue = None
    for event in events:
        kind = event["type"]
        found = None
        if kind == "discard":
            found = ("discard", event["seat"], event["tile"])
        elif kind == "added_kong_declared":
            found = ("kong", event["seat"], event["tile"])
        elif kind == "kong" and event.get("kind") != "added":  # added: declared already
            found = ("kong", event["seat"], event["tile"])
        elif kind == "pong":
            found = ("pong", event["seat"], event["tile"])
        elif kind == "win":
            found = ("zimo" if event["how"] == "zimo" else "win", event["seat"], event["tile"])
        if found is not None and (cue is None or _rank(found[0]) >= _rank(cue["kind"])):
            cue = {"kind": found[0], "seat": found[1], "tile": found[2], "version": version}
    return cue


def _rank(kind: str) -> int:
    # A win outranks the kong it robs; a kong outranks the discard it was made from.
    return {"discard": 0, "pong": 1, "kong": 2, "win": 3, "zimo": 3}.get(kind, 0)


def dealt(version: int = 0) -> dict:
    return {"kind": "deal", "seat": None, "tile": None, "version": version}


def key(room_code: str, cue: dict | None) -> str:
    """An opaque name for one cue: the browser plays each cue once, and learns nothing
    from the name (not the version, which would count hidden answers)."""
    if not cue:
        return ""
    message = f"cue:{room_code}:{cue['version']}:{cue['kind']}".encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()[:16]
