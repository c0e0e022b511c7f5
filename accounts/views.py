from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import devices, hooks, login_limits
from accounts.forms import LoginForm, SignUpForm


class LoginView(auth_views.LoginView):
    """Django's log-in, where failed log-ins count: after too many for one account or
    from one address, log-in is refused for a while (status 429) without trying the
    password, whether it is right or not; a browser the account logged in from before
    is let through the account's limit (``accounts.forms.LimitedLogin``)."""

    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        devices.remember(self.request, response, form.get_user())
        return response

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        # The table a link leads to, named in its preview.
        context["share_title"] = share_title(self.request.GET.get("next"))
        return context

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.refusal:
            response.status_code = 429
        return response


def admin_login(request, extra_context=None):
    """Django admin's log-in page, through the same limits as the site's log-in: its
    form (``admin.site.login_form``, set in ``xuezhan.urls``) counts and refuses as
    the site's does; here the refusal gets its status (429) and a log-in its known-device
    cookie, as on the site's page."""
    response = admin.site.login(request, extra_context)
    form = (getattr(response, "context_data", None) or {}).get("form")
    if getattr(form, "refusal", None):
        response.status_code = 429
    elif (
        request.method == "POST" and response.status_code == 302 and (request.user.is_authenticated)
    ):
        devices.remember(request, response, request.user)
    return response


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        admission = login_limits.admit_signup(request)  # counted first: too many from here?
        if admission.refused:
            form.refusal = login_limits.signup_message(admission.wait)
        if form.is_valid():
            return _signed_up(request, form.save())
        admission.give_back()  # nothing was created
    # The table or set a link leads to, named on the page.
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "share_title": share_title(safe_next(request))},
        status=429 if form.refusal else 200,
    )


def _signed_up(request, user):
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(
        request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.username}
    )
    response = redirect(safe_next(request) or "home")
    devices.remember(request, response, user)  # a log-in too: this browser is theirs
    return response


def share_title(path: str | None) -> str | None:
    """The share title of the page ``path`` leads to, if an app names it
    (``hooks.share_title_sources``: games.rooms.sharing)."""
    return next(
        (title for source in hooks.share_title_sources if (title := source(path)) is not None), None
    )


def safe_next(request) -> str | None:
    """The ``next`` page to go on to, if it is one of this site's own (never another
    host: an open redirect would lend the site's name to a phishing link)."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@login_required
def profile(request):
    """The player's own page: statistics over every finished round they played, and
    their place in the ranking."""
    context = {"profile_user": request.user}
    for part in hooks.profile_parts:  # games.history.profile
        context.update(part(request.user))
    return render(request, "accounts/profile.html", context)
