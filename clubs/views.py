"""The clubs' pages (issue 47): my clubs (and making one), a club's page, an invitation
(its club's name and a join button, nothing else), and what a member does there: open a
room from a standing table, leave the club. The admins' actions are in
``clubs.admin_views``.

A person who is not a member sees nothing of a club but its name on an invitation: the
club's page and every action of it answer 404 to them, as to an id that does not exist.
Every action is a POST (CSRF-checked by Django's middleware), its refusal a message on
the page it comes back to; a limit reached answers 429 with a message saying when to
come back (``clubs.club_limits``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import club_limits, membership, pages, tables
from clubs.forms import ClubForm, ClubTableForm
from clubs.models import Club, ClubTable, Membership
from games.play.errors import ServiceError
from games.rooms import room_limits
from games.rooms.forms import PresetForm


def member_club(request, club_id: int, *, pending: bool = False) -> tuple[Club, Membership]:
    """The club of ``club_id`` and the person's membership of it; 404 when they are not a
    member (a pending joiner counts only with ``pending``), as for a club that does not
    exist: nothing tells the two apart."""
    club = get_object_or_404(Club, pk=club_id)
    mine = membership.membership(club, request.user)
    if mine is None or (mine.pending and not pending):
        raise Http404
    return club, mine


def club_url(club: Club, anchor: str = "", *, admin: bool = False) -> str:
    """The club's page (at ``anchor``); with ``admin``, its admin controls unfolded."""
    url = reverse("clubs:club", kwargs={"club_id": club.pk})
    if admin:
        url += "?admin=open"
    return f"{url}#{anchor}" if anchor else url


def club_response(request, club: Club, mine: Membership, *, status: int = 200):
    """The club's page as ``mine``'s member sees it (refusals shown as messages)."""
    club.refresh_from_db()  # as an action just left it
    context = pages.club_page(request, club, mine)
    # Unfolded after an admin action: its message and its control stay in view.
    context["admin_open"] = request.method == "POST" or request.GET.get("admin") == "open"
    return render(request, "clubs/club.html", context, status=status)


def _refused(request, message: str, template: str, context: dict, status: int):
    messages.error(request, message)
    return render(request, template, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def my_clubs(request):
    """The clubs I am in, and the form that makes one (posted here)."""
    form = ClubForm(request.POST or None)
    context = {"clubs": pages.my_clubs(request.user), "form": form}
    if request.method == "GET":
        return render(request, "clubs/my_clubs.html", context)
    admission = club_limits.admit_join(request)
    if admission.refused:
        message = club_limits.join_message(admission)
        return _refused(request, message, "clubs/my_clubs.html", context, 429)
    if not form.is_valid():
        return render(request, "clubs/my_clubs.html", context, status=400)
    try:
        club = membership.create_club(
            owner=request.user,
            name=form.cleaned_data["name"],
            approval=form.cleaned_data["approval"],
        )
    except ServiceError as problem:
        form.add_error("name", str(problem))
        return render(request, "clubs/my_clubs.html", context, status=400)
    messages.success(
        request, _("Your club %(name)s is made: invite your friends.") % {"name": club.name}
    )
    return redirect(club_url(club, "invites", admin=True))


@login_required
@require_GET
def club_page(request, club_id: int):
    club, mine = member_club(request, club_id, pending=True)
    if mine.pending:  # waiting for an admin: the club's name, nothing more
        return render(request, "clubs/pending.html", {"club_name": club.name, "club": club})
    return club_response(request, club, mine)


@require_http_methods(["GET", "POST"])
def invite(request, code: str):
    """An invitation: the club's name and a join button (GET), joining (POST). Nothing
    else of the club shows here, to anybody."""
    found = membership.open_invite(code)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return _join(request, code, found)
    if found is None:
        return render(request, "clubs/invite.html", {"valid": False}, status=404)
    return render(request, "clubs/invite.html", _invite_context(request, code, found))


def _invite_context(request, code: str, found) -> dict:
    mine = membership.membership(found.club, request.user) if found else None
    return {
        "valid": found is not None,
        "code": code,
        "club_name": found.club.name if found else "",
        # Only for one already in it: the way to the club's page.
        "member_of": found.club if mine is not None else None,
        "pending": mine is not None and mine.pending,
    }


def _join(request, code: str, found):
    admission = club_limits.admit_join(request)
    if admission.refused:
        message = club_limits.join_message(admission)
        return _refused(
            request, message, "clubs/invite.html", _invite_context(request, code, found), 429
        )
    try:
        joined = membership.join(code=code, user=request.user)
    except ServiceError as problem:
        context = _invite_context(request, code, membership.open_invite(code))
        return _refused(request, str(problem), "clubs/invite.html", context, 400)
    if joined.pending:
        messages.info(request, _("Your request to join waits for an admin's approval."))
    else:
        messages.success(request, _("Welcome to %(name)s.") % {"name": joined.club.name})
    return redirect("clubs:club", club_id=joined.club_id)


@login_required
@require_POST
def open_room(request, club_id: int, table_id: int):
    """A new room of the table's rules, me at seat 0 (东): to its table. Held by the
    rooms' own limit (rooms one person has waiting), counted under their lock."""
    club, mine = member_club(request, club_id)
    table = get_object_or_404(ClubTable, pk=table_id, club=club)
    room, problem = None, None
    with transaction.atomic():
        room_limits.lock_owner(request.user)
        refusal = room_limits.room_refusal(request.user)
        if refusal is None:
            try:
                room = tables.open_room(table=table, user=request.user)
            except ServiceError as error:
                problem = str(error)
    if refusal is not None:
        messages.error(request, refusal)
        return club_response(request, club, mine, status=429)
    if problem is not None:
        messages.error(request, problem)
        return redirect(club_url(club, "tables"))
    return redirect("table", code=room.code)


@login_required
@require_POST
def leave(request, club_id: int):
    """Leave the club (or take back a request to join it)."""
    club, _mine = member_club(request, club_id, pending=True)
    try:
        membership.leave(club=club, user=request.user)
    except ServiceError as problem:
        messages.error(request, str(problem))
        return redirect(club_url(club))
    messages.success(request, _("You have left %(name)s.") % {"name": club.name})
    return redirect("clubs:mine")


@login_required
@require_GET
def new_table(request, club_id: int):
    """The form that sets up a standing table (its admins only): the room form, a preset
    filling it (``?preset=``, as on the new room's page)."""
    club, mine = member_club(request, club_id)
    if not mine.is_admin or club.closed_at is not None:
        messages.error(request, _("Only the club's admins can do that."))
        return redirect(club_url(club))
    preset_form = PresetForm(request.GET if "preset" in request.GET else None)
    form = ClubTableForm(initial=preset_form.initial_options())
    return render(
        request,
        "clubs/new_table.html",
        {"club": club, "form": form, "preset_form": preset_form},
    )
