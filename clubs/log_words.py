"""The club's admin log in words: what each kept action (``AdminAction.action``, written
by ``clubs.membership``, ``clubs.tables`` and ``clubs.club_settings``) says on the club's
page, in the reader's language."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.words.labels import person_name

ACTIONS = {
    "create": gettext_lazy("made the club"),
    "invite": gettext_lazy("made an invitation link"),
    "revoke_invite": gettext_lazy("revoked an invitation link"),
    "approve": gettext_lazy("let in"),
    "remove": gettext_lazy("removed"),
    "ban": gettext_lazy("banned"),
    "admin": gettext_lazy("made an admin"),
    "not_admin": gettext_lazy("took admin rights from"),
    "hand_over": gettext_lazy("handed the club over to"),
    "close": gettext_lazy("closed the club"),
    "add_table": gettext_lazy("set up the table"),
    "archive_table": gettext_lazy("took down the table"),
    "apart": gettext_lazy("kept apart (禁止同桌)"),
    "not_apart": gettext_lazy("let sit together again"),
    "announcement": gettext_lazy("changed the announcement"),
    "period": gettext_lazy("set the standings' period to"),
    "approval": gettext_lazy("set approval of joiners"),
    "members_watch": gettext_lazy("set members' watching"),
}

# The detail of a setting, as kept ("week", "on") and as read.
DETAILS = {
    "week": gettext_lazy("a week"),
    "month": gettext_lazy("a month"),
    "on": gettext_lazy("on"),
    "off": gettext_lazy("off"),
}


def log_line(entry) -> dict:
    """One ``AdminAction`` as the page shows it: who, what, to whom (a person, a table's
    name, a setting), when."""
    detail = entry.detail
    if entry.action in ("period", "approval", "members_watch"):
        detail = str(DETAILS.get(detail, detail))
    elif entry.action in ("create", "announcement"):
        detail = ""  # the club's own name, the text itself: the page shows both already
    target = person_name(entry.target.username) if entry.target_id else ""
    if entry.action in ("apart", "not_apart") and detail:
        target = _("%(first)s and %(second)s") % {
            "first": target,
            "second": person_name(detail),
        }
        detail = ""
    return {
        "actor": person_name(entry.actor.username) if entry.actor_id else _("(deleted account)"),
        "action": str(ACTIONS.get(entry.action, entry.action)),
        "target": target,
        "detail": detail,
        "at": entry.at,
    }
