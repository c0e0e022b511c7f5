"""Danger of a discard: the chance it deals into an opponent (点炮) times what it costs.

Uses only public information: each opponent's discards, melds, void suit, whether they
already won (血流成河: a winner stays ready), the wall's length, and the copies of each
tile this seat can see.
"""

from games.players import bots
from games.rules.round import Round
from games.rules.tiles import RANKS, SUIT_COUNT, TILE_KINDS, suits_in_play

# An opponent's chance to be ready grows with the discards they made (a rough fit of
# how fast bot hands get ready: few are ready before their 6th discard, most by the 14th).
READY_BY_DISCARDS = (
    0.0,
    0.0,
    0.01,
    0.03,
    0.06,
    0.1,
    0.15,
    0.21,
    0.28,
    0.35,
    0.42,
    0.49,
    0.55,
    0.61,
    0.66,
    0.7,
    0.74,
    0.77,
    0.8,
)
READY_PER_MELD = 0.12
READY_CAP = 0.92
# A tile the opponent threw themselves is rarely their wait (no furiten in Sichuan, but
# a player who wanted it would have kept it).
OWN_DISCARD_FACTOR = 0.25
# A tile someone threw after the opponent's own last discard, which the opponent let pass
# with its hand as it is now: it is not their wait (a player may pass up a win, hence not 0).
PASSED_FACTOR = 0.05
# Two-sided waits whose other end the opponent threw (筋, suji) are rarer.
SUJI_FACTOR = 0.4
# Relative weights of the wait shapes that take one tile.
PAIR_WAIT = 1.2  # 对倒 (shanpon): one of two pairs completes
SINGLE_WAIT = 0.35  # 单钓
SIDED_WAIT = 1.0  # 两面
CLOSED_WAIT = 0.5  # 嵌张 / 边张
# Typical number of distinct tiles a ready hand waits on.
WAIT_WIDTH = 1.6


def ready_chance(state: Round, opponent: int) -> float:
    """How likely ``opponent`` is ready now, from what everyone can see."""
    if state.out[opponent]:
        return 0.0
    if state.locked(opponent):
        return 1.0  # 血流成河: a winner keeps its ready hand
    n = len(state.discards[opponent])
    chance = READY_BY_DISCARDS[min(n, len(READY_BY_DISCARDS) - 1)]
    chance += READY_PER_MELD * len(state.melds[opponent])
    if state.options.xueliu and any(w["seat"] == opponent for w in state.winners):
        chance = 1.0
    return min(chance, READY_CAP) if chance < 1.0 else 1.0


def opponent_void(state: Round, opponent: int, seat: int) -> int | None:
    return state.voids[opponent] if state.void_visible(opponent, seat) else None


def wait_weights(state: Round, seat: int, opponent: int, unseen: list[int]) -> list[float]:
    """For each tile, a weight proportional to how many wait shapes of ``opponent`` it
    would complete, counting only tiles ``seat`` has not seen. Void tiles weigh 0, and so
    do the tiles of a suit the wall does not hold (两房: no 万)."""
    void = opponent_void(state, opponent, seat)
    in_play = suits_in_play(state.options.suits)
    thrown = set(state.discards[opponent])
    passed = passed_since_last_discard(state, opponent)
    weights = [0.0] * TILE_KINDS
    for t in range(TILE_KINDS):
        suit, rank = divmod(t, RANKS)
        if suit == void or suit not in in_play:
            continue
        u = unseen[t]
        # pair waits need copies of t itself in the opponent's hand
        w = PAIR_WAIT * u * (u - 1) / 2 + SINGLE_WAIT * u
        base = suit * RANKS
        have = _suit_unseen(unseen, base)
        # two-sided runs: (r+1, r+2) waits on r and r+3; (r-2, r-1) on r and r-3
        if rank + 2 < RANKS:
            shape = have(rank + 1) * have(rank + 2)
            if rank + 3 < RANKS:
                w += SIDED_WAIT * shape * (SUJI_FACTOR if base + rank + 3 in thrown else 1.0)
            else:
                w += CLOSED_WAIT * shape  # 边张: 89 waits on 7 only
        if rank - 2 >= 0:
            shape = have(rank - 1) * have(rank - 2)
            if rank - 3 >= 0:
                w += SIDED_WAIT * shape * (SUJI_FACTOR if base + rank - 3 in thrown else 1.0)
            else:
                w += CLOSED_WAIT * shape  # 边张: 12 waits on 3 only
        w += CLOSED_WAIT * have(rank - 1) * have(rank + 1)  # 嵌张
        if t in passed:
            w *= PASSED_FACTOR
        elif t in thrown:
            w *= OWN_DISCARD_FACTOR
        weights[t] = w
    return weights


def passed_since_last_discard(state: Round, opponent: int) -> set[int]:
    """Tiles the others threw since ``opponent``'s last discard: offered to a hand that
    has not changed since, and not won on."""
    passed = set()
    for seat, tile in reversed(state.pool):
        if seat == opponent:
            break
        passed.add(tile)
    return passed


def _suit_unseen(unseen: list[int], base: int):
    """rank -> unseen copies of that rank in the suit starting at ``base`` (0 off the ends)."""
    row = unseen[base : base + RANKS]
    return lambda r: row[r] if 0 <= r < RANKS else 0


def deal_in_chances(state: Round, seat: int, unseen: list[int]) -> dict[int, list[float]]:
    """opponent -> for each tile, the chance that throwing it now deals into them: each
    other player at the table (four, three or two of them) still in."""
    chances = {}
    for opponent in range(state.seats):
        if opponent == seat or state.out[opponent]:
            continue
        ready = ready_chance(state, opponent)
        if ready <= 0:
            continue
        weights = wait_weights(state, seat, opponent, unseen)
        total = sum(weights)
        if total <= 0:
            chances[opponent] = [0.0] * TILE_KINDS
            continue
        scale = ready * WAIT_WIDTH / total
        chances[opponent] = [min(w * scale, ready) for w in weights]
    return chances


def deal_in_chance(
    state: Round, seat: int, unseen: list[int], per_opponent: dict[int, list[float]] | None = None
) -> list[float]:
    """For each tile, the chance that throwing it now deals into at least one opponent
    (from ``per_opponent``, the ``deal_in_chances`` already worked out, if given)."""
    if per_opponent is None:
        per_opponent = deal_in_chances(state, seat, unseen)
    safe = [1.0] * TILE_KINDS
    for chances in per_opponent.values():
        for t in range(TILE_KINDS):
            safe[t] *= 1.0 - chances[t]
    return [1.0 - s for s in safe]


def expected_fan(state: Round, seat: int, opponent: int) -> float:
    """A guess of the fan ``opponent`` would win with: more when every meld and few of
    the discards are of one suit (清一色 signs), or every meld is a pong (对对胡)."""
    fan = 0.6
    melds = state.melds[opponent]
    void = opponent_void(state, opponent, seat)
    suits = {m.tile // RANKS for m in melds}
    discards = state.discards[opponent]
    if len(discards) >= 6:
        kept = [s for s in suits_in_play(state.options.suits) if s != void]
        per_suit = {s: sum(1 for t in discards if t // RANKS == s) for s in kept}
        for s in kept:
            if suits <= {s} and per_suit[s] <= len(discards) // 6:
                fan += 1.5 if melds else 1.0  # all kept discards off one suit
                break
    if len(melds) >= 2:
        fan += 0.5  # pongs or kongs: 对对胡 and 根 come more often
    fan += 0.5 * sum(1 for m in melds if m.is_kong)
    return fan


def danger(
    state: Round, seat: int, unseen: list[int], per_opponent: dict[int, list[float]] | None = None
) -> list[float]:
    """For each tile, the expected points lost by throwing it now (from ``per_opponent``,
    the ``deal_in_chances`` already worked out, if given)."""
    if per_opponent is None:
        per_opponent = deal_in_chances(state, seat, unseen)
    base = state.options.base
    cap = state.options.cap
    total = [0.0] * TILE_KINDS
    for opponent, chances in per_opponent.items():
        fan = expected_fan(state, seat, opponent)
        if cap is not None:
            fan = min(fan, cap)
        cost = base * 2**fan
        for t in range(TILE_KINDS):
            total[t] += chances[t] * cost
    return total


def unseen_counts(visible: list[int], suits: int = SUIT_COUNT) -> list[int]:
    """Copies not seen of each tile; none of a suit the wall does not hold (``suits`` 2:
    no 万)."""
    return bots.unseen_counts(visible, suits)
