"""The coach (教练): a seat's decision as 大师 (the expert level) sees it, for a panel at
the table and for the review of a finished round.

For a discard, every legal discard with the figures 大师 weighs: the steps to ready it
leaves (向听), the tiles that would then bring the hand closer with the copies still unseen
(进张), the waits and their fan once ready, and each opponent's chance to be dealt in by it
(the estimate of ``expert.defence``, from public information). For a claim, a 自摸 or a
kong: 大师's choice and the reason for it in one line (a code and its figures; the page
words it).

Only the seat's own view is read: its hand and melds, what every seat has shown, and the
number of tiles left (tests scramble the rest and compare). It is not a prediction of
what a move will earn: the figures are the estimate's own terms.
"""

import random
from dataclasses import dataclass

from games.players import bots
from games.players.bots import Shape
from games.players.expert import defence, plan, player
from games.players.hints import Wait, waits_of
from games.rules.round import Action, Round
from games.rules.tiles import RANKS


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    tile: int
    shanten: int  # steps from ready after throwing it (0: ready)
    effective: tuple[tuple[int, int], ...]  # (tile, unseen copies) that would lower it
    waits: tuple[Wait, ...]  # once ready: each wait, its unseen copies and its fan
    danger: tuple[tuple[int, float], ...]  # (opponent seat, chance to deal into them)
    chosen: bool  # 大师 would throw this one

    @property
    def effective_total(self) -> int:
        return sum(n for _, n in self.effective)


@dataclass(frozen=True, slots=True)
class Advice:
    choice: Action  # what 大师 would do
    reason: str  # why, as a code the page words: see REASONS
    figures: tuple[int, ...]  # the reason's numbers (fan, steps before and after, suit)
    discards: tuple[DiscardAdvice, ...]  # best first; empty when no discard is asked


# The reasons, with the figures each carries.
REASONS = {
    "zimo": "自摸 scores (fan)",
    "win": "the win scores (fan)",
    "wait_for_zimo": "waiting for a 自摸 paid by everyone still in is expected to score more",
    "kong_keeps_steps": "the kong keeps the hand as close to ready (steps after)",
    "kong_money": "early in the round a kong's money is worth a step (steps before, after)",
    "keeps_flush": "a meld of another suit would end the 清一色 (suit)",
    "pong_closer": "the pong brings the hand closer or keeps it as close with more tiles "
    "to wait for (steps before, after)",
    "pong_not_closer": "the pong would not bring the hand closer (steps before, after)",
    "pass": "nothing to claim",
    "discard": "the best discard (see the list)",
    "locked": "after a win the drawn tile is thrown",
    # Comparing 大师's discard with another (``compare_discards``):
    "discard_closer": "it leaves the hand closer to ready (steps after it, after the other)",
    "discard_wider": "as close, with more tiles that help (its count, the other's)",
    "discard_safer": "as close, and less likely to deal in (its chance, the other's, in %)",
    "discard_value": "as close, and the hand it leaves is worth more: its chance to win "
    "times what the win would score",
}


def advise(state: Round, seat: int) -> Advice | None:
    """大师's view of ``seat``'s decision now, or None when the seat has none to make."""
    legal = state.legal_actions(seat)
    if not legal or state.phase not in ("turn", "claim", "rob"):
        return None
    # 大师's decisions do not draw on the random source; a fixed one keeps it so.
    choice = player.expert_action(state, seat, legal, random.Random(0))
    discards = ()
    if state.phase == "turn" and state.current == seat:
        discards = ranked_discards(state, seat, legal)
    reason, figures = _reason(state, seat, legal, choice)
    return Advice(choice, reason, figures, discards)


def ranked_discards(state: Round, seat: int, legal: list[Action]) -> tuple[DiscardAdvice, ...]:
    """Every legal discard, 大师's order first: those it scores (the ones keeping the hand
    closest to ready) by its score, then the rest by steps and tiles to wait for."""
    tiles = sorted({t for verb, t in legal if verb == "discard"})
    if state.locked(seat):
        scores: dict[int, float] = {}
        chosen_tile = tiles[0] if tiles else None
    else:
        scores = player.discard_scores(state, seat)
        chosen_tile = max(scores, key=lambda t: (scores[t], -t)) if scores else None
    counts = list(state.hands[seat])
    melds = state.melds[seat]
    void = state.voids[seat]
    seen = state.visible_counts(seat)
    unseen = defence.unseen_counts(seen, state.options.suits)
    per_opponent = defence.deal_in_chances(state, seat, unseen)
    whole = Shape(counts, len(melds), void)
    advice = []
    for t in tiles:
        counts[t] -= 1
        rest = Shape(counts, len(melds), void)
        shanten = whole.without(t)
        effective = tuple((e, unseen[e]) for e in rest.effective_tiles(unseen))
        found = tuple(waits_of(state, seat, counts, seen)) if shanten == 0 else ()
        counts[t] += 1
        danger = tuple((o, round(chances[t], 3)) for o, chances in sorted(per_opponent.items()))
        advice.append(DiscardAdvice(t, shanten, effective, found, danger, t == chosen_tile))

    def order(a: DiscardAdvice):
        if a.tile in scores:
            return (0, -scores[a.tile], a.tile)
        return (1, a.shanten, -a.effective_total, a.tile)

    return tuple(sorted(advice, key=order))


def _reason(
    state: Round, seat: int, legal: list[Action], choice: Action
) -> tuple[str, tuple[int, ...]]:
    verb, tile = choice
    verbs = {v for v, _ in legal}
    if verb in ("zimo", "win"):
        score = state.win_on_offer(seat)  # the engine's own score of this win
        return verb, (score.fan if score else 0,)
    if "win" in verbs and verb == "pass":
        return "wait_for_zimo", ()
    if verb in ("concealed_kong", "added_kong"):
        counts = state.hands[seat]
        n_melds = len(state.melds[seat])
        void = state.voids[seat]
        used = 4 if verb == "concealed_kong" else 1
        after = Shape(bots.minus(counts, tile, used), n_melds + (used == 4), void).shanten
        best = player.best_discard(state, seat)
        before = Shape(bots.minus(counts, best, 1), n_melds, void).shanten
        if after <= before:
            return "kong_keeps_steps", (after,)
        return "kong_money", (before, after)
    if state.phase == "turn":
        return ("locked", ()) if state.locked(seat) else ("discard", ())
    if state.phase == "claim":
        return _claim_reason(state, seat, verbs, choice)
    return "pass", ()


def _claim_reason(
    state: Round, seat: int, verbs: set[str], choice: Action
) -> tuple[str, tuple[int, ...]]:
    counts = state.hands[seat]
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    tile = state.claim.tile
    now = Shape(counts, n_melds, void).shanten
    if choice[0] == "kong":
        return "kong_keeps_steps", (Shape(bots.minus(counts, tile, 3), n_melds + 1, void).shanten,)
    if not verbs & {"pong", "kong"}:
        return "pass", ()
    suit = plan.flush_suit(counts, state.melds[seat], void)
    if (
        choice[0] == "pass"
        and suit is not None
        and tile // RANKS != suit
        and bots.strong_claim(state, seat, verbs)[0] != "pass"
    ):
        return "keeps_flush", (suit,)
    after = bots.minus(counts, tile, 2)
    best_after = min(
        (
            Shape(bots.minus(after, t, 1), n_melds + 1, void).shanten
            for t in bots.discardable(after, void)
        ),
        default=now,
    )
    if choice[0] == "pong":
        return "pong_closer", (now, best_after)
    return "pong_not_closer", (now, best_after)


def compare_discards(advice: Advice, tile: int) -> tuple[str, tuple[int, ...]]:
    """Why 大师's discard rather than ``tile`` (a legal discard of the same decision): the
    first of its terms that tells them apart, as a reason code and its figures."""
    by_tile = {a.tile: a for a in advice.discards}
    best, other = advice.discards[0], by_tile[tile]
    if best.shanten < other.shanten:
        return "discard_closer", (best.shanten, other.shanten)
    if best.effective_total > other.effective_total:
        return "discard_wider", (best.effective_total, other.effective_total)
    best_risk = max((chance for _, chance in best.danger), default=0.0)
    other_risk = max((chance for _, chance in other.danger), default=0.0)
    if best_risk < other_risk:
        return "discard_safer", (round(100 * best_risk), round(100 * other_risk))
    return "discard_value", ()
