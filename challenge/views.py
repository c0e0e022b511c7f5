"""The daily challenge's pages: today's deal (start, resume, result), a past day, and
the calendar of past days; and a set of deals for friends (make, join, results)."""

from datetime import date

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from challenge import days, friends, standings
from challenge.models import Attempt, DailyChallenge, DealSet, DealSetTable
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
    challenge = (
        DailyChallenge.objects.filter(day=wanted).select_related("expert_round__room").first()
    )
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


def _day_page(
    request, challenge: DailyChallenge, *, today: bool, error: str | None = None, status: int = 200
):
    attempt = days.attempt_of(challenge, request.user)
    finished = days.finished(attempt)
    sealed = challenge.expert_round.room.is_sealed()
    open_outcome = standings.outcome_open(finished=finished, sealed=sealed)
    points = days.points(attempt) if finished else None
    context = {
        "challenge": challenge,
        "today": today,
        "attempt": attempt,
        "finished": finished,
        "playing": attempt is not None and not finished,
        "points": points,
        "against_par": points - challenge.par if finished else None,
        "outcome_open": open_outcome,
        "ranking": standings.ranking(challenge, request.user) if open_outcome else [],
        "seed": None if sealed else challenge.seed,
        "calendar": standings.calendar(request.user),
        "error": error,
    }
    return render(request, "challenge/day.html", context, status=status)


# --- Friends on the same deals -----------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def new_deal_set(request):
    """The form that makes a set of deals (GET), and making it (POST)."""
    error = None
    if request.method == "POST":
        try:
            count = int(request.POST.get("deals", ""))
        except ValueError:
            count = 0
        try:
            deal_set = friends.create(
                owner=request.user, name=request.POST.get("name", ""), count=count
            )
        except ServiceError as problem:
            error = str(problem)
        else:
            return redirect("challenge:deal_set", code=deal_set.code)
    context = {
        "error": error,
        "counts": range(friends.DEALS_RANGE[0], friends.DEALS_RANGE[1] + 1),
        "default_count": 4,
        "open_days": friends.OPEN_DAYS,
    }
    return render(request, "challenge/new_deal_set.html", context, status=400 if error else 200)


@login_required
@require_GET
def deal_set_page(request, code: str):
    return _deal_set_page(request, get_object_or_404(DealSet, code=code))


@login_required
@require_POST
def join_deal_set(request, code: str):
    deal_set = get_object_or_404(DealSet, code=code)
    try:
        table = friends.join(deal_set, request.user)
    except ServiceError as problem:
        return _deal_set_page(request, deal_set, error=str(problem), status=400)
    return redirect("table", code=table.room.code)


def _deal_set_page(request, deal_set: DealSet, *, error: str | None = None, status: int = 200):
    friends.complete(deal_set)  # the pars, if the maker's request has not recorded them yet
    table = friends.table_of(deal_set, request.user)
    results = friends.results(deal_set, request.user)
    context = {
        "deal_set": deal_set,
        "table": table,
        "error": error,
        "closed": timezone.now() >= deal_set.sealed_until,
        "results": results,
        "deals": [
            {
                "number": n,
                "hash": h,
                "seed": deal_set.deals[n - 1][0] if results.seeds_out else None,
            }
            for n, h in enumerate(deal_set.hashes, start=1)
        ],
        "share_url": request.build_absolute_uri(),
    }
    return render(request, "challenge/deal_set.html", context, status=status)


@login_required
@require_GET
def room_results(request, code: str):
    """Where a sealed table's results are compared: its day's page, or its set of deals'.
    (The table links here once its match is over, by name: games never imports us.)"""
    attempt = Attempt.objects.filter(round__room__code=code).select_related("challenge").first()
    if attempt is not None:
        if attempt.challenge.day == days.local_day():
            return redirect(reverse("challenge:today") + "#result")
        return redirect("challenge:day", day=attempt.challenge.day.isoformat())
    table = DealSetTable.objects.filter(room__code=code).select_related("deal_set").first()
    if table is not None:
        return redirect("challenge:deal_set", code=table.deal_set.code)
    raise Http404
