"""The club's standings beyond its page: a period's whole list, its CSV export, and a
member's rounds in a period. Members only (404 for anybody else, as for the club's page)."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from clubs import standings
from clubs.pages import chosen_period, standings_context
from clubs.views import member_club
from games.words import labels


@login_required
@require_GET
def standings_page(request, club_id: int):
    """Every player of a period, where the club's page shows the top."""
    club, _mine = member_club(request, club_id)
    context = {"club": club, "standings": standings_context(request, club), "whole": True}
    return render(request, "clubs/standings.html", context)


@login_required
@require_GET
def standings_csv(request, club_id: int):
    club, _mine = member_club(request, club_id)
    period = chosen_period(request, club)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{standings.csv_filename(club, period)}"'
    )
    standings.standings_csv(club, period, out=response)
    return response


@login_required
@require_GET
def member_page(request, club_id: int, user_id: int):
    """A member's rounds in the club in a period: only members see it."""
    club, _mine = member_club(request, club_id)
    person = get_object_or_404(User, pk=user_id)
    period = chosen_period(request, club)
    context = {
        "club": club,
        "person_name": labels.person_name(person.username),
        "period": period,
        "rounds": standings.member_rounds(club, person, period),
    }
    return render(request, "clubs/member.html", context)
