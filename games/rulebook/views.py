"""The rules page: every rule, pattern, payment and room option, from the rule book's
own modules."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.rulebook import options, patterns, payments
from games.rules.options import DEFAULT_OPTIONS


@require_GET
def rules(request):
    return render(
        request,
        "games/rules.html",
        {
            "patterns": patterns.patterns(),
            "extras": patterns.extras(),
            "payments": payments.payments(),
            "options": options.options(),
            "defaults": DEFAULT_OPTIONS,
        },
    )
