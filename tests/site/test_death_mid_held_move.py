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
import signal

import pytest

from harness.site import Site
from tests.site.death import ROOM, STORED, shown_versions

aiohttp = pytest.importorskip("aiohttp")

DIES_ON_HELD_MOVE = 3
FORM = re.compile(r"<form ws-send[^>]*>(.*?)</form>", re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
HAND_TILE = re.compile(r'<button type="submit" name="tile" value="(\w+)" class="([^"]*)"')
MOVES = ("void", "discard", "pass")


def moves_on(frame: str) -> list[dict]:
    """The moves the frame's forms offer, as the page would send them."""
    found = []
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
        found.append(fields)
    return found


async def play(url: str, code: str, cookie: str, seconds: float) -> list[str]:
    """The person's page: every frame it is sent, a move sent for each frame that offers
    one, until its socket closes (the process died) or ``seconds`` pass."""
    frames = []
    headers = {"Cookie": cookie, "Origin": url}
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{code}/"
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(ws_url, headers=headers) as socket:
            try:
                async with asyncio.timeout(seconds):
                    async for message in socket:
                        if message.type != aiohttp.WSMsgType.TEXT:
                            continue
                        frames.append(message.data)
                        for move in moves_on(message.data)[:1]:
                            await socket.send_str(json.dumps(move))
            except TimeoutError:
                pass
    return frames


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
    secret = site.env["SECRET_KEY"]
    try:
        url = site.start()
        # The room of test_death_mid_move, with the person playing: 托管 off again.
        room = json.loads(site.python(ROOM.replace("on=True", "on=False")))
        code, cookie = room["code"], room["cookie"]
        frames = asyncio.run(play(url, code, cookie, seconds=90))
        dead = site.processes[0]
        assert dead.wait(timeout=10) == -signal.SIGKILL, "the process did not die"
        dying = json.loads(note.read_text())["version"]
        stored = json.loads(site.python(STORED))
        committed = dying if die_at == "unsent" else dying - 1
        assert stored["version"] == stored["newest"] == committed
        assert stored["events"] == stored["last_event"]
        shown = shown_versions(frames, code, secret)
        assert shown and max(shown) < dying

        site.env["XUEZHAN_DIE_AT"] = ""
        url = site.start()
        frames = asyncio.run(play(url, code, cookie, seconds=3))
        versions = shown_versions(frames, code, secret)
        assert versions[0] >= committed and max(versions) > committed
        site.stop_all()
        verified = site.manage("verify_rounds").stdout
        assert verified.strip().endswith(": ok"), verified
    finally:
        site.stop_all()
