"""The tournaments' pages under /tournaments/: the list, a new tournament's form, and a
tournament's page (its live leaderboard, and for the person looking: sign up, check in,
withdraw, their table). Every action is a POST through the services
(tournaments.entries), with what happened or why not as a message."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.play.errors import ServiceError
from tournaments import entries, pages
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


@require_GET
def tournament_list(request):
    return render(request, "tournaments/list.html", pages.listed_tournaments(request.user))


@login_required
def new_tournament(request):
    form = TournamentForm(request.POST or None, staff=request.user.is_staff)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = entries.create(
                creator=request.user,
                name=data["name"],
                options=form.options(),
                starts_at=data["starts_at"],
                minutes=data["minutes"],
                scoring=data["scoring"],
                max_entries=data["max_entries"],
                format=data["format"],
                stages=data["stages"],
                stage_rounds=data["stage_rounds"],
                listed=data.get("listed", False),
            )
        except ServiceError as problem:
            form.add_error(None, str(problem))
        else:
            return redirect("tournaments:detail", code=tournament.code)
    return render(request, "tournaments/new.html", {"form": form})


@require_GET
def detail(request, code: str):
    tournament = get_object_or_404(Tournament, code=code)
    entry = pages.my_entry(tournament, request.user)
    context = {
        **pages.board_context(tournament),
        "entry": entry,
        "in_it": entry is not None and entry.withdrawn_at is None,
        "check_in_opens": entries.check_in_opens(tournament),
        "can_check_in": timezone.now() >= entries.check_in_opens(tournament),
        "me": request.user.pk,
        "link": request.build_absolute_uri(reverse("tournaments:detail", args=[code])),
        "played": pages.played_rounds(tournament),
    }
    return render(request, "tournaments/detail.html", context)


def _act(request, code: str, act, done: str):
    tournament = get_object_or_404(Tournament, code=code)
    try:
        act(tournament=tournament, user=request.user)
    except ServiceError as problem:
        messages.error(request, str(problem))
    else:
        messages.success(request, done)
    return redirect("tournaments:detail", code=code)


@require_POST
@login_required
def join(request, code: str):
    return _act(request, code, entries.join, _("You are in: you are seated when a table is free."))


@require_POST
@login_required
def check_in(request, code: str):
    return _act(request, code, entries.check_in, _("Checked in: you are seated at the start."))


@require_POST
@login_required
def start_now(request, code: str):
    return _act(request, code, entries.start_now, _("Started: the players are seated now."))


@require_POST
@login_required
def withdraw(request, code: str):
    return _act(request, code, entries.withdraw, _("You have withdrawn from the tournament."))
