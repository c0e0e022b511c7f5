"""The lobby's part of the clubs (``games.rooms.lobby.lobby_sections``, filled in
``clubs.apps``): the clubs the person looking belongs to, with the way to their pages and
to making one. Nothing for a visitor who has not logged in."""

from django.template.loader import render_to_string

from clubs import pages


def my_clubs_section(request) -> str:
    if not request.user.is_authenticated:
        return ""
    clubs = [item for item in pages.my_clubs(request.user) if not item["closed"]]
    return render_to_string("clubs/_lobby_section.html", {"clubs": clubs}, request=request)
