"""The lobby's listing as a test reads it: its sections and a room's entry."""

import re

from games.models import Room

LOBBY_HEADERS = [(b"host", b"localhost:8000"), (b"origin", b"http://localhost:8000")]


def section(html: str, section_id: str) -> str:
    """The lobby's section ``section_id`` (open-tables, played-tables), as HTML."""
    match = re.search(rf'<section[^>]*id="{section_id}".*?</section>', html, re.S)
    assert match, f"no section {section_id}"
    return match.group(0)


def entry(html: str, room: Room) -> str | None:
    """The list item of ``room`` in ``html``, or None."""
    for item in re.findall(r'<li class="room-item">.*?</li>', html, re.S):
        if room.code in item:
            return item
    return None
