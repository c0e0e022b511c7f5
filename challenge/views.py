"""The daily challenge's pages: today's deal (start, resume, result), a past day, and
the calendar of past days."""

from datetime import date

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from challenge import days, standings
from challenge.models import DailyChallenge
from games.models import Round
from games.play.errors import ServiceError


@login_required
@require_GET
def today(request):
    return _day_page(request, days.challenge_of(days.local_day()), today=True)


@login_required
@require_GET
def past_day(request, day: str):
    try:
        wanted = date.fromisoformat(day)
    except ValueError:
        raise Http404 from None
    if wanted >= days.local_day():
        return redirect("challenge:today")
    challenge = DailyChallenge.objects.filter(day=wanted).select_related(
        "expert_round__room").first()
    if challenge is None:
        raise Http404
    return _day_page(request, challenge, today=False)


@login_required
@require_POST
def start(request):
    """Begin today's attempt, or resume it: its table while it is played, else the result."""
    try:
        attempt = days.start(request.user)
    except ServiceError as error:
        challenge = days.challenge_of(days.local_day())
        return _day_page(request, challenge, today=True, error=str(error), status=400)
    if attempt.round.status == Round.Status.PLAYING:
        return redirect("table", code=attempt.round.room.code)
    return redirect(reverse("challenge:today") + "#result")


def _day_page(request, challenge: DailyChallenge, *, today: bool, error: str | None = None,
              status: int = 200):
    attempt = days.attempt_of(challenge, request.user)
    open_outcome = standings.outcome_open(challenge, attempt)
    finished = days.finished(attempt)
    points = days.points(attempt) if finished else None
    context = {
        "challenge": challenge, "today": today, "attempt": attempt, "finished": finished,
        "playing": attempt is not None and not finished,
        "points": points,
        "against_par": points - challenge.par if finished else None,
        "outcome_open": open_outcome,
        "ranking": standings.ranking(challenge, request.user) if open_outcome else [],
        "seed": None if challenge.expert_round.room.is_sealed() else challenge.seed,
        "calendar": standings.calendar(request.user),
        "error": error,
    }
    return render(request, "challenge/day.html", context, status=status)
