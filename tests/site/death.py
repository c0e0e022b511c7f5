"""What the tests of a process killed mid-move share (tests/site/test_death_mid_move.py,
test_death_mid_held_move.py): the room they play in, the round as stored, the versions a
page was shown."""

import asyncio
import json
import re
import signal

from django.test import override_settings

VERSION = re.compile(r'id="table-version" data-version="(\d+)"')

ROOM = """
import django, json
django.setup()
from importlib import import_module
from django.conf import settings
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.auth.models import User
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready
owner = User.objects.create_user("dies", password="x-long-password-1")
session = import_module(settings.SESSION_ENGINE).SessionStore()
session[SESSION_KEY] = str(owner.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = owner.get_session_auth_hash()
session.create()
room = create_room(owner=owner, name="t", options={})
for index in (1, 2, 3):
    add_bot(room=room, user=owner, index=index, level="easy")
set_ready(room=room, user=owner)
set_auto_play(room=room, user=owner, on=True)
print(json.dumps({"code": room.code,
                  "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}"}))
"""

STORED = """
import django, json
django.setup()
from games.models import Round
rnd = Round.objects.get()
print(json.dumps({"version": rnd.version, "events": rnd.events.count(),
                  "last_event": rnd.last_event,
                  "newest": max(e.version for e in rnd.events.all())}))
"""


def shown_versions(frames: list[str], code: str, secret: str) -> list[int]:
    """The versions the page was shown (a held offer's token names none)."""
    from games.table import version_token

    with override_settings(SECRET_KEY=secret):
        decoded = [version_token.decode(code, int(t)) for f in frames for t in VERSION.findall(f)]
    return [v for v in decoded if v is not None]


async def page(url: str, code: str, cookie: str, seconds: float, answer=None) -> list[str]:
    """The frames a person's table page is sent until its socket closes (the process
    died) or ``seconds`` pass. With ``answer``, the page sends what ``answer(frame)``
    returns for each frame (a command, or None for nothing), as a browser's forms do."""
    import aiohttp

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
                        command = answer(message.data) if answer else None
                        if command is not None:
                            await socket.send_str(json.dumps(command))
            except TimeoutError:
                pass
    return frames


def nothing_lost_nothing_shown(site, room: dict, frames: list[str], dying: int, die_at: str):
    """The process died (SIGKILL) in the move that would have stored version ``dying``,
    before its commit (``uncommitted``) or after it (``unsent``), its page showing
    ``frames``: the moves before it stand, that one only if committed; no page was shown
    it; a new process goes on from the database; the round replays from its log."""
    code, cookie, secret = room["code"], room["cookie"], site.env["SECRET_KEY"]
    assert site.processes[0].wait(timeout=10) == -signal.SIGKILL, "the process did not die"
    stored = json.loads(site.python(STORED))
    committed = dying if die_at == "unsent" else dying - 1
    assert stored["version"] == stored["newest"] == committed
    assert stored["events"] == stored["last_event"]
    # The page was shown the table as it went (a tile on offer shows as no version).
    shown = shown_versions(frames, code, secret)
    assert shown and max(shown) < dying

    # A new process goes on from the database (its timer loop may play on before the
    # page is open again): the page is shown the committed moves' table or a later one.
    site.env["XUEZHAN_DIE_AT"] = ""
    url = site.start()
    versions = shown_versions(asyncio.run(page(url, code, cookie, seconds=3)), code, secret)
    assert versions[0] >= committed and max(versions) > committed
    site.stop_all()
    verified = site.manage("verify_rounds").stdout
    assert verified.strip().endswith(": ok"), verified
