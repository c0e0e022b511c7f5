from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s! Your account is ready.") % {
            "name": user.username
        })
        return redirect(request.GET.get("next") or "home")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request):
    """The player's own page: statistics over every finished round they played."""
    from games import history

    stats = history.player_stats(user=request.user)
    chart = history.line_chart([[0] + [total for _, total in stats.running]]) if (
        stats.running) else None
    return render(request, "accounts/profile.html", {
        "profile_user": request.user, "stats": stats, "chart": chart,
    })
