"""The expert's decisions. It plays nearly as fast as the strong level and spends speed
only where the duplicate benchmark (``benchmarks/bots/bench_bots.py``) showed it pays:

- 清一色 (``plan``): with at most two tiles outside one suit it throws those first and
  passes pongs and kongs of the other suit;
- 对对胡 (``triplets``): it also pongs when the hand after the pong is as close to ready
  by all pongs as it is now by any win, and values a hand as close to 对对胡 a little more;
- value (``value``): among the discards that keep the hand closest to ready, each is
  weighed by its chance to win times the points that win would score;
- waiting for 自摸 (``waiting``): a win on a discard is let pass when waiting for a
  self-draw, which every player still in pays, is expected to score more;
- kongs early (``eager_kong``): with many draws left a concealed or added kong is taken
  for its money even when it costs a step to ready;
- live tiles (``live``): the unseen copies its waits and 进张 count are weighed by how
  likely each is still in the wall rather than kept in a hand (suits others are void in
  are long in the wall, the suits they keep short);
- defence (``defence``): when the best discard looks dangerous (a chance of ``ALARM`` or
  more to deal in), it throws, among the discards keeping ``KEEP`` of the best one's
  offence, the one with the lowest expected deal-in cost.

It never folds (gives up speed to stay safe): in the benchmark even a player that knew
every opponent's waits lost about one point per seat per round by folding.
"""

import random

from games.players import bots
from games.players.bots import Shape
from games.players.expert import defence, live, plan, triplets, value, waiting
from games.rules.round import Action, Round
from games.rules.tiles import RANKS, SUIT_COUNT

# Defence starts when the best discard has this chance or more to deal in (the estimate
# is well calibrated: of the tiles it rates 15-20 %, 22 % were a ready opponent's wait).
# Lower thresholds changed many decisions to avoid few deal-ins and lost speed.
ALARM = 0.2
# A discard keeping at least this share of the best one's offence may be thrown instead.
KEEP = 0.85
SAFETY_RANK = 1e6
# Being ready at the wall's end is worth 查叫 money: a small bonus for a ready hand.
READY_BONUS = 0.4
# The parts can be switched off one at a time, to measure what each adds.
PARTS = {
    "defence": True,
    "value": True,
    "void": True,
    "flush": True,
    "zimo_wait": True,
    "eager_kong": True,
    "live": True,
    "triplets": True,
}
# Kong money is paid at once (a concealed kong 2 × base by each other player still in, an
# added kong 1 ×), and a kong draws a replacement tile. With many turns left the expert
# takes a concealed or added kong even when it costs a step to ready, as the outside
# player of the benchmark does (kongs were a steady part of its income against every
# level): while its own draws left exceed KONG_TURNS plus the steps the hand would still
# need (at most KONG_STEPS of them). (A kong on a discard is taken as the strong level
# does: a kong leaves the hand of a pong without its discard, so it is never closer.)
KONG_TURNS = 6
KONG_STEPS = 4


def expert_action(state: Round, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if state.phase == "void":
        if not PARTS["void"]:
            return ("void", bots.strong_void(state.hands[seat]))
        return ("void", choose_void(state.hands[seat]))
    verbs = {verb for verb, _ in legal}
    if "zimo" in verbs:
        return ("zimo", None)
    if "win" in verbs:
        if not (PARTS["zimo_wait"] and ("pass", None) in legal and _waits_for_zimo(state, seat)):
            return ("win", None)
        verbs.discard("win")
    if state.phase == "rob":
        return ("pass", None)
    if state.phase == "claim":
        return _claim(state, seat, verbs)
    return _turn(state, seat, legal)


def choose_void(counts: list[int]) -> int:
    """Fewest tiles, like the strong level; but when two suits are within one tile of
    each other, void the one whose loss leaves the better hand (shanten first, then the
    清一色 chance of what stays)."""
    sizes = [bots.suit_size(counts, s) for s in range(SUIT_COUNT)]
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


def _waits_for_zimo(state: Round, seat: int) -> bool:
    unseen = bots.unseen_of(state, seat)
    return waiting.waits_for_zimo(state, seat, _to_come(state, seat, unseen))


def _to_come(state: Round, seat: int, unseen: list[int]) -> list[float]:
    """The unseen copies weighed by how likely each is still to come out (``live``)."""
    if not PARTS["live"]:
        return unseen
    return live.live_weights(state, seat, unseen)


def _claim(state: Round, seat: int, verbs: set[str]) -> Action:
    action = bots.strong_claim(state, seat, verbs)
    if (
        action[0] == "pass"
        and "pong" in verbs
        and PARTS["triplets"]
        and _pong_for_triplets(state, seat)
    ):
        action = ("pong", None)
    if action[0] in ("pong", "kong") and PARTS["flush"]:
        # A meld of another suit ends the 清一色 the hand is playing for.
        suit = plan.flush_suit(state.hands[seat], state.melds[seat], state.voids[seat])
        if suit is not None and state.claim.tile // RANKS != suit:
            return ("pass", None)
    return action


def _pong_for_triplets(state: Round, seat: int) -> bool:
    """A pong the strong level declines is still worth it when, after it and the best
    discard, the hand is as close to 对对胡 as it is now to any win."""
    counts = state.hands[seat]
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    now = Shape(counts, n_melds, void).shanten
    after = bots.minus(counts, state.claim.tile, 2)
    return triplets.best_triplet_shanten(after, n_melds + 1, void) <= now


def _turns_left(state: Round) -> float:
    """The seat's own draws left, about: the wall shared by the players still in."""
    return len(state.wall) / max(len(state.active), 1)


def _worth_a_kong(
    state: Round, seat: int, tile: int, shanten_after: int, plan_shanten: int
) -> bool:
    """Take a concealed or added kong of ``tile`` that leaves the hand ``shanten_after``
    steps from ready, against ``plan_shanten`` for the best discard instead."""
    if shanten_after <= plan_shanten:
        return True
    if not PARTS["eager_kong"]:
        return False
    if PARTS["flush"]:
        suit = plan.flush_suit(state.hands[seat], state.melds[seat], state.voids[seat])
        if suit is not None and tile // RANKS != suit:
            return False  # the kong stays in the hand's tiles: it would end the 清一色
    steps = min(KONG_STEPS, shanten_after + 1)
    return _turns_left(state) > KONG_TURNS + steps


def _turn(state: Round, seat: int, legal: list[Action]) -> Action:
    if state.locked(seat):
        return next(action for action in legal if action[0] == "discard")
    counts = state.hands[seat]
    tile = best_discard(state, seat)
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    plan_shanten = Shape(bots.minus(counts, tile, 1), n_melds, void).shanten
    for verb, kong_tile in legal:
        if verb == "concealed_kong":
            after = Shape(bots.minus(counts, kong_tile, 4), n_melds + 1, void).shanten
            if _worth_a_kong(state, seat, kong_tile, after, plan_shanten):
                return (verb, kong_tile)
        elif verb == "added_kong":
            after = Shape(bots.minus(counts, kong_tile, 1), n_melds, void).shanten
            if _worth_a_kong(state, seat, kong_tile, after, plan_shanten):
                return (verb, kong_tile)
    return ("discard", tile)


def candidates(state: Round, seat: int) -> list[int]:
    """The tiles the expert would consider throwing: the void rule's, narrowed to the
    tiles outside the suit when it plays for 清一色."""
    counts = state.hands[seat]
    void = state.voids[seat]
    if PARTS["flush"]:
        # Empty while void tiles are held: the void rule's tiles go first.
        off = plan.off_suit_tiles(counts, state.melds[seat], void)
        if off:
            return off
    return bots.discardable(counts, void)


def offence_scores(
    state: Round, seat: int, tiles: list[int], unseen: list[int]
) -> dict[int, float]:
    """Each discard among ``tiles`` that keeps the hand closest to ready -> expected
    points of the hand it leaves (chance to win × what the win scores)."""
    counts = state.hands[seat]
    melds = state.melds[seat]
    void = state.voids[seat]
    unseen_total = sum(unseen)
    opponents = len(state.active) - 1
    turns_left = len(state.wall) / max(len(state.active), 1)
    whole = Shape(counts, len(melds), void)
    shanten_after = {t: whole.without(t) for t in tiles}
    fastest = min(shanten_after.values())
    scores: dict[int, float] = {}
    void_score = None
    for t in tiles:
        s = shanten_after[t]
        if s > fastest:
            continue
        if void is not None and t // RANKS == void and void_score is not None:
            scores[t] = void_score  # void tiles all leave the same hand
            continue
        rest = bots.minus(counts, t, 1)
        if s <= 0:
            live, worth = value.wait_points(state, seat, rest, unseen)
            chance = value.win_chance(0, live, unseen_total, turns_left, opponents)
            points = worth / live if live else 0.0
            if not PARTS["value"]:
                points = 1.0 if live else 0.0
            score = chance * points * value.PAYERS_FACTOR + READY_BONUS * points
        else:
            ukeire = Shape(rest, len(melds), void).ukeire(unseen)
            chance = value.win_chance(s, ukeire, unseen_total, turns_left, opponents)
            points = (
                value.hand_points(state, seat, rest, s if PARTS["triplets"] else None)
                if PARTS["value"]
                else 1.0
            )
            ready = value.ready_chance(s, ukeire, unseen_total, turns_left)
            score = (chance * value.PAYERS_FACTOR + READY_BONUS * ready) * points
        if void is not None and t // RANKS == void:
            void_score = score
        # A tiny tie-break: throw the least useful tile, as the strong level does.
        scores[t] = score - 1e-6 * bots.usefulness(counts, t)
    return scores


def discard_scores(state: Round, seat: int) -> dict[int, float]:
    """Each discard the expert considers -> its offence; those kept for a safety choice
    score higher the safer they are (see ``best_discard``)."""
    unseen = bots.unseen_of(state, seat)
    offence = offence_scores(state, seat, candidates(state, seat), _to_come(state, seat, unseen))
    if not PARTS["defence"]:
        return offence
    best_tile = max(offence, key=lambda t: (offence[t], -t))
    per_opponent = defence.deal_in_chances(state, seat, unseen)
    chances = defence.deal_in_chance(state, seat, unseen, per_opponent)
    if chances[best_tile] < ALARM:
        return offence
    # The fastest discard looks dangerous: among the discards that keep most of the
    # offence, throw the one with the lowest expected deal-in cost.
    risk = defence.danger(state, seat, unseen, per_opponent)
    floor = KEEP * offence[best_tile]
    # Kept tiles rank above all others, safest first, offence breaking ties.
    return {
        t: (SAFETY_RANK - risk[t] + 1e-3 * score if score >= floor else score)
        for t, score in offence.items()
    }


def best_discard(state: Round, seat: int) -> int:
    scores = discard_scores(state, seat)
    return max(scores, key=lambda t: (scores[t], -t))
