"""The admins' actions on a club's page, each a POST (CSRF-checked by Django's
middleware) that goes through the services (``clubs.membership``, ``clubs.tables``,
``clubs.club_settings``), which check on the server that the person may do it, and back
to the club's page with what happened, or why not, as a message.

A person who is not a member gets 404 (``member_club``), as for a club that does not
exist; a member who is not an admin gets the services' refusal and nothing changes. Each
action counts against the person's limit (``clubs.club_limits``) before anything else
is done: past it the club's page answers 429 with a message saying when to come back.
A person, an invitation or a table that is not the club's is a clear message or 404,
never an error page."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import club_limits, club_settings, membership, tables
from clubs.forms import ClubTableForm
from clubs.models import ClubTable, Invite
from clubs.views import club_response, club_url, member_club
from games.play.errors import ServiceError
from games.rooms.forms import PresetForm
from games.words.labels import person_name


def _admin_action(request, club_id: int, act, anchor: str = "admin"):
    """Run ``act(club)`` for an admin of the club: its message (what was done) or its
    refusal shown on the club's page."""
    club, mine = member_club(request, club_id)
    admission = club_limits.admit_admin_action(request)
    if admission.refused:
        messages.error(request, club_limits.admin_message(admission))
        return club_response(request, club, mine, status=429)
    try:
        done = act(club)
    except ServiceError as problem:
        messages.error(request, str(problem))
    else:
        messages.success(request, done)
    return redirect(club_url(club, anchor, admin=True))


def _posted_person(request, field: str = "user"):
    """The person an action names (``field``: their id); refused in words when there is
    no such person."""
    value = request.POST.get(field, "").strip()
    person = None
    if value.isascii() and value.isdigit() and len(value) <= 12:
        person = get_user_model().objects.filter(pk=int(value)).first()
    if person is None:
        raise ServiceError(_("Choose a member of the club."))
    return person


def _confirmed(request) -> None:
    if request.POST.get("confirm") != "yes":
        raise ServiceError(_("Tick the box to confirm."))


def _on(request, field: str) -> bool:
    return request.POST.get(field) == "1"


# --- Invitations ------------------------------------------------------------------------


@require_POST
@login_required
def new_invite(request, club_id: int):
    def act(club):
        membership.new_invite(club=club, by=request.user)
        return _("A new invitation link is ready: send it to your friends.")

    return _admin_action(request, club_id, act, "invites")


@require_POST
@login_required
def revoke_invite(request, club_id: int, invite_id: int):
    def act(club):
        invite = get_object_or_404(Invite, pk=invite_id, club=club)
        membership.revoke_invite(invite=invite, by=request.user)
        return _("The invitation link is revoked: it lets nobody in any more.")

    return _admin_action(request, club_id, act, "invites")


# --- Members ----------------------------------------------------------------------------


@require_POST
@login_required
def approve(request, club_id: int):
    def act(club):
        person = _posted_person(request)
        membership.approve(club=club, user=person, by=request.user)
        return _("%(name)s is a member now.") % {"name": person_name(person.username)}

    return _admin_action(request, club_id, act, "members")


@require_POST
@login_required
def remove(request, club_id: int):
    def act(club):
        person = _posted_person(request)
        membership.remove(club=club, user=person, by=request.user)
        return _("%(name)s is no longer a member.") % {"name": person_name(person.username)}

    return _admin_action(request, club_id, act, "members")


@require_POST
@login_required
def ban(request, club_id: int):
    def act(club):
        person = _posted_person(request)
        membership.remove(club=club, user=person, by=request.user, ban=True)
        return _("%(name)s is banned: no invitation lets them back.") % {
            "name": person_name(person.username)
        }

    return _admin_action(request, club_id, act, "members")


def _set_admin(request, club_id: int, admin: bool):
    def act(club):
        person = _posted_person(request)
        membership.set_admin(club=club, user=person, by=request.user, admin=admin)
        if admin:
            return _("%(name)s is an admin now.") % {"name": person_name(person.username)}
        return _("%(name)s is no longer an admin.") % {"name": person_name(person.username)}

    return _admin_action(request, club_id, act, "members")


@require_POST
@login_required
def make_admin(request, club_id: int):
    return _set_admin(request, club_id, True)


@require_POST
@login_required
def unmake_admin(request, club_id: int):
    return _set_admin(request, club_id, False)


@require_POST
@login_required
def hand_over(request, club_id: int):
    def act(club):
        person = _posted_person(request)
        _confirmed(request)
        membership.hand_over(club=club, to=person, by=request.user)
        return _("%(name)s owns the club now.") % {"name": person_name(person.username)}

    return _admin_action(request, club_id, act)


@require_POST
@login_required
def close(request, club_id: int):
    def act(club):
        _confirmed(request)
        membership.close(club=club, by=request.user)
        return _("The club is closed. Its history stays.")

    return _admin_action(request, club_id, act, "")


# --- Tables and 禁止同桌 -----------------------------------------------------------------


@require_POST
@login_required
def add_table(request, club_id: int):
    """Set up a standing table from the room form; the form again with what to correct."""
    club, mine = member_club(request, club_id)
    admission = club_limits.admit_admin_action(request)
    if admission.refused:
        messages.error(request, club_limits.admin_message(admission))
        return club_response(request, club, mine, status=429)
    try:
        membership.require_admin(club, request.user)  # before the form says anything
    except ServiceError as problem:
        messages.error(request, str(problem))
        return redirect(club_url(club))
    form = ClubTableForm(request.POST)
    if not form.is_valid():
        context = {"club": club, "form": form, "preset_form": PresetForm()}
        return render(request, "clubs/new_table.html", context, status=400)
    data = form.cleaned_data
    try:
        table = tables.add_table(
            club=club,
            by=request.user,
            name=data["name"],
            options=data["options"],
            computers=data["computers"],
        )
    except ServiceError as problem:
        messages.error(request, str(problem))
    else:
        messages.success(request, _("The table %(name)s is set up.") % {"name": table.name})
    return redirect(club_url(club, "tables"))


@require_POST
@login_required
def archive_table(request, club_id: int, table_id: int):
    def act(club):
        table = get_object_or_404(ClubTable, pk=table_id, club=club, archived_at__isnull=True)
        tables.archive_table(table=table, by=request.user)
        return _("The table %(name)s is taken down.") % {"name": table.name}

    return _admin_action(request, club_id, act, "tables")


def _apart(request, club_id: int, apart: bool):
    def act(club):
        membership.require_admin(club, request.user)  # before saying who is a member
        first, second = _posted_person(request, "first"), _posted_person(request, "second")
        for person in (first, second):
            if not membership.is_member(club, person):
                raise ServiceError(_("Choose a member of the club."))
        tables.keep_apart(club=club, by=request.user, first=first, second=second, apart=apart)
        names = {"first": person_name(first.username), "second": person_name(second.username)}
        if apart:
            return _("%(first)s and %(second)s will not sit at one table.") % names
        return _("%(first)s and %(second)s may sit at one table again.") % names

    return _admin_action(request, club_id, act, "apart")


@require_POST
@login_required
def keep_apart(request, club_id: int):
    return _apart(request, club_id, True)


@require_POST
@login_required
def let_together(request, club_id: int):
    return _apart(request, club_id, False)


# --- The club's settings ------------------------------------------------------------------


@require_POST
@login_required
def announcement(request, club_id: int):
    def act(club):
        club_settings.set_announcement(
            club=club, by=request.user, text=request.POST.get("announcement", "")
        )
        return _("The announcement is saved.")

    return _admin_action(request, club_id, act, "announcement")


@require_POST
@login_required
def period(request, club_id: int):
    def act(club):
        club_settings.set_period(club=club, by=request.user, period=request.POST.get("period", ""))
        return _("The standings' period is saved.")

    return _admin_action(request, club_id, act)


@require_POST
@login_required
def approval(request, club_id: int):
    def act(club):
        club_settings.set_approval(club=club, by=request.user, approval=_on(request, "approval"))
        return (
            _("Saved: who joins waits for approval.")
            if _on(request, "approval")
            else _("Saved: who joins is a member at once.")
        )

    return _admin_action(request, club_id, act)


@require_POST
@login_required
def members_watch(request, club_id: int):
    def act(club):
        allowed = _on(request, "allowed")
        club_settings.set_members_watch(club=club, by=request.user, allowed=allowed)
        if allowed:
            return _("Saved: members may watch the club's tables.")
        return _("Saved: only the players see a club table.")

    return _admin_action(request, club_id, act)
