"""Limits on what one person may do to clubs, counted by ``common.limits`` in the cache,
each request before it is let in (``limits.admit``), answered with a message that says
when to come back (status 429), never an error page. The rates are settings
(``xuezhan/settings.py``, "Limits"):

- admin actions (invitations, approvals, removals and bans, admins, tables, 禁止同桌,
  the club's settings, handing over, closing), per person, whatever the club:
  ``CLUB_ADMIN_ACTIONS_PER_USER``;
- joining a club by an invitation, and making one, per person:
  ``CLUB_JOINS_PER_USER`` (the services hold the number of clubs a person is in and
  makes a day: ``clubs.membership``).

Opening a room from a club's table is held by the rooms' own limit
(``games.rooms.room_limits``: rooms one person has waiting for players)."""

from django.utils.translation import ngettext

from common import limits
from common.counters import Counter


def _user(group, request) -> str:
    return str(request.user.pk)


ADMIN_ACTIONS = [Counter("club-admin-actions-user", "CLUB_ADMIN_ACTIONS_PER_USER", _user)]
JOINS = [Counter("club-joins-user", "CLUB_JOINS_PER_USER", _user)]


def admit_admin_action(request) -> limits.Admission:
    return limits.admit(request, ADMIN_ACTIONS)


def admit_join(request) -> limits.Admission:
    return limits.admit(request, JOINS)


def admin_message(admission: limits.Admission) -> str:
    minutes = limits.whole_minutes(admission.wait)
    return ngettext(
        "Too many club admin actions lately. Please try again in %(minutes)d minute.",
        "Too many club admin actions lately. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def join_message(admission: limits.Admission) -> str:
    minutes = limits.whole_minutes(admission.wait)
    return ngettext(
        "You have joined or made clubs many times lately. Please try again in %(minutes)d minute.",
        "You have joined or made clubs many times lately. Please try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
