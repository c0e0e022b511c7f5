"""A web process killed (SIGKILL) in the middle of a move loses nothing committed and
shows nothing uncommitted: killed after the move's events and round were written but
before the commit, the move never happened and no page ever showed it; killed after the
commit but before the table was sent, the move stands, and the pages show it once they
load the table again. Either way the round goes on from the database in a new process
and replays from its log (verify_rounds).

The process kills itself at that instant (harness/dying_settings.py); a room of three
computers and a person on 托管 plays on its own, watched by the person's page."""

import asyncio
import json
import signal

import pytest

from harness.site import Site
from tests.site.death import ROOM, STORED, shown_versions

aiohttp = pytest.importorskip("aiohttp")

DIES_ON_MOVE = 6


async def watch(url: str, code: str, cookie: str, until_closed: bool, seconds: float) -> list:
    """The frames the person's page is sent, until its socket closes (the process died)
    or ``seconds`` pass."""
    frames = []
    headers = {"Cookie": cookie, "Origin": url}
    ws_url = url.replace("http://", "ws://") + f"/ws/tables/{code}/"
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(ws_url, headers=headers) as socket:
            try:
                async with asyncio.timeout(seconds):
                    async for message in socket:
                        if message.type == aiohttp.WSMsgType.TEXT:
                            frames.append(message.data)
            except TimeoutError:
                assert not until_closed, "the process did not die"
    return frames


@pytest.mark.parametrize("die_at", ["uncommitted", "unsent"])
def test_a_process_killed_mid_move_loses_nothing_committed_and_shows_nothing_uncommitted(
    die_at, tmp_path
):
    site = Site(
        tmp_path,
        DJANGO_SETTINGS_MODULE="harness.dying_settings",
        XUEZHAN_DIE_AT=die_at,
        XUEZHAN_DIE_ON_MOVE=str(DIES_ON_MOVE),
        BOT_DELAY="0.5",
    )
    site.prepare()
    secret = site.env["SECRET_KEY"]
    try:
        url = site.start()
        room = json.loads(site.python(ROOM))
        code, cookie = room["code"], room["cookie"]
        frames = asyncio.run(watch(url, code, cookie, until_closed=True, seconds=60))
        dead = site.processes[0]
        assert dead.wait(timeout=10) == -signal.SIGKILL
        stored = json.loads(site.python(STORED))
        # The moves before it stand; the one it died in stands only if it was committed.
        committed = DIES_ON_MOVE if die_at == "unsent" else DIES_ON_MOVE - 1
        assert stored["version"] == stored["newest"] == committed
        assert stored["events"] == stored["last_event"]
        # No page was shown the move the process died in (committed or not); the page
        # was shown the table as it went (a tile on offer shows as no version).
        shown = shown_versions(frames, code, secret)
        assert shown and max(shown) < DIES_ON_MOVE

        # A new process goes on from the database (its timer loop may play on before the
        # page is open again): the page is shown the committed moves' table or a later one.
        site.env["XUEZHAN_DIE_AT"] = ""
        url = site.start()
        frames = asyncio.run(watch(url, code, cookie, until_closed=False, seconds=3))
        versions = shown_versions(frames, code, secret)
        assert versions[0] >= committed and max(versions) > committed
        site.stop_all()
        verified = site.manage("verify_rounds").stdout
        assert verified.strip().endswith(": ok"), verified
    finally:
        site.stop_all()
