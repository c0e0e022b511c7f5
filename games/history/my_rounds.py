"""Read-side queries for the settlement history: a player's rounds, one round's story,
a room's scoreboard and a player's statistics. Everything is summed from the ledger and
the rounds' final states, never from stored totals."""

from dataclasses import dataclass, field
from datetime import date, datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F, IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext as _

from games.models import LedgerEntry, Room, Round, RoundPlayer
from games.rooms import audience
from games.words import labels


def seat_total(direction: str):
    """Sum of the ledger for the RoundPlayer's seat in its round (received or paid)."""
    column = "payee_seat" if direction == "in" else "payer_seat"
    entries = (
        LedgerEntry.objects.filter(round=OuterRef("round"), **{column: OuterRef("seat")})
        .order_by()
        .values("round")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return Coalesce(Subquery(entries, output_field=IntegerField()), Value(0))


def my_rounds(
    *,
    user: AbstractBaseUser,
    room_code: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    result: str | None = None,
) -> QuerySet:
    """The finished rounds ``user`` played, newest first, each with the user's ``net``."""
    rows = (
        RoundPlayer.objects.filter(user=user, round__status=Round.Status.ENDED)
        .select_related("round__room")
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .annotate(net=F("received") - F("paid"))
        .order_by("-round__ended_at", "-round__pk")
    )
    if room_code:
        rows = rows.filter(round__room__code=room_code.upper())
    if date_from:
        rows = rows.filter(round__ended_at__date__gte=date_from)
    if date_to:
        rows = rows.filter(round__ended_at__date__lte=date_to)
    if result == "won":
        rows = rows.filter(net__gt=0)
    elif result == "lost":
        rows = rows.filter(net__lt=0)
    return rows


def seat_names(rnd: Round) -> dict[int, str]:
    names = {}
    for player in rnd.players.select_related("user"):
        if player.user_id:
            names[player.seat] = labels.person_name(player.user.username)
        elif player.bot_level:
            names[player.seat] = labels.bot_name(player.seat, player.bot_level)
        else:
            names[player.seat] = str(labels.SEAT_WINDS[player.seat])
    return names


def outcome(state: dict, seat: int, names: dict[int, str]) -> str:
    """How the round ended for one seat, in words: in 血流成河 each of its wins."""
    wins = [win for win in state["winners"] if win["seat"] == seat]
    if len(wins) > 1:
        return _("Won %(count)d times: %(wins)s") % {
            "count": len(wins),
            "wins": "; ".join(_one_win(win, names) for win in wins),
        }
    if wins:
        return _one_win(wins[0], names)
    return _not_won(state, seat)


def _one_win(win: dict, names: dict[int, str]) -> str:
    """One win in words: how, the patterns, the fan (a plain win: its points, never
    "0 fan")."""
    hand = labels.hand_worth(win["patterns"], win["fan"], win.get("points"))
    if win["how"] == "zimo":
        return _("Won self-drawn: %(hand)s") % {"hand": hand}
    if win["how"] == "rob_kong":
        return _("Won robbing %(name)s's kong: %(hand)s") % {
            "name": names.get(win["from"], "?"),
            "hand": hand,
        }
    return _("Won on %(name)s's discard: %(hand)s") % {
        "name": names.get(win["from"], "?"),
        "hand": hand,
    }


def _not_won(state: dict, seat: int) -> str:
    settlement = state.get("settlement") or {}
    if seat in settlement.get("pigs", []):
        return _("Flower pig (查花猪)")
    if str(seat) in settlement.get("ready", {}):
        return _("Still in at the end, ready (听牌)")
    if seat in settlement.get("not_ready", []):
        return _("Still in at the end, not ready")
    return _("Last one in (no win)")


def round_for(*, round_id: int, user: AbstractBaseUser) -> Round:
    """A finished round, for the players who sat at it and for whoever may watch its
    room (games.rooms.audience); 404 for anyone else (and while it is played: its seed and
    draws are still secret)."""
    if not user.is_authenticated:
        raise Http404
    rnd = (
        Round.objects.select_related("room").filter(pk=round_id, status=Round.Status.ENDED).first()
    )
    if rnd is None or not audience.may_see_round(rnd, user):
        raise Http404
    return rnd


def nets(rnd: Round) -> list[int]:
    totals = [0] * rnd.room.players  # one per seat of the table (RULES.md section 14)
    for entry in rnd.ledger.all():
        totals[entry.payer_seat] -= entry.amount
        totals[entry.payee_seat] += entry.amount
    return totals


def export(rnd: Round) -> dict:
    """Everything needed to check the round: seed, options, every event, every payment."""
    names = seat_names(rnd)
    return {
        "room": rnd.room.code,
        "round": rnd.number,
        "dealer": rnd.dealer,
        "seed": rnd.seed_revealed,  # None while the room's deal is sealed
        "seed_sha256": rnd.seed_hash,
        "shuffle": rnd.shuffle,
        "options": rnd.events.get(kind="round_started").data.get("options", rnd.room.options),
        "players": [{"seat": seat, "name": names[seat]} for seat in sorted(names)],
        "events": [
            {
                "number": e.number,
                "version": e.version,
                "kind": e.kind,
                "seat": e.seat,
                "data": e.data,
            }
            for e in rnd.events.order_by("number")
        ],
        "payments": payments(rnd),
        "nets": nets(rnd),
        "winners": rnd.state["winners"],
        "started_at": rnd.started_at.isoformat(),
        "ended_at": rnd.ended_at.isoformat() if rnd.ended_at else None,
    }


def payments(rnd: Round) -> list[dict]:
    """The stored ledger rows for the export; a 承包 entry also says whose shares it pays
    (``covers``, from the engine's ledger, which verify_rounds keeps equal to the rows)."""
    engine_ledger = rnd.state.get("ledger") or []
    found = []
    for index, e in enumerate(rnd.ledger.order_by("id")):
        row = {"payer": e.payer_seat, "payee": e.payee_seat, "amount": e.amount, "reason": e.reason}
        if index < len(engine_ledger) and "covers" in engine_ledger[index]:
            row["covers"] = engine_ledger[index]["covers"]
        found.append(row)
    return found


# --- scoreboards and statistics ------------------------------------------------------------


@dataclass
class Series:
    name: str
    points: list[int]  # running total after each round

    @property
    def total(self) -> int:
        return self.points[-1] if self.points else 0


def room_scoreboard(*, room) -> tuple[list[Series], list[int]]:
    """Each player's running total over the room's finished rounds (a person by account
    name, a computer player by its seat), and the round numbers."""
    rounds = list(room.rounds.filter(status=Round.Status.ENDED).order_by("number"))
    played = [({name: seat for seat, name in seat_names(r).items()}, nets(r)) for r in rounds]
    everyone = list(dict.fromkeys(name for seats, _ in played for name in seats))
    result = []
    for name in everyone:
        running, points = 0, []
        for seats, round_nets in played:
            if name in seats:
                running += round_nets[seats[name]]
            points.append(running)
        result.append(Series(name, points))
    result.sort(key=lambda line: -line.total)
    return result, [r.number for r in rounds]


@dataclass
class Stats:
    rounds: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0  # discards (or kongs) that others won on
    pigs: int = 0
    average_fan: float | None = None
    biggest: dict | None = None  # the win with the most fan: fan, patterns, round
    net: int = 0
    running: list[tuple[datetime, int]] = field(default_factory=list)


TABLE_SIZES = (4, 3, 2)  # RULES.md section 14: counted apart, one ranking and statistics each


def at_tables_for(seats, players: int):
    """The RoundPlayer rows (``seats``) of rooms for ``players``. A room's options say how
    many play only when it is not four (games.rules.options.LATER_DEFAULTS): four is
    every room that does not say three or two."""
    smaller = [size for size in TABLE_SIZES if size != 4]
    if players == 4:
        return seats.exclude(round__room__in=Room.objects.filter(options__players__in=smaller))
    return seats.filter(round__room__in=Room.objects.filter(options__players=players))


def player_stats(*, user: AbstractBaseUser, players: int = 4) -> Stats:
    """``user``'s statistics over the finished rounds they played at tables for
    ``players`` (points won at a table for two are not points won at four)."""
    stats = Stats()
    fans = []
    total = 0
    rows = (
        at_tables_for(
            RoundPlayer.objects.filter(user=user, round__status=Round.Status.ENDED), players
        )
        .select_related("round__room")
        .annotate(received=seat_total("in"), paid=seat_total("out"))
        .order_by("round__ended_at", "round__pk")
    )
    for row in rows:
        rnd, seat, state = row.round, row.seat, row.round.state
        stats.rounds += 1
        total += row.received - row.paid
        stats.running.append((rnd.ended_at, total))
        claims_won_on_me = set()
        for win in state["winners"]:
            if win["seat"] == seat:
                stats.wins += 1
                stats.self_drawn += win["how"] == "zimo"
                fans.append(win["fan"])
                if stats.biggest is None or win["fan"] > stats.biggest["fan"]:
                    stats.biggest = {
                        "fan": win["fan"],
                        "patterns": labels.describe_patterns(win["patterns"]),
                        "round": rnd,
                    }
            elif win["from"] == seat:
                claims_won_on_me.add(win.get("claim"))
        stats.dealt_in += len(claims_won_on_me)
        stats.pigs += seat in (state.get("settlement") or {}).get("pigs", [])
    stats.net = total
    stats.average_fan = round(sum(fans) / len(fans), 2) if fans else None
    return stats


# --- charts ---------------------------------------------------------------------------------

CHART_COLOURS = ["#1f5f3f", "#b8322a", "#2a5db8", "#c08a1a", "#6b3fa0", "#2a9aa0"]


def line_chart(series: list[list[int]], width: int = 600, height: int = 220) -> dict:
    """Polyline points for running totals, scaled into a width × height box (the zero
    line included), for a server-rendered SVG: no chart library, no CDN."""
    pad = 24
    values = [v for line in series for v in line] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1
    steps = max((max((len(line) for line in series), default=1) - 1), 1)

    def x(i: int) -> float:
        return round(pad + i * (width - 2 * pad) / steps, 1)

    def y(v: int) -> float:
        return round(height - pad - (v - low) * (height - 2 * pad) / span, 1)

    lines = [
        {
            "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(line)),
            "colour": CHART_COLOURS[n % len(CHART_COLOURS)],
        }
        for n, line in enumerate(series)
    ]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "zero": y(0),
        "low": low,
        "high": high,
        "pad": pad,
    }
