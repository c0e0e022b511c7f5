"""Matches of a fixed number of rounds (RULES.md section 13, room option ``rounds``, 局数).

A room created for N rounds deals no round after its N-th (``no_more_rounds``; the rules
service refuses to start one). Once the N-th round has ended, the match's final
standings show at the table and on the room's scoreboard. They are summed from the
ledger and read from the rounds' final states each time they are worked out, never
from a stored total:

- total: what the player received minus what they paid, over the match's rounds;
- rank: by total, highest first; equal totals share a rank and the next rank skips it
  (totals 10, 5, 5, -20 rank 1, 2, 2, 4);
- biggest hand: the player's win with the most fan (番); between equal fan the one that
  was worth more points (what each payer paid for it), then the earlier round;
- wins: how many times the player won (in 血战 at most once a round);
- 点炮: the discards (or added kongs robbed) that others won on; one discard that two
  players won on (一炮多响) counts once, as in the profile's statistics.

A person is the same player whichever seat they take in each round; a computer player
is its seat and level, as its name says ("电脑 南（强）").
"""

from dataclasses import dataclass, replace
from functools import lru_cache

from django.utils.translation import gettext as _

from games.models import LedgerEntry, Room, Round, RoundPlayer
from games.words import labels


def match_length(options: dict | None) -> int | None:
    """The room's number of rounds, None when it plays on without end. (The options
    were validated when the room was created: ``rounds`` is a whole number or absent.)"""
    value = (options or {}).get("rounds")
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def is_final_round(options: dict | None, number: int) -> bool:
    length = match_length(options)
    return length is not None and number >= length


def no_more_rounds(room: Room) -> bool:
    """The match has dealt its last round: no round may start after it."""
    length = match_length(room.options)
    return length is not None and room.rounds.filter(number__gte=length).exists()


# --- the final standings -----------------------------------------------------------------


@dataclass(frozen=True)
class Biggest:
    fan: int
    points: int  # what each payer paid for the win
    patterns: tuple  # (pattern key, count) pairs, as the engine recorded them
    round: int


@dataclass(frozen=True)
class Standing:
    # ("user", user id, user name), ("bot", seat, level), or ("seat", seat) for a
    # person whose account is gone.
    player: tuple
    total: int = 0
    rank: int = 0
    wins: int = 0
    dealt_in: int = 0
    biggest: Biggest | None = None


def competition_ranks(totals: list[int]) -> list[int]:
    """Each total's rank, highest first; equal totals share a rank and the ranks after
    them skip as many places (10, 5, 5, -20 → 1, 2, 2, 4)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def final_standings(room: Room) -> tuple[Standing, ...] | None:
    """The standings of the room's match once its last round has ended; None before,
    and for an open-ended room."""
    length = match_length(room.options)
    if length is None:
        return None
    last = (
        room.rounds.filter(number=length, status=Round.Status.ENDED)
        .values_list("pk", flat=True)
        .first()
    )
    if last is None:
        return None
    return standings_after(room.pk, last, length)


@lru_cache(maxsize=256)
def standings_after(room_id: int, final_round_id: int, length: int) -> tuple[Standing, ...]:
    """The standings of a finished match (``final_round_id``: its last round, ended).
    Nothing of a finished match changes again, so each process works them out once;
    three queries: the rounds, their players, their ledger."""
    rounds = list(
        Round.objects.filter(
            room_id=room_id, number__lte=length, status=Round.Status.ENDED
        ).order_by("number")
    )
    seating: dict[int, dict[int, tuple]] = {r.pk: {} for r in rounds}
    for rp in RoundPlayer.objects.filter(round__in=rounds).select_related("user"):
        seating[rp.round_id][rp.seat] = _player(rp)
    ledger = LedgerEntry.objects.filter(round__in=rounds).values_list(
        "round_id", "payer_seat", "payee_seat", "amount"
    )
    return tally(rounds, seating, ledger)


def _player(rp: RoundPlayer) -> tuple:
    if rp.user_id:
        return ("user", rp.user_id, rp.user.username)
    if rp.bot_level:
        return ("bot", rp.seat, rp.bot_level)
    return ("seat", rp.seat)


def tally(
    rounds: list[Round], seating: dict[int, dict[int, tuple]], ledger
) -> tuple[Standing, ...]:
    """The standings from the rounds (with their final states), who sat where in each,
    and their ledger rows (round id, payer seat, payee seat, amount)."""
    found: dict[tuple, Standing] = {}

    def add(player: tuple, **changes) -> None:
        line = found.setdefault(player, Standing(player=player))
        found[player] = replace(line, **{k: getattr(line, k) + v for k, v in changes.items()})

    for rnd in rounds:  # everyone who sat in the match, in the order they first did
        for seat in sorted(seating[rnd.pk]):
            found.setdefault(seating[rnd.pk][seat], Standing(player=seating[rnd.pk][seat]))
    for round_id, payer, payee, amount in ledger:
        add(seating[round_id][payer], total=-amount)
        add(seating[round_id][payee], total=amount)
    for rnd in rounds:
        players = seating[rnd.pk]
        fed = {}  # claim → the seat whose discard (or kong) it was
        for win in rnd.state["winners"]:
            winner = players[win["seat"]]
            add(winner, wins=1)
            candidate = Biggest(
                fan=win["fan"],
                points=win["points"],
                patterns=tuple(sorted(win["patterns"].items())),
                round=rnd.number,
            )
            best = found[winner].biggest
            if best is None or (candidate.fan, candidate.points) > (best.fan, best.points):
                found[winner] = replace(found[winner], biggest=candidate)
            if win["how"] != "zimo" and win.get("from") is not None:
                fed[win.get("claim")] = win["from"]
        for seat in fed.values():
            add(players[seat], dealt_in=1)
    lines = sorted(found.values(), key=lambda line: -line.total)  # stable: first seen first
    ranks = competition_ranks([line.total for line in lines])
    return tuple(replace(line, rank=rank) for line, rank in zip(lines, ranks, strict=True))


def forget_cached() -> None:
    """Tests reuse row ids; a site never does."""
    standings_after.cache_clear()


# --- in words ------------------------------------------------------------------------------


def player_name(player: tuple) -> str:
    """A player of the standings by name, in the active language."""
    if player[0] == "user":
        return player[2]
    if player[0] == "bot":
        return labels.bot_name(player[1], player[2])
    return str(labels.SEAT_WINDS[player[1]])


def biggest_in_words(biggest: Biggest | None) -> str:
    if biggest is None:
        return ""
    worth = labels.win_worth({"fan": biggest.fan, "points": biggest.points})
    return _("%(patterns)s, %(worth)s (round %(round)d)") % {
        "patterns": labels.describe_patterns(dict(biggest.patterns)),
        "worth": worth,
        "round": biggest.round,
    }


def rows(standings: tuple[Standing, ...], *, user_id: int | None = None) -> tuple:
    """The standings as the page's table shows them, in plain values: rank, name, total,
    wins, 点炮, biggest hand, and whether the line is the viewer's."""
    return tuple(
        (
            line.rank,
            player_name(line.player),
            line.total,
            line.wins,
            line.dealt_in,
            biggest_in_words(line.biggest),
            user_id is not None and line.player[:2] == ("user", user_id),
        )
        for line in standings
    )
