"""The expert's decisions. Each discard is weighed as expected points: the chance to win
with the hand left behind times what that win scores (``value``), minus the expected
cost of dealing in with the tile thrown (``defence``). Folding is not a separate mode:
when the hand is slow and an opponent looks ready, the safest tile simply scores best.
"""

import random

from games.rules import bots
from games.rules.bots import Shape
from games.rules.expert import defence, value
from games.rules.round import Action, Round
from games.rules.tiles import RANKS, SUIT_COUNT

# Candidates this much slower than the fastest discard are not considered. Measured
# against the strong level over 250 duplicate deals: a slack of 1 (chasing 清一色 at the
# cost of a step) lost 0.55 points per seat per round; 0 keeps the speed.
SHANTEN_SLACK = 0
# Being ready at the wall's end is worth 查叫 money: a small bonus for a ready hand.
READY_BONUS = 0.4
# How much a point lost to a deal-in weighs against a point won (0.4, 1.0 and 2.5 all
# measured within noise of each other against the strong level).
RISK_WEIGHT = 1.0
# The parts can be switched off one at a time, to measure what each adds.
PARTS = {"defence": True, "value": True, "void": True}


def expert_action(state: Round, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if state.phase == "void":
        if not PARTS["void"]:
            return ("void", bots._strong_void(state.hands[seat]))
        return ("void", choose_void(state.hands[seat]))
    verbs = {verb for verb, _ in legal}
    if "zimo" in verbs:
        return ("zimo", None)
    if "win" in verbs:
        return ("win", None)
    if state.phase == "rob":
        return ("pass", None)
    if state.phase == "claim":
        return _claim(state, seat, verbs)
    return _turn(state, seat, legal)


def choose_void(counts: list[int]) -> int:
    """Fewest tiles, like the strong level; but when two suits are within one tile of
    each other, void the one whose loss leaves the better hand (shanten first, then the
    清一色 chance of what stays)."""
    sizes = [bots._suit_size(counts, s) for s in range(SUIT_COUNT)]
    fewest = min(sizes)
    close = [s for s in range(SUIT_COUNT) if sizes[s] <= fewest + 1]

    def cost(suit: int) -> tuple:
        rest = list(counts)
        for t in range(suit * RANKS, (suit + 1) * RANKS):
            rest[t] = 0
        return (
            Shape(counts, 0, suit).shanten,
            -value.flush_chance(rest, [], suit),
            sizes[suit],
            suit,
        )

    return min(close, key=cost)


def _claim(state: Round, seat: int, verbs: set[str]) -> Action:
    action = bots._strong_claim(state, seat, verbs)
    if action[0] == "pong":
        # A pong in another suit ends a likely 清一色: keep the concealed hand instead.
        counts = state.hands[seat]
        melds = state.melds[seat]
        chance = value.flush_chance(counts, melds, state.voids[seat])
        main = _main_suit(counts, melds, state.voids[seat])
        if chance >= 0.5 and state.claim.tile // RANKS != main:
            return ("pass", None)
    return action


def _main_suit(counts: list[int], melds, void: int | None) -> int:
    sizes = [bots._suit_size(counts, s) for s in range(SUIT_COUNT)]
    for m in melds:
        sizes[m.tile // RANKS] += 3
    return max((s for s in range(SUIT_COUNT) if s != void), key=lambda s: sizes[s])


def _turn(state: Round, seat: int, legal: list[Action]) -> Action:
    if state.locked(seat):
        return next(action for action in legal if action[0] == "discard")
    counts = state.hands[seat]
    tile = best_discard(state, seat)
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    plan_shanten = Shape(bots._minus(counts, tile, 1), n_melds, void).shanten
    for verb, kong_tile in legal:
        if verb == "concealed_kong":
            after = bots._minus(counts, kong_tile, 4)
            if Shape(after, n_melds + 1, void).shanten <= plan_shanten:
                return (verb, kong_tile)
        elif verb == "added_kong":
            after = bots._minus(counts, kong_tile, 1)
            if Shape(after, n_melds, void).shanten <= plan_shanten:
                return (verb, kong_tile)
    return ("discard", tile)


def discard_scores(state: Round, seat: int) -> dict[int, float]:
    """Each candidate discard -> expected points (win value minus deal-in cost)."""
    counts = state.hands[seat]
    melds = state.melds[seat]
    void = state.voids[seat]
    candidates = bots._discardable(counts, void)
    visible = state.visible_counts(seat)
    unseen = defence.unseen_counts(visible)
    unseen_total = sum(unseen)
    risk = defence.danger(state, seat, unseen) if PARTS["defence"] else [0.0] * len(unseen)
    active = state.active
    opponents = len(active) - 1
    turns_left = len(state.wall) / max(len(active), 1)
    whole = Shape(counts, len(melds), void)
    shanten_after = {t: whole.without(t) for t in candidates}
    fastest = min(shanten_after.values())
    scores = {}
    void_rest = None
    for t in candidates:
        s = shanten_after[t]
        if s > fastest + (SHANTEN_SLACK if PARTS["value"] else 0):
            continue
        if void is not None and t // RANKS == void and void_rest is not None:
            scores[t] = void_rest - RISK_WEIGHT * risk[t]  # void tiles all leave the same hand
            continue
        rest = bots._minus(counts, t, 1)
        if s <= 0:
            live, worth = value.wait_points(state, seat, rest, unseen)
            chance = value.win_chance(0, live, unseen_total, turns_left, opponents)
            points = worth / live if live else 0.0
            if not PARTS["value"]:
                points = 1.0 if live else 0.0
            offence = chance * points * value.PAYERS_FACTOR + READY_BONUS * points
        else:
            ukeire = Shape(rest, len(melds), void).ukeire(unseen)
            chance = value.win_chance(s, ukeire, unseen_total, turns_left, opponents)
            points = value.hand_points(state, seat, rest) if PARTS["value"] else 1.0
            ready = value.ready_chance(s, ukeire, unseen_total, turns_left)
            offence = (chance * value.PAYERS_FACTOR + READY_BONUS * ready) * points
        if void is not None and t // RANKS == void:
            void_rest = offence
        # A tiny tie-break: throw the least useful tile, as the strong level does.
        scores[t] = offence - RISK_WEIGHT * risk[t] - 1e-4 * bots._usefulness(counts, t)
    return scores


def best_discard(state: Round, seat: int) -> int:
    scores = discard_scores(state, seat)
    return max(scores, key=lambda t: (scores[t], -t))
