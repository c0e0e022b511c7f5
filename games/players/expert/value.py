"""What a hand is worth: the points its waits score, and a rough chance to win them.

All figures are expectations in points (base × 2^fan), so that they can be weighed
against the danger of a discard (``defence.danger``).
"""

import math

from games.players.expert.plan import suit_sizes
from games.players.expert.triplets import triplet_shanten
from games.rules.hands import Meld, waits
from games.rules.round import Round
from games.rules.scoring import WinContext, score_win
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS

# Chance a 清一色 still comes when this many tiles outside the main suit remain.
FLUSH_CHANCE = (1.0, 0.55, 0.25, 0.08)
FLUSH_MIN_MAIN = 8  # tiles of the main suit (melds included) before it is worth aiming
FLUSH_FAN = 2
# 对对胡 is one fan; a hand as close to it as to any win counts half of that (it may
# still end as a plain win).
TRIPLETS_FAN = 0.5
# A wait's points are also collected from every other active player on a 自摸: on
# average a win at a table for four pays about this many times one payment. Kept at
# tables for three and two too: scaled to the payers there (1.2 at three, 1.0 at two) it
# measured level with this (bench_bots, 3,000 deals each against 高手 at 三人两房 and at
# 两人三房: −0.004 ± 0.009 and −0.007 ± 0.015 points per seat-round, 95% CIs).
PAYERS_FACTOR = 1.4


def flush_chance(counts: list[int], melds: list[Meld], void: int | None) -> float:
    """How likely the hand still becomes 清一色, from its tiles outside its main suit."""
    sizes = suit_sizes(counts, melds)
    kept = [s for s in range(SUIT_COUNT) if s != void]
    main = max(kept, key=lambda s: sizes[s])
    if sizes[main] < FLUSH_MIN_MAIN:
        return 0.0
    if any(m.tile // RANKS != main for m in melds):
        return 0.0
    outside = sum(sizes[s] for s in kept if s != main)
    return FLUSH_CHANCE[outside] if outside < len(FLUSH_CHANCE) else 0.0


def wait_points(state: Round, seat: int, rest: list[int], unseen: list[int]) -> tuple[int, float]:
    """For a ready 13-tile ``rest``: (live copies of its waits, sum over waits of live
    copies × points of a plain win on it)."""
    melds = state.melds[seat]
    void = state.voids[seat]
    live, worth = 0, 0.0
    for t in waits(rest, melds, void):
        if unseen[t] <= 0:
            continue
        rest[t] += 1
        score = score_win(rest, melds, void, WinContext("ron"), state.options)
        rest[t] -= 1
        if score is not None:
            live += unseen[t]
            worth += unseen[t] * score.points
    return live, worth


def ready_chance(shanten: int, ukeire: int, unseen_total: int, turns_left: float) -> float:
    """A rough chance to be ready before the wall runs out: each step to ready takes
    about 1.5 × unseen / ukeire draws (ukeire shrinks as the hand firms up). Smooth, so
    that a wider hand always counts for more, even when time looks short."""
    if shanten <= 0:
        return 1.0
    if unseen_total <= 0 or turns_left <= 0 or ukeire <= 0:
        return 0.0
    steps = 1.5 * shanten * unseen_total / ukeire
    return math.exp(-steps / turns_left)


def win_chance(
    shanten: int, ukeire: int, unseen_total: int, turns_left: float, opponents: int
) -> float:
    """A rough chance to win before the wall runs out. Once ready, each turn the seat
    sees its own draw and the others' discards; a not-yet-ready hand first has to get
    ready, then waits on about five live tiles."""
    if unseen_total <= 0 or turns_left <= 0 or ukeire <= 0:
        return 0.0
    exposures = 1.0 + 0.5 * opponents  # own draw, plus discards it may win on
    if shanten <= 0:
        live = ukeire
        left = turns_left
        ready = 1.0
    else:
        live = 5
        steps = 1.5 * shanten * unseen_total / ukeire
        left = max(turns_left - steps, 0.25 * turns_left)
        ready = ready_chance(shanten, ukeire, unseen_total, turns_left)
    miss = (1.0 - min(live / unseen_total, 1.0)) ** (left * exposures)
    return ready * (1.0 - miss)


def hand_points(state: Round, seat: int, rest: list[int], shanten: int | None = None) -> float:
    """Expected points of a not-yet-ready hand's win: plain, raised by its 清一色 chance,
    the 根 and kongs it holds and, given the hand's ``shanten``, by 对对胡 when that is
    no farther away."""
    base = state.options.base
    melds = state.melds[seat]
    void = state.voids[seat]
    chance = flush_chance(rest, melds, void)
    fan = FLUSH_FAN * chance
    fan += sum(1 for t in range(TILE_KINDS) if rest[t] == 4) * 0.5  # 根 kept in hand
    fan += 0.5 * sum(1 for m in melds if m.is_kong)
    if shanten is not None and triplet_shanten(rest, len(melds), void) <= shanten:
        fan += TRIPLETS_FAN
    cap = state.options.cap
    if cap is not None:
        fan = min(fan, cap)
    return base * 2**fan
