"""Pages of the settlement history: my rounds, one round (ledger, hands, replay, JSON),
a room's scoreboard. A user's history is their own; a finished round's page and the
room's scoreboard are for its players and for whoever may watch the room
(games.rooms.audience); anyone else gets 404."""

from datetime import date

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from games.history import my_rounds as history
from games.history import ranking
from games.history.replay_frames import clamp_step, frame, render_frame
from games.history.round_review import person_reviews
from games.models import Room
from games.play import matches
from games.rooms import audience
from games.rules.exchange import DIRECTIONS_AT
from games.rules.round import Round as EngineRound
from games.rules.tiles import full_set, parse_tiles, tile_str
from games.words import labels
from games.words.settlement_sentences import settlement_words


def _date(value: str | None, problems: list, label) -> date | None:
    """A filter's date, or None; a date that cannot be read is said, not dropped."""
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        problems.append(
            _("%(field)s is not a date (year-month-day): %(value)s")
            % {"field": label, "value": value[:40]}
        )
        return None


@login_required
@require_GET
def my_rounds(request):
    problems: list = []
    result = request.GET.get("result") or None
    if result not in (None, "won", "lost"):
        problems.append(_("Unknown result filter: %(value)s") % {"value": result[:40]})
        result = None
    filters = {
        "room_code": request.GET.get("room", "").strip() or None,
        "date_from": _date(request.GET.get("from"), problems, _("From")),
        "date_to": _date(request.GET.get("to"), problems, _("To")),
        "result": result,
    }
    if filters["date_from"] and filters["date_to"] and filters["date_from"] > filters["date_to"]:
        problems.append(_("The first date comes after the last."))
    rows = history.my_rounds(user=request.user, **filters)
    page = Paginator(rows, settings.HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    items = []
    for row in page.object_list:
        names = history.seat_names(row.round)
        items.append(
            {
                "row": row,
                "wind": labels.SEAT_WINDS[row.seat],
                "dealer": names.get(row.round.dealer, ""),
                "outcome": history.outcome(row.round.state, row.seat, names),
            }
        )
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "games/history.html",
        {
            "page": page,
            "items": items,
            "filters": request.GET,
            "query": query.urlencode(),
            "problems": problems,
        },
    )


@login_required
@require_GET
def round_detail(request, round_id: int):
    rnd = history.round_for(round_id=round_id, user=request.user)
    names = history.seat_names(rnd)
    # The stored state is the final table (verify_rounds and the tests check that the log
    # replays to it).
    final = EngineRound.from_json(rnd.state)
    hands = [
        {
            "wind": labels.SEAT_WINDS[seat],
            "name": names[seat],
            "net": net,
            "hand": [tile_str(t) for t in final.hand_tiles(seat)],
            "melds": [[m.kind, tile_str(m.tile)] for m in final.melds[seat]],
        }
        for seat, net in enumerate(history.nets(rnd))
    ]
    wins = [
        dict(
            w,
            name=names[w["seat"]],
            how_label=labels.HOW.get(w["how"], w["how"]),
            from_name=names.get(w["from"]),
            patterns_text=labels.describe_patterns(w["patterns"]),
            worth=labels.win_worth(w),
        )
        for w in rnd.state["winners"]
    ]
    standings = sorted(hands, key=lambda h: -h["net"])
    context = {
        "share_title": _("Round %(number)s in %(room)s")
        % {"number": rnd.number, "room": rnd.room.name},
        "share_text": pgettext("between the words of a list", ", ").join(
            f"{h['wind']} {h['name']} {h['net']:+d}" for h in standings
        ),
        "rnd": rnd,
        "hands": hands,
        "wins": wins,
        "exchange": _exchange(final, names),
        # What the verification note says of the deal: the wall's tiles, the directions.
        "wall_size": len(full_set(final.options.suits)),
        "exchange_choices": ", ".join(f'"{d}"' for d in DIRECTIONS_AT[final.seats]),
        # Every payment of the stored ledger with its arithmetic (the engine's ledger:
        # verify_rounds checks that the ledger rows are the same).
        "words": settlement_words(rnd.state, names),
        "reviews": person_reviews(rnd, names),
        # The replay opens at the deal, or at the step a link without JavaScript asked for.
        "replay": frame(rnd, clamp_step(request.GET.get("step"), rnd.version)),
    }
    return render(request, "games/round.html", context)


@login_required
@require_GET
def round_replay(request, round_id: int, step: int):
    """One step's frame, for static/js/replay.js to swap in."""
    rnd = history.round_for(round_id=round_id, user=request.user)
    return HttpResponse(render_frame(frame(rnd, step)))


@login_required
@require_GET
def round_export(request, round_id: int):
    rnd = history.round_for(round_id=round_id, user=request.user)
    response = JsonResponse(
        history.export(rnd), json_dumps_params={"ensure_ascii": False, "indent": 1}
    )
    filename = f"xuezhan-{rnd.room.code}-{rnd.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def room_scores(request, code: str):
    room = get_object_or_404(Room, code=code)
    if not audience.may_see_results(room, request.user):
        raise Http404  # for the people who played in it or may watch it (games.rooms.audience)
    series, numbers = history.room_scoreboard(room=room)
    chart = history.line_chart([s.points for s in series]) if numbers else None
    legend = [
        {"name": s.name, "total": s.total, "colour": line["colour"]}
        for s, line in zip(series, chart["lines"] if chart else [], strict=False)
    ]
    standings = matches.final_standings(room)  # a match of N rounds, once it is over
    return render(
        request,
        "games/scores.html",
        {
            "room": room,
            "series": series,
            "numbers": numbers,
            "chart": chart,
            "legend": legend,
            "standings": matches.rows(standings, user_id=request.user.pk) if standings else None,
            "match_rounds": matches.match_length(room.options),
        },
    )


def _exchange(final: EngineRound, names: dict[int, str]) -> dict | None:
    """换三张 of a finished round (nothing is secret any more): the direction, and what
    each seat gave and got. None for a round without it."""
    if final.exchange_direction is None:
        return None
    seats = []
    for seat in range(len(names)):
        mine = final.exchange_of(seat)
        seats.append(
            {
                "wind": labels.SEAT_WINDS[seat],
                "name": names[seat],
                "gave": _codes(mine["picked"]),
                "got": _codes(mine["received"]),
            }
        )
    direction = labels.exchange_shown(final.exchange_direction, final.seats)
    return {"direction": labels.EXCHANGE_DIRECTIONS[direction], "seats": seats}


def _codes(text: str | None) -> list[str]:
    return [tile_str(t) for t in parse_tiles(text)] if text else []


def ranking_page(request):
    players = ranking.table_size(request.GET.get("players"))
    return render(
        request,
        "games/ranking.html",
        {
            "players": players,
            "sizes": [(size, labels.TABLE_SIZE_NAMES[size]) for size in ranking.TABLE_SIZES],
            "weekly": ranking.weekly(players=players),
            "all_time": ranking.all_time(players),
            "weekly_min": ranking.WEEKLY_MIN_ROUNDS,
            "all_time_min": ranking.ALL_TIME_MIN_ROUNDS,
            "weekly_days": ranking.WEEK.days,
        },
    )
