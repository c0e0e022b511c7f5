"""Computer players' easy and strong play, and the building blocks the expert builds on
(Shape, discardable, strong_claim …). The levels are chosen in games.players.computer.
Pure Python.

Three levels:

- ``easy``: void is the suit with fewest tiles; wins whenever it may; pongs half the
  times it is offered; otherwise throws the tile it just drew (or a random legal one).
- ``strong``: plays for speed. It discards to the lowest shanten (tiles from ready) and,
  among those, to the widest wait: the most unseen copies of the tiles that would
  bring it closer (ukeire). It kongs and pongs only when that does not slow the hand.
- ``expert``: as fast as ``strong`` but for three things (``games.players.expert``): it
  plays for 清一色 when at most two tiles stand outside one suit, weighs ready hands and
  near-ready hands by the points their wins would score, and when its best discard looks
  likely to deal in, throws a safer one that keeps most of the hand's chances.

A bot sees only what its seat may see: its own hand, melds and void, what every seat
has shown (discards, exposed melds, who is out), the wall's length and the tile being
claimed. It never reads another seat's concealed tiles nor the order of the wall; the
tests check this by shuffling those hidden tiles and asking again.
"""

import random

from games.rules.exchange import PICK_SIZE, all_picks
from games.rules.hands import Split, join_splits, suit_key, suit_splits
from games.rules.round import Action, Round
from games.rules.tiles import COPIES, RANKS, SUIT_COUNT, TILE_KINDS, suits_in_play

EASY_PONG_CHANCE = 0.5


# --- decisions ------------------------------------------------------------------------


def choose_discard(state: Round, seat: int) -> int:
    """The strong bot's discard for the player whose turn it is (void rule respected)."""
    counts = state.hands[seat]
    void = state.voids[seat]
    plan = _best_discard(
        counts,
        len(state.melds[seat]),
        void,
        *_seen_and_unseen(state, seat),
        discardable(counts, void),
    )
    return plan.tile


def choose_exchange(state: Round, seat: int) -> tuple[int, ...]:
    """The bot's 换三张 pick, from its own hand only. Three tiles of the suit it means to
    void when that suit has three; otherwise the pick that leaves the best hand (lowest
    shanten once it voids its shortest suit), giving away the least useful tiles. With
    two suits (两房) nobody voids a suit: the pick that leaves the best hand."""
    counts = state.hands[seat]
    has_voids = state.options.has_voids
    void = strong_void(counts) if has_voids else None
    if void is not None and suit_size(counts, void) >= PICK_SIZE:
        tiles = [t for t in range(void * RANKS, (void + 1) * RANKS) for _ in range(counts[t])]
        # Away go the tiles that help its hand least (it voids the suit anyway) and
        # would help the receiver least: loose tiles before pairs and runs.
        tiles.sort(key=lambda t: (usefulness(counts, t), t))
        return tuple(sorted(tiles[:PICK_SIZE]))

    def cost(pick: tuple[int, ...]) -> tuple:
        rest = list(counts)
        for t in pick:
            rest[t] -= 1
        rest_void = strong_void(rest) if has_voids else None
        shanten = Shape(rest, len(state.melds[seat]), rest_void).shanten
        return (shanten, sum(usefulness(counts, t) for t in pick), pick)

    return min(all_picks(counts), key=cost)


# --- easy -----------------------------------------------------------------------------


def easy_action(state: Round, seat: int, legal: list[Action], rng: random.Random) -> Action:
    counts = state.hands[seat]
    if state.phase == "void":
        return ("void", _fewest_tiles_suit(counts))
    verbs = {verb for verb, _ in legal}
    for winning in ("zimo", "win"):
        if winning in verbs:
            return (winning, None)
    if state.phase in ("claim", "rob"):
        if "pong" in verbs and rng.random() < EASY_PONG_CHANCE:
            return ("pong", None)
        return ("pass", None)
    # Its turn: never a kong (a discard is always legal), throw the drawn tile if allowed.
    if state.drawn is not None and ("discard", state.drawn) in legal:
        return ("discard", state.drawn)
    return rng.choice([action for action in legal if action[0] == "discard"])


def _fewest_tiles_suit(counts: list[int]) -> int:
    sizes = [suit_size(counts, suit) for suit in range(SUIT_COUNT)]
    return sizes.index(min(sizes))


def suit_size(counts: list[int], suit: int) -> int:
    return sum(counts[suit * RANKS : (suit + 1) * RANKS])


# --- strong ---------------------------------------------------------------------------


def strong_action(state: Round, seat: int, legal: list[Action]) -> Action:
    if state.phase == "void":
        return ("void", strong_void(state.hands[seat]))
    verbs = {verb for verb, _ in legal}
    if "zimo" in verbs:
        return ("zimo", None)
    if "win" in verbs:
        return ("win", None)
    if state.phase == "rob":
        return ("pass", None)
    if state.phase == "claim":
        return strong_claim(state, seat, verbs)
    return _strong_turn(state, seat, legal)


def strong_void(counts: list[int]) -> int:
    """Fewest tiles; on a tie, the suit whose loss leaves the best hand (lowest shanten,
    then the fewest pairs given up)."""

    def cost(suit: int) -> tuple[int, int, int, int]:
        pairs = sum(counts[t] // 2 for t in range(suit * RANKS, (suit + 1) * RANKS))
        return (suit_size(counts, suit), Shape(counts, 0, suit).shanten, pairs, suit)

    return min(range(SUIT_COUNT), key=cost)


def _strong_turn(state: Round, seat: int, legal: list[Action]) -> Action:
    if state.locked(seat):
        # 血流成河: a locked hand (no win this draw) can only throw the tile it drew.
        return next(action for action in legal if action[0] == "discard")
    counts = state.hands[seat]
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    plan = _best_discard(
        counts, n_melds, void, *_seen_and_unseen(state, seat), discardable(counts, void)
    )
    # A kong is a free draw and kong money: take it unless the hand gets slower.
    for verb, tile in legal:
        if verb == "concealed_kong":
            after = minus(counts, tile, 4)
            if Shape(after, n_melds + 1, void).shanten <= plan.shanten:
                return (verb, tile)
        elif verb == "added_kong":
            after = minus(counts, tile, 1)
            if Shape(after, n_melds, void).shanten <= plan.shanten:
                return (verb, tile)
    return ("discard", plan.tile)


def strong_claim(state: Round, seat: int, verbs: set[str]) -> Action:
    counts = state.hands[seat]
    n_melds = len(state.melds[seat])
    void = state.voids[seat]
    tile = state.claim.tile
    now = Shape(counts, n_melds, void)
    if "kong" in verbs:
        after_kong = Shape(minus(counts, tile, 3), n_melds + 1, void)
        if after_kong.shanten <= now.shanten:
            return ("kong", None)
    if "pong" in verbs and _pong_helps(state, seat, now, tile):
        return ("pong", None)
    return ("pass", None)


def _pong_helps(state: Round, seat: int, now: "Shape", tile: int) -> bool:
    """Pong when the hand after it (and its best discard) is closer to ready, or as close
    with at least as wide a wait: a pong that breaks a better shape is declined."""
    counts = state.hands[seat]
    void = now.void
    after = minus(counts, tile, 2)
    visible, unseen = _seen_and_unseen(state, seat)
    plan = _best_discard(after, now.n_melds + 1, void, visible, unseen, discardable(after, void))
    if plan.shanten != now.shanten:
        return plan.shanten < now.shanten
    return plan.ukeire >= now.ukeire(unseen)


# --- choosing a discard ---------------------------------------------------------------


class DiscardPlan:
    __slots__ = ("tile", "shanten", "ukeire")

    def __init__(self, tile: int, shanten: int, ukeire: int) -> None:
        self.tile = tile
        self.shanten = shanten  # of the hand left after the discard
        self.ukeire = ukeire  # unseen copies of the tiles that would then lower it


def discardable(counts: list[int], void: int | None) -> list[int]:
    """The tiles the void rule lets this hand discard (RULES.md section 3)."""
    held = [t for t in range(TILE_KINDS) if counts[t]]
    void_tiles = [t for t in held if void is not None and t // RANKS == void]
    return void_tiles or held


def _best_discard(
    counts: list[int],
    n_melds: int,
    void: int | None,
    visible: list[int],
    unseen: list[int],
    candidates: list[int],
) -> DiscardPlan:
    """Lowest shanten first, then the widest wait (of the ``unseen`` copies), then the
    least useful tile (the ``visible`` copies break ties)."""
    whole = Shape(counts, n_melds, void)
    shanten_after = {t: whole.without(t) for t in candidates}
    best = min(shanten_after.values())
    finalists = [t for t in candidates if shanten_after[t] == best]
    # Void tiles all leave the same hand behind: one ukeire serves them all.
    same_rest = all(void is not None and t // RANKS == void for t in finalists)
    plans = []
    for t in finalists:
        if same_rest and plans:
            ukeire = plans[0][0]
        else:
            ukeire = Shape(minus(counts, t, 1), n_melds, void).ukeire(unseen)
        plans.append((ukeire, t))

    def preference(plan: tuple[int, int]) -> tuple:
        ukeire, t = plan
        if same_rest:
            # Throw the live void tiles (fewest seen) first, while the others are still
            # far from ready: later they are the likeliest to feed someone's win.
            return (visible[t], t)
        return (-ukeire, usefulness(counts, t), -visible[t], t)

    ukeire, tile = min(plans, key=preference)
    return DiscardPlan(tile, best, ukeire)


def usefulness(counts: list[int], t: int) -> int:
    """How much ``t`` helps the rest of the hand: copies and near neighbours of its own
    suit, and central ranks (more runs go through them). Lower is thrown first."""
    rank = t % RANKS
    base = t - rank
    score = 4 * (counts[t] - 1)
    for distance, weight in ((1, 3), (2, 1)):
        for neighbour in (rank - distance, rank + distance):
            if 0 <= neighbour < RANKS and counts[base + neighbour]:
                score += weight
    return 2 * score + min(rank, RANKS - 1 - rank, 2)


# Per suit count: is each tile's suit in the wall (两房 has no 万)?
_IN_PLAY = {
    suits: tuple(t // RANKS in suits_in_play(suits) for t in range(TILE_KINDS))
    for suits in (SUIT_COUNT, SUIT_COUNT - 1)
}


def unseen_counts(visible: list[int], suits: int = SUIT_COUNT) -> list[int]:
    """Copies of each tile not seen: four less the ``visible`` ones, and none at all of a
    suit the wall of ``suits`` suits does not hold (two suits, 两房: no 万)."""
    in_play = _IN_PLAY[suits]
    return [max(COPIES - n, 0) if in_play[t] else 0 for t, n in enumerate(visible)]


def unseen_of(state: Round, seat: int) -> list[int]:
    """The copies of each tile ``seat`` has not seen, at its table's suits."""
    return unseen_counts(state.visible_counts(seat), state.options.suits)


def _seen_and_unseen(state: Round, seat: int) -> tuple[list[int], list[int]]:
    visible = state.visible_counts(seat)
    return visible, unseen_counts(visible, state.options.suits)


def minus(counts: list[int], tile: int, copies: int) -> list[int]:
    after = list(counts)
    after[tile] -= copies
    return after


# --- shanten, quick to ask again with one tile more or less -----------------------------


class Shape:
    """A hand's shanten (the same figure as ``hands.shanten``), built so that the hand
    with one tile removed or added costs one suit's look-up, not a whole new search.

    Shanten joins the best splits of each suit into sets, partial sets and a pair
    (``suit_splits``). One more or one fewer tile changes one suit only, so the joined
    splits of the two other suits are kept and reused.
    """

    __slots__ = ("counts", "n_melds", "void", "keys", "pairs", "_rest", "_shanten")

    def __init__(self, counts: list[int], n_melds: int, void: int | None) -> None:
        self.counts = tuple(counts)  # a snapshot: the caller may change its list later
        self.n_melds = n_melds
        self.void = void
        self.keys = [0 if suit == void else suit_key(counts, suit) for suit in range(SUIT_COUNT)]
        # Pairs for seven pairs; a four of a kind counts as two, void tiles never count.
        self.pairs = sum(
            counts[t] // 2 for t in range(TILE_KINDS) if void is None or t // RANKS != void
        )
        self._rest: dict[int, list[Split]] = {}
        self._shanten: int | None = None

    @property
    def shanten(self) -> int:
        if self._shanten is None:
            self._shanten = self._shanten_with(0, self.keys[0], self.pairs)
        return self._shanten

    def without(self, t: int) -> int:
        """Shanten after giving up one ``t``."""
        suit = t // RANKS
        if suit == self.void:
            return self.shanten  # void tiles never counted
        pairs = self.pairs - (1 if self.counts[t] % 2 == 0 else 0)
        return self._shanten_with(suit, self.keys[suit] - (1 << 3 * (t % RANKS)), pairs)

    def with_tile(self, t: int) -> int:
        """Shanten after drawing one ``t``."""
        suit = t // RANKS
        if suit == self.void:
            return self.shanten
        pairs = self.pairs + self.counts[t] % 2
        return self._shanten_with(suit, self.keys[suit] + (1 << 3 * (t % RANKS)), pairs)

    def ukeire(self, unseen: list[int]) -> int:
        """Unseen copies of the tiles that would lower the shanten if drawn."""
        target = self.shanten
        total = 0
        for t in range(TILE_KINDS):
            if unseen[t] > 0 and self._touches(t) and self.with_tile(t) < target:
                total += unseen[t]
        return total

    def effective_tiles(self, unseen: list[int]) -> list[int]:
        """The tiles (进张) with unseen copies that would lower the shanten if drawn: the
        ones ``ukeire`` counts, for a player to read (``ukeire`` stays a bare sum, as
        every bot calls it in its inner loop)."""
        target = self.shanten
        return [
            t
            for t in range(TILE_KINDS)
            if unseen[t] > 0 and self._touches(t) and self.with_tile(t) < target
        ]

    def _touches(self, t: int) -> bool:
        """Is ``t`` a copy or a near neighbour (two ranks at most) of a tile in hand? A
        tile that is neither can only ever be a loose tile, so it never lowers shanten."""
        if t // RANKS == self.void:
            return False
        rank = t % RANKS
        base = t - rank
        low, high = max(rank - 2, 0), min(rank + 2, RANKS - 1)
        return any(self.counts[base + r] for r in range(low, high + 1))

    def _shanten_with(self, suit: int, key: int, pairs: int) -> int:
        blocks = suit_splits(key)
        splits = self._rest_of(suit)
        best = 8
        for sets, partials, pair in splits:
            for more_sets, more_partials, more_pair in blocks:
                if pair + more_pair > 1:
                    continue
                s = sets + more_sets
                useful = min(partials + more_partials, 4 - s) if s < 4 else 0
                value = 8 - 2 * s - useful - pair - more_pair
                if value < best:
                    best = value
        if self.n_melds == 0 and best > -1:
            best = min(best, 6 - min(pairs, 7))
        return best

    def _rest_of(self, suit: int) -> list[Split]:
        """The joined splits of every suit but ``suit``, the melds counted as sets."""
        rest = self._rest.get(suit)
        if rest is None:
            rest = [(self.n_melds, 0, 0)]
            for other in range(SUIT_COUNT):
                key = self.keys[other]
                if other == suit or not key:
                    continue
                rest = join_splits(rest, key)
            self._rest[suit] = rest
        return rest
