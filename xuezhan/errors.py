"""The site's own error pages, in the player's language: never Django's technical pages
(DEBUG is off outside development) nor its bare English ones."""

from django.core.exceptions import DisallowedHost
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.translation import gettext as _

PAGES = {
    400: (lambda: _("Bad request"), lambda: _("The page could not understand that request.")),
    403: (lambda: _("Not allowed"), lambda: _("You may not open this page.")),
    404: (
        lambda: _("Page not found"),
        lambda: _("There is no such page. The room may have closed, or the link is wrong."),
    ),
    500: (
        lambda: _("Something went wrong"),
        lambda: _("The server could not answer. Your game is saved: please try again."),
    ),
}


def _page(request, status: int, **extra):
    title, explanation = PAGES[status]
    context = {"title": title(), "explanation": explanation(), **extra}
    return render(request, "error_page.html", context, status=status)


def _bare_page(status: int) -> HttpResponse:
    """The page of ``status`` without the site's frame: nothing of it asks the request
    for its host, its user or the database, so that it can answer what the framed page
    cannot."""
    title, explanation = (text() for text in PAGES[status])
    return HttpResponse(
        f"<!DOCTYPE html><meta charset=utf-8><title>{escape(title)}</title>"
        f"<h1>{escape(title)}</h1><p>{escape(explanation)}</p>",
        status=status,
    )


def bad_request(request, exception=None):
    if isinstance(exception, DisallowedHost):
        # A Host header not in ALLOWED_HOSTS: the framed page's links and share card
        # would ask for the host again, and fail (a 500 instead of this 400).
        return _bare_page(400)
    return _page(request, 400)


def permission_denied(request, exception=None):
    return _page(request, 403)


def page_not_found(request, exception=None):
    return _page(request, 404)


def server_error(request):
    try:
        return _page(request, 500)
    except Exception:
        # The page itself failed (the database is down, say, and the menu asks who is
        # logged in): a bare page in the player's language rather than none.
        return _bare_page(500)


def csrf_failure(request, reason=""):
    title = _("The form has expired")
    explanation = _("Please go back, reload the page and try again.")
    return render(
        request, "error_page.html", {"title": title, "explanation": explanation}, status=403
    )
