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

import pytest

from harness.site import Site
from tests.site.death import ROOM, nothing_lost_nothing_shown, page

aiohttp = pytest.importorskip("aiohttp")

DIES_ON_MOVE = 6


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
    try:
        url = site.start()
        room = json.loads(site.python(ROOM))
        frames = asyncio.run(page(url, room["code"], room["cookie"], seconds=60))
        nothing_lost_nothing_shown(site, room, frames, DIES_ON_MOVE, die_at)
    finally:
        site.stop_all()
