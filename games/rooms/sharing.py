"""What a link to the site says when it is pasted into a chat (the share card's title):
a table's link invites to its free seats or to watch. A chat's link preview fetches the
page without logging in, and so lands on the log-in page; that page names the table its
``next`` leads to (accounts.views.LoginView)."""

import re

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import SEATS, Room
from games.words import labels

TABLE_PATH = re.compile(r"^/t/(?P<code>[A-Z0-9]{4,12})/$")
# Other pages' share titles, by path: functions of a path that answer a title or None
# (``challenge.apps`` adds a set of deals' page: games never imports challenge).
title_sources: list = []


def table_title(room: Room, free: int | None = None) -> str:
    """ "来打血战：房间 7DZVG6，差 2 人", or an invitation to watch once it is full.
    ``free``: the seats nobody takes, when the caller has the seats at hand."""
    if free is None:
        free = room.seats.filter(user__isnull=True, bot_level="").count()
    if free and room.status == Room.Status.OPEN:
        title = ngettext(
            "Come and play: room %(code)s, %(free)d seat free",
            "Come and play: room %(code)s, %(free)d seats free",
            free,
        ) % {"code": room.code, "free": free}
    else:
        title = _("Watch the table: room %(code)s") % {"code": room.code}
    if room.players != SEATS or room.options.get("suits", 3) != 3:
        # A table of RULES.md section 14 says so: "差 1 人" means one of three.
        title += " · " + labels.table_name(room.options)
    return title


def title_for_path(path: str | None) -> str | None:
    """The share title of the table at ``path`` (a log-in's ``next``), or of another page
    a link leads to (``title_sources``), if it is one."""
    found = TABLE_PATH.match(path or "")
    if not found:
        return next(
            (title for source in title_sources if (title := source(path or "")) is not None), None
        )
    room = Room.objects.filter(code=found["code"]).exclude(status=Room.Status.CLOSED).first()
    return table_title(room) if room else None
