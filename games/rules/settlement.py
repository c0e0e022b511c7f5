"""End of the round when the wall runs out (RULES.md section 9): 查花猪, 查叫, 退税, and the
optional 补差价 among ready players. Pure functions over the players' hands: they return
the payments as (payer, payee, amount, reason) rows and change nothing.
"""

from dataclasses import dataclass, field

from games.rules.hands import Meld, held_copies
from games.rules.options import RoomOptions
from games.rules.scoring import Score, best_ready_win
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS


@dataclass(frozen=True, slots=True)
class Standing:
    """One active player's hand at the end: concealed counts, melds and void suit.

    ``gangfan``: the 杠番 a win of theirs would add (血流成河 with kongs as fan), so that
    查叫 pays what their best wait would (RULES.md section 13).
    """

    seat: int
    counts: list[int]
    melds: list[Meld]
    void: int | None
    gangfan: int = 0


def is_pig(standing: Standing) -> bool:
    """花猪: hand and melds still hold all three suits."""
    held = held_copies(standing.counts, standing.melds)
    suits = {t // RANKS for t in range(TILE_KINDS) if held[t]}
    return len(suits) == SUIT_COUNT


@dataclass(frozen=True, slots=True)
class Readiness:
    """A ready player's waits and the wait that scores most as a plain discard win."""

    waits: list[int]
    tile: int
    score: Score


def readiness(standing: Standing, options: RoomOptions) -> Readiness | None:
    """What 查叫 knows of a player: None when not ready."""
    waits, tile, score = best_ready_win(
        list(standing.counts), standing.melds, standing.void, options, standing.gangfan
    )
    return None if score is None else Readiness(waits, tile, score)


@dataclass(frozen=True, slots=True)
class Settlement:
    pigs: list[int]
    ready: dict[int, int]  # seat -> best fan, for the active non-pig ready players
    not_ready: list[int]  # active players who are not ready, pigs included
    payments: list[tuple[int, int, int, str]]
    # What explains the payments: each ready player's waits and best wait (seat ->
    # Readiness), and for each kong_refund payment in order, the position in
    # ``kong_income`` of the kong payment it gives back.
    readiness: dict[int, Readiness] = field(default_factory=dict)
    refunded: list[int] = field(default_factory=list)


def settle_wall_empty(
    standings: list[Standing],
    all_seats: list[int],
    kong_income: list[tuple[int, int, int]],
    options: RoomOptions,
    won: list[Standing] | None = None,
) -> Settlement:
    """Payments when two or more players are still active as the wall runs out.

    ``kong_income``: every kong payment (payer, payee, amount) received by a player and
    not passed on by 呼叫转移, in the order they were paid.

    ``won`` (血流成河, RULES.md section 13): the players who have won and play on with
    locked hands. The checks apply to ``standings``, the players who never won; a
    player who has won counts as ready (their locked 13 tiles wait on the tile they won
    with), so a not-ready player pays them 查叫 by their best wait. They are not checked
    for a pig, give nothing back, and take no part in 补差价, which stays among the
    players who never won.

    Seed 002 has a 血流 pig pay "手中牌可能和的最大翻倍的5倍"; RULES.md section 13 does
    not take it up, so a pig pays ``pig_fan`` as in 血战.
    """
    base = options.base
    # Two suits (两房): nobody chose a void, so there is no 花猪 to check (section 14).
    pigs = [s.seat for s in standings if is_pig(s)] if options.has_voids else []
    found = _ready_players(won or [], options)
    won_seats = set(found)
    found |= _ready_players([s for s in standings if s.seat not in pigs], options)
    ready = {seat: state.score.fan for seat, state in found.items()}
    not_ready = [s.seat for s in standings if s.seat not in ready]

    pig_points = base * 2**options.effective_pig_fan
    payments = [
        (pig, other, pig_points, "pig")
        for pig in pigs
        for other in all_seats
        if other != pig and other not in pigs
    ]
    payments += [
        (seat, winner, base * 2**fan, "not_ready")
        for seat in not_ready
        if seat not in pigs
        for winner, fan in ready.items()
    ]
    refunds, refunded = _kong_refunds(not_ready, kong_income)
    payments += refunds
    if options.ready_difference:
        payments += _ready_differences(
            {seat: fan for seat, fan in ready.items() if seat not in won_seats}, base
        )
    return Settlement(
        pigs=pigs,
        ready=ready,
        not_ready=not_ready,
        payments=payments,
        readiness=found,
        refunded=refunded,
    )


def _ready_players(standings: list[Standing], options: RoomOptions) -> dict[int, Readiness]:
    """seat -> the readiness of each player in ``standings`` who is ready, in their order."""
    found = {}
    for standing in standings:
        state = readiness(standing, options)
        if state is not None:
            found[standing.seat] = state
    return found


def _kong_refunds(not_ready: list[int], kong_income: list[tuple[int, int, int]]):
    """退税: each not-ready player gives back every kong payment they received; the
    payments, and the position in ``kong_income`` of each one given back."""
    refunds, refunded = [], []
    for seat in not_ready:
        for position, (payer, payee, amount) in enumerate(kong_income):
            if payee == seat:
                refunds.append((seat, payer, amount, "kong_refund"))
                refunded.append(position)
    return refunds, refunded


def _ready_differences(ready: dict[int, int], base: int) -> list[tuple[int, int, int, str]]:
    """补差价: between two ready players, the smaller wait pays the difference."""
    payments = []
    seats = sorted(ready)
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            worth_a, worth_b = base * 2 ** ready[a], base * 2 ** ready[b]
            if worth_a < worth_b:
                payments.append((a, b, worth_b - worth_a, "ready_difference"))
            elif worth_b < worth_a:
                payments.append((b, a, worth_a - worth_b, "ready_difference"))
    return payments
