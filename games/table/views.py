"""A table's page, its fragment for a reload, and the plain POST of a move for a page
whose socket is not open yet (the socket is the usual way: games.table.consumers)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Room
from games.play.errors import ServiceError
from games.play.snapshot import load_snapshot
from games.rooms import audience, sharing
from games.table import coaching, commands, delayed, watchers
from games.table.parts import render_table


def _table_html(request, room, snap) -> tuple[str, int]:
    """The whole table as the requesting user may see it, from ``snap`` (the table as
    loaded): the same parts the socket sends, put together; and how many moves late it
    shows (a watcher of a room that says so: a tournament's table)."""
    delay = delayed.delay_for(room, snap, request.user)
    shown = delayed.behind(snap, delay)
    html = render_table(shown, user=request.user, csrf=get_token(request), request=request)
    return html.full(), delay


def _watching_off(request, room):
    """The page for somebody without a seat once the owner has switched watching off;
    a free seat between rounds may still be taken. A sealed table (one person's own, of
    the daily challenge or a set of deals) is nobody else's to sit at or watch."""
    sealed = room.sealed_until is not None
    free_seat = (
        not sealed
        and room.status != Room.Status.PLAYING
        and room.seats.filter(user__isnull=True, bot_level="").exists()
    )
    return render(
        request,
        "games/watching_off.html",
        {"room": room, "free_seat": free_seat, "sealed": sealed},
        status=403,
    )


@login_required
@require_GET
def table(request, code):
    """The table, live over its WebSocket: a seated player's, or a watcher's (no seat,
    no hidden tile) while the room lets people watch."""
    room = get_object_or_404(Room, code=code)
    if not audience.may_watch(room, request.user):
        if not audience.may_know_of(room, request.user):
            raise Http404  # a club's room, to somebody not of the club
        return _watching_off(request, room)
    # One load of the table for all the page shows: the table itself, who sits, the
    # seats still free. A watcher of a table shown some moves late sees it so, and is
    # told (a player sees it now).
    snap = load_snapshot(room.pk)
    table_html, delay = _table_html(request, room, snap)
    free = sum(1 for seat in snap.seats if seat.is_empty)
    return render(
        request,
        "games/table.html",
        {
            "room": room,
            "table_html": table_html,
            "coaching": coaching.room_allows(room.options),
            "coach_switch": _coach_switch(room, request.user, snap),
            "share_title": sharing.table_title(room, free),
            "watchers": watchers.render_count(watchers.count(room.pk)),
            "is_owner": room.owner_id == request.user.pk,
            "watch_delay": delay,
            # What the share control copies: the whole address, for a friend elsewhere.
            "share_url": request.build_absolute_uri(reverse("table", kwargs={"code": room.code})),
        },
    )


@login_required
@require_GET
def table_fragment(request, code):
    """The table alone, as the page would show it now (the browser tests compare a page
    after its live updates with it)."""
    room = get_object_or_404(Room, code=code)
    if not audience.may_watch(room, request.user):
        return _watching_off(request, room)
    table_html, _delay = _table_html(request, room, load_snapshot(room.pk))
    return HttpResponse(table_html)


@login_required
@require_POST
def table_action(request, code):
    """The table's forms posted without the WebSocket (before it connects, or where it
    cannot): the same move through the same service, then back to the table."""
    room = get_object_or_404(Room, code=code)
    try:
        kind, action, version = commands.parse_command(request.POST)
        commands.run_command(
            room=room, user=request.user, kind=kind, action=action, version=version
        )
    except commands.MalformedCommand as exc:
        messages.error(request, str(exc.message))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect(reverse("table", kwargs={"code": room.code}))


def _coach_switch(room, user, snap=None) -> dict | None:
    """The coach's switch in the table's settings: for a person seated in a room that
    allows the coach (None for anybody else, who sees no switch). ``snap``: the table,
    when the caller has it loaded."""
    if not coaching.room_allows(room.options) or not user.is_authenticated:
        return None
    if snap is None:
        seat = room.seats.filter(user=user).first()
    else:
        seat = snap.seat_of(user.pk)
    return {"on": seat.coach_on} if seat is not None else None


@login_required
@require_POST
def table_coach(request, code):
    """The coach's switch (templates/games/table/_coach_switch.html), posted by htmx when
    the box changes (or plainly, then back to the table). ``on`` is "1" or "0" (the form
    sends a hidden "0" before the box, so the last value counts). Only the person seated
    may flip it; anything else changes nothing and says why. With htmx the answer is the
    switch as it now stands; the panel itself comes over the table's socket."""
    room = get_object_or_404(Room, code=code)
    values = request.POST.getlist("on")
    refusal = None
    if not values or values[-1] not in ("0", "1"):
        refusal = _("The coach's switch must be on or off.")
    else:
        try:
            coaching.set_coach(room=room, user=request.user, on=values[-1] == "1")
        except ServiceError as exc:
            refusal = str(exc)
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(reverse("table", kwargs={"code": room.code}))
    return HttpResponse(
        render_to_string(
            "games/table/_coach_switch.html",
            {
                "room": room,
                "coach_switch": _coach_switch(room, request.user),
                "error": refusal,
            },
            request=request,
        )
    )
