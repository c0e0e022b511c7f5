"""A web process killed (SIGKILL) in the middle of a person's move on the round it holds
in memory (games.play.live: the move reads no round, and its write is checked against
the marks it started from) loses nothing committed and shows nothing uncommitted, as a
computer's move does (tests/site/test_death_mid_move.py): killed before the commit, the
move never happened; killed after the commit but before the table was sent, it stands.
Either way a new process goes on from the database, and the round replays from its log.

The person plays from their own page, over the socket, as a browser does: the first
form the page is shown that may move the table (定缺, a discard, a pass)."""

import asyncio
import json
import re

import pytest

from harness.site import Site
from tests.site.death import ROOM, nothing_lost_nothing_shown, page

aiohttp = pytest.importorskip("aiohttp")

DIES_ON_HELD_MOVE = 3
FORM = re.compile(r"<form ws-send[^>]*>(.*?)</form>", re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
HAND_TILE = re.compile(r'<button type="submit" name="tile" value="(\w+)" class="([^"]*)"')
MOVES = ("void", "discard", "pass")


def move_on(frame: str) -> dict | None:
    """The first move the frame's forms offer, as the page would send it; None if none."""
    for body in FORM.findall(frame):
        fields = dict(HIDDEN.findall(body))
        if fields.get("type") not in MOVES:
            continue
        fields.pop("csrfmiddlewaretoken", None)
        if fields["type"] == "discard":
            legal = [t for t, classes in HAND_TILE.findall(body) if "blocked" not in classes]
            if not legal:
                continue
            fields["tile"] = legal[-1]  # the drawn tile comes last
        return fields
    return None


@pytest.mark.parametrize("die_at", ["uncommitted", "unsent"])
def test_a_process_killed_mid_move_on_a_held_round_loses_nothing(die_at, tmp_path):
    note = tmp_path / "dying-move.json"
    site = Site(
        tmp_path,
        DJANGO_SETTINGS_MODULE="harness.dying_settings",
        XUEZHAN_DIE_AT=die_at,
        XUEZHAN_DIE_ON_MOVE=str(DIES_ON_HELD_MOVE),
        XUEZHAN_DIE_HELD="1",
        XUEZHAN_DIE_NOTE=str(note),
        BOT_DELAY="0.2",
    )
    site.prepare()
    try:
        url = site.start()
        # The room of test_death_mid_move, with the person playing: 托管 off again.
        room = json.loads(site.python(ROOM.replace("on=True", "on=False")))
        frames = asyncio.run(page(url, room["code"], room["cookie"], 90, answer=move_on))
        dying = json.loads(note.read_text())["version"]
        nothing_lost_nothing_shown(site, room, frames, dying, die_at)
    finally:
        site.stop_all()
