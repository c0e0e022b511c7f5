"""What the tests of a process killed mid-move share (tests/site/test_death_mid_move.py,
test_death_mid_held_move.py): the room they play in, the round as stored, the versions a
page was shown."""

import re

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
