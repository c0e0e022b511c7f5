"""The pages before a table: the lobby, a new room, joining by code, and the seat and
room actions of a table's page (sit, leave, computers, ready, free a seat, watching),
each a POST that goes through games.rooms.seating and back to the table."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.models import Room
from games.play.errors import ServiceError
from games.rooms import idle_rooms, room_limits, seating
from games.rooms import lobby as selectors
from games.rooms.forms import JoinForm, PresetForm, RoomForm
from games.rooms.origins import origin_of
from games.rooms.seating import fill_empty_seats, leave_seat, set_ready, take_seat


@require_GET
def lobby(request):
    """The lobby: open to everyone; sitting at a table needs an account. ``?page=N``
    shows the N-th page of each list (its socket keeps that page live)."""
    page = selectors.page_number(request.GET.get("page"))
    context = {
        "rooms": selectors.lobby_rooms(page),
        "join_form": JoinForm(),
        # What other apps add for this person (clubs: theirs), outside the live lists.
        "sections": selectors.sections_for(request),
    }
    return render(request, "games/lobby.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def create_room(request):
    # ?preset=<key> starts the form from a preset's options (games.rules.presets).
    preset_form = PresetForm(request.GET if "preset" in request.GET else None)
    initial = preset_form.initial_options() if request.method == "GET" else None
    form = RoomForm(request.POST or None, initial=initial)
    context = {"form": form, "preset_form": preset_form}
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():  # counted and opened in one turn (room_limits.lock_owner)
            room_limits.lock_owner(request.user)
            refusal = room_limits.room_refusal(request.user)  # too many rooms waiting already
            if refusal is None:
                room = seating.create_room(
                    owner=request.user,
                    name=form.cleaned_data["name"],
                    options=form.cleaned_data["options"],
                    origin=origin_of(request),
                )
        if refusal:
            form.add_error(None, refusal)
            return render(request, "games/create_room.html", context, status=429)
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


@login_required
@require_POST
def set_watching(request, code):
    """The owner lets people without a seat watch the table, or stops them."""
    allowed = request.POST.get("allowed") == "1"
    return _seat_action(
        request,
        code,
        lambda room: seating.set_watching(room=room, user=request.user, allowed=allowed),
    )


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
    except ServiceError as exc:
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
    return _seat_action(
        request,
        code,
        lambda room: take_seat(
            room=room,
            user=request.user,
            index=index if index >= 0 else None,
            origin=origin_of(request),
        ),
    )


@login_required
@require_POST
def leave(request, code):
    return _seat_action(request, code, lambda room: leave_seat(room=room, user=request.user))


@login_required
@require_POST
def add_bot(request, code):
    index, level = _seat_index(request), request.POST.get("level", "")
    return _seat_action(
        request,
        code,
        lambda room: seating.add_bot(room=room, user=request.user, index=index, level=level),
    )


@login_required
@require_POST
def fill_bots(request, code):
    """Every empty seat gets a computer player of the chosen level, in one click. Posted
    plainly it comes back to the table. Posted by htmx it answers the error line only
    (empty when it worked): the table itself comes over the socket, as after every
    other change, so the page and what its socket believes it shows stay the same."""
    level = request.POST.get("level", "")

    def fill(room):
        fill_empty_seats(room=room, user=request.user, level=level)

    if not request.htmx:
        return _seat_action(request, code, fill)
    refusal = _run_seat_action(get_object_or_404(Room, code=code), fill)
    return HttpResponse(render_to_string("games/table/_error_line.html", {"message": refusal}))


@login_required
@require_POST
def remove_bot(request, code):
    index = _seat_index(request)
    return _seat_action(
        request, code, lambda room: seating.remove_bot(room=room, user=request.user, index=index)
    )


@login_required
@require_POST
def free_seat(request, code):
    index = _seat_index(request)
    return _seat_action(
        request, code, lambda room: seating.free_seat(room=room, user=request.user, index=index)
    )


@login_required
@require_POST
def ready(request, code):
    return _seat_action(request, code, lambda room: set_ready(room=room, user=request.user))
