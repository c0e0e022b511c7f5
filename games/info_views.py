"""Pages about the game rather than one table: the rules (/rules/) and the ranking
(/ranking/). Both are open to everyone, logged in or not."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import ranking
from games.rulebook import options, patterns, payments
from games.rules.options import DEFAULT_OPTIONS


@require_GET
def rules(request):
    return render(request, "games/rules.html", {
        "patterns": patterns.patterns(),
        "extras": patterns.extras(),
        "payments": payments.payments(),
        "options": options.options(),
        "defaults": DEFAULT_OPTIONS,
    })


@require_GET
def ranking_page(request):
    return render(request, "games/ranking.html", {
        "weekly": ranking.weekly(),
        "all_time": ranking.all_time(),
        "weekly_min": ranking.WEEKLY_MIN_ROUNDS,
        "all_time_min": ranking.ALL_TIME_MIN_ROUNDS,
        "weekly_days": ranking.WEEK.days,
    })
