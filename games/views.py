"""Pages: the lobby, a new room, the table. Views only parse input and render output:
every change goes through ``games.services``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import audience, commands, idle_rooms, selectors, services, sharing
from games.forms import JoinForm, PresetForm, RoomForm
from games.models import Room
from games.table import watchers
from games.table.parts import render_table
from games.table.snapshot import load_snapshot
from xuezhan import limits


@require_GET
def lobby(request):
    """The lobby: open to everyone; sitting at a table needs an account. ``?page=N``
    shows the N-th page of each list (its socket keeps that page live)."""
    page = selectors.page_number(request.GET.get("page"))
    return render(request, "games/lobby.html",
                  {"rooms": selectors.lobby_rooms(page), "join_form": JoinForm()})


@login_required
@require_http_methods(["GET", "POST"])
def create_room(request):
    # ?preset=<key> starts the form from a preset's options (games.rules.presets).
    preset_form = PresetForm(request.GET if "preset" in request.GET else None)
    initial = preset_form.initial_options() if request.method == "GET" else None
    form = RoomForm(request.POST or None, initial=initial)
    context = {"form": form, "preset_form": preset_form}
    if request.method == "POST" and form.is_valid():
        refusal = limits.room_refusal(request.user)  # too many rooms waiting already
        if refusal:
            form.add_error(None, refusal)
            return render(request, "games/create_room.html", context, status=429)
        room = services.create_room(
            owner=request.user, name=form.cleaned_data["name"], options=form.cleaned_data["options"]
        )
        return redirect("table", code=room.code)
    return render(request, "games/create_room.html", context)


@require_GET
def join(request):
    form = JoinForm(request.GET or None)
    if form.is_valid():
        code = form.cleaned_data["code"]
        if Room.objects.filter(code=code).exists():
            return redirect("table", code=code)
        messages.error(request, _("No room has the code %(code)s.") % {"code": code})
    return redirect("home")


def _table_html(request, snap) -> str:
    """The whole table as the requesting user may see it: the same parts the socket
    sends, put together."""
    return render_table(snap, user=request.user, csrf=get_token(request),
                        request=request).full()


def _watching_off(request, room):
    """The page for somebody without a seat once the owner has switched watching off;
    a free seat between rounds may still be taken."""
    free_seat = (room.status != Room.Status.PLAYING
                 and room.seats.filter(user__isnull=True, bot_level="").exists())
    return render(request, "games/watching_off.html", {"room": room, "free_seat": free_seat},
                  status=403)


@login_required
@require_GET
def table(request, code):
    """The table, live over its WebSocket: a seated player's, or a watcher's (no seat,
    no hidden tile) while the room lets people watch."""
    room = get_object_or_404(Room, code=code)
    if not audience.may_watch(room, request.user):
        return _watching_off(request, room)
    return render(request, "games/table.html", {
        "room": room, "table_html": _table_html(request, load_snapshot(room.pk)),
        "share_title": sharing.table_title(room),
        "watchers": watchers.render_count(watchers.count(room.pk)),
        "is_owner": room.owner_id == request.user.pk,
        # What the share control copies: the whole address, for a friend elsewhere.
        "share_url": request.build_absolute_uri(reverse("table", kwargs={"code": room.code})),
    })


@login_required
@require_GET
def table_fragment(request, code):
    """The table alone, as the page would show it now (the browser tests compare a page
    after its live updates with it)."""
    room = get_object_or_404(Room, code=code)
    if not audience.may_watch(room, request.user):
        return _watching_off(request, room)
    return HttpResponse(_table_html(request, load_snapshot(room.pk)))


@login_required
@require_POST
def set_watching(request, code):
    """The owner lets people without a seat watch the table, or stops them."""
    allowed = request.POST.get("allowed") == "1"
    return _seat_action(request, code, lambda room: services.set_watching(
        room=room, user=request.user, allowed=allowed))


def _seat_action(request, code, act):
    """Run ``act(room)``, then back to the table, with its refusal as a message."""
    room = get_object_or_404(Room, code=code)
    refusal = _run_seat_action(room, act)
    if refusal:
        messages.error(request, refusal)
    return redirect(reverse("table", kwargs={"code": room.code}))


def _run_seat_action(room, act) -> str:
    """Run ``act(room)``; its refusal, or "" when it worked."""
    try:
        act(room)
    except services.ServiceError as exc:
        return str(exc)
    idle_rooms.touch(room.pk, force=False)  # a person is at the table
    return ""


def _seat_index(request) -> int:
    try:
        return int(request.POST.get("index", ""))
    except ValueError:
        return -1


@login_required
@require_POST
def sit(request, code):
    index = _seat_index(request)
    return _seat_action(request, code, lambda room: services.take_seat(
        room=room, user=request.user, index=index if index >= 0 else None))


@login_required
@require_POST
def leave(request, code):
    return _seat_action(request, code, lambda room: services.leave_seat(
        room=room, user=request.user))


@login_required
@require_POST
def add_bot(request, code):
    index, level = _seat_index(request), request.POST.get("level", "")
    return _seat_action(request, code, lambda room: services.add_bot(
        room=room, user=request.user, index=index, level=level))


@login_required
@require_POST
def fill_bots(request, code):
    """Every empty seat gets a computer player of the chosen level, in one click. Posted
    plainly it comes back to the table. Posted by htmx it answers the error line only
    (empty when it worked): the table itself comes over the socket, as after every
    other change, so the page and what its socket believes it shows stay the same."""
    level = request.POST.get("level", "")

    def fill(room):
        services.fill_empty_seats(room=room, user=request.user, level=level)

    if not request.htmx:
        return _seat_action(request, code, fill)
    refusal = _run_seat_action(get_object_or_404(Room, code=code), fill)
    return HttpResponse(render_to_string("games/table/_error_line.html", {"message": refusal}))


@login_required
@require_POST
def remove_bot(request, code):
    index = _seat_index(request)
    return _seat_action(request, code, lambda room: services.remove_bot(
        room=room, user=request.user, index=index))


@login_required
@require_POST
def free_seat(request, code):
    index = _seat_index(request)
    return _seat_action(request, code, lambda room: services.free_seat(
        room=room, user=request.user, index=index))


@login_required
@require_POST
def ready(request, code):
    return _seat_action(request, code, lambda room: services.set_ready(
        room=room, user=request.user))


@login_required
@require_POST
def table_action(request, code):
    """The table's forms posted without the WebSocket (before it connects, or where it
    cannot): the same move through the same service, then back to the table."""
    room = get_object_or_404(Room, code=code)
    try:
        kind, action, version = commands.parse_command(request.POST)
        commands.run_command(room=room, user=request.user, kind=kind, action=action,
                             version=version)
    except commands.MalformedCommand as exc:
        messages.error(request, str(exc.message))
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    return redirect(reverse("table", kwargs={"code": room.code}))
