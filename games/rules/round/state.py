"""The state of one round and its life cycle: the deal, applying an action, the
results and the JSON form it is stored in. The phases are parts of ``Round`` in modules
of their own, one part of RULES.md each (start, turn, claims, kongs, end, legal,
views)."""

from dataclasses import dataclass, field

from games.rules import exchange
from games.rules.hands import Meld, is_winning
from games.rules.options import RoomOptions
from games.rules.round.actions import (
    KONG_FAN,
    LAST_FOUR,
    Action,
)
from games.rules.round.claim import Claim
from games.rules.round.claims import Claims
from games.rules.round.end import EndOfRound
from games.rules.round.kongs import Kongs
from games.rules.round.legal import LegalMoves
from games.rules.round.start import StartOfRound
from games.rules.round.turn import Turn
from games.rules.round.views import Views
from games.rules.round.wall import CURRENT_SHUFFLE, seed_hash, shuffled_wall
from games.rules.scoring import Score, WinContext, score_win
from games.rules.tiles import (
    RANKS,
    from_counts,
    suits_in_play,
    to_counts,
)


def _check_deal(hands: list[list[int]], wall: list[int], dealer: int, options: RoomOptions) -> None:
    """A deal fits the table: one hand per seat, the dealer's of 14 tiles, the others' of
    13, no fifth copy, and with two suits no 万."""
    seats = options.players
    if len(hands) != seats:
        raise ValueError(f"a round at a table for {seats} needs {seats} hands, got {len(hands)}")
    if dealer not in range(seats) or isinstance(dealer, bool):
        raise ValueError(f"the dealer is a seat 0–{seats - 1}, got {dealer!r}")
    for seat, hand in enumerate(hands):
        expected = 14 if seat == dealer else 13
        if len(hand) != expected:
            raise ValueError(f"seat {seat} has {len(hand)} tiles, the deal gives {expected}")
    tiles = [t for hand in hands for t in hand] + list(wall)
    counts = to_counts(tiles)
    if any(n > 4 for n in counts):
        raise ValueError("the deal holds more than four copies of a tile")
    in_play = suits_in_play(options.suits)
    if any(t // RANKS not in in_play for t in tiles):
        raise ValueError("a deal of two suits (两房) holds no 万")


def _without_zimo_bonus(options: RoomOptions) -> RoomOptions:
    data = options.to_dict()
    data["zimo_bonus"] = "none"
    return RoomOptions.from_dict(data)


@dataclass
class Round(LegalMoves, StartOfRound, Turn, Claims, Kongs, EndOfRound, Views):
    options: RoomOptions
    dealer: int
    hands: list[list[int]]  # counts of concealed tiles per seat
    wall: list[int]  # the undrawn tiles; draws take wall[0]
    # Every list "per seat" below has one entry per seat of the table (RULES.md section
    # 14: four, three or two); left out, it starts empty for each (``__post_init__``).
    melds: list[list[Meld]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)
    voids: list[int | None] = field(default_factory=list)
    phase: str = "void"
    current: int = 0
    drawn: int | None = None  # the tile the current player just drew
    turn_kind: str = "deal"  # how `current` got the turn: deal, draw, kong_draw, pong
    kong_fed_by: int | None = None  # who discarded the tile of the current exposed kong
    turn_kongs: int = 0  # kongs made by `current` in this turn
    turn_kong_entries: list[int] = field(default_factory=list)  # their ledger rows
    claim: Claim | None = None
    out: list[bool] = field(default_factory=list)
    winners: list[dict] = field(default_factory=list)
    ledger: list[dict] = field(default_factory=list)
    passed_fan: list[int | None] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    clean: bool = True  # no pong, kong or win yet (地胡 needs it)
    end: str | None = None
    next_dealer: int | None = None
    settlement: dict | None = None
    seed_sha256: str | None = None
    actions: int = 0  # how many actions have been applied
    # Every discard still on the table, in the order played: (seat, tile).
    pool: list[list[int]] = field(default_factory=list)
    # 换三张 (only with option exchange_three): the direction drawn from the seed, and
    # each seat's pick (sorted tiles; None until picked). The picks stay after the swap,
    # so that each player can be shown what left and what arrived.
    exchange_direction: str | None = None
    exchange_picks: list[list[int] | None] = field(default_factory=list)
    # 血流成河 (RULES.md section 13): each seat's winning tiles, in the order won, laid face
    # up beside the hand. A self-drawn one has left the hand; one won on a discard stays
    # in the discarder's pile as well (several players may win on that one tile).
    win_tiles: list[list[int]] = field(default_factory=list)
    # Not part of the state: set on a copy to stop at the moment a tile is put on offer
    # even when nobody may claim it (the table shows that moment to everyone alike; see
    # games.play.offers).
    stop_at_offer: bool = field(default=False, compare=False, repr=False)
    # Not part of the state: set to keep, as JSON in ``offer_moment``, the round at the
    # moment a tile that nobody may claim is put on offer, while the move goes on to the
    # next draw: the state a copy with ``stop_at_offer`` stops at, without replaying the
    # move on a copy (games.play.offers shows that moment for a pause).
    keep_offer_moment: bool = field(default=False, compare=False, repr=False)
    offer_moment: dict | None = field(default=None, compare=False, repr=False)
    # Not part of the state either: set when replaying a round stored before the ledger
    # wrote a 承包 (kong_bloom_from_discard = feeder_all) as one entry. Those rounds keep
    # the rows they were written with, one per covered share (games.history.replay).
    share_rows: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        seats = range(self.options.players)
        self.melds = self.melds or [[] for _ in seats]
        self.discards = self.discards or [[] for _ in seats]
        self.voids = self.voids or [None for _ in seats]
        self.out = self.out or [False for _ in seats]
        self.passed_fan = self.passed_fan or [None for _ in seats]
        self.draws = self.draws or [0 for _ in seats]
        self.exchange_picks = self.exchange_picks or [None for _ in seats]
        self.win_tiles = self.win_tiles or [[] for _ in seats]

    @classmethod
    def deal(
        cls,
        seed: str,
        dealer: int,
        options: RoomOptions | None = None,
        shuffle: int = CURRENT_SHUFFLE,
    ) -> "Round":
        """A new round from a seed: dealer 14 tiles, the others 13, the rest is the wall
        (of the room's suits, at a table of the room's size)."""
        options = options or RoomOptions()
        seats = options.players
        wall = shuffled_wall(seed, shuffle, options.suits)
        hands: list[list[int]] = [[] for _ in range(seats)]
        position = 0
        for offset in range(seats):
            seat = (dealer + offset) % seats
            size = 14 if seat == dealer else 13
            hands[seat] = wall[position : position + size]
            position += size
        direction = None
        if options.exchange_three:
            direction = exchange.direction_from_seed(seed, seats)
        state = cls.from_deal(hands, wall[position:], dealer, options, exchange_direction=direction)
        state.seed_sha256 = seed_hash(seed)
        return state

    @classmethod
    def from_deal(
        cls,
        hands: list[list[int]],
        wall: list[int],
        dealer: int,
        options: RoomOptions | None = None,
        exchange_direction: str | None = None,
    ) -> "Round":
        """A round from a given deal. With option exchange_three it starts with 换三张 and
        needs ``exchange_direction`` (next, previous or opposite; at a table for three
        next or previous, for two next); without, it is unused."""
        options = options or RoomOptions()
        seats = options.players
        if options.exchange_three:
            exchange.check_direction(exchange_direction, seats)
        else:
            exchange_direction = None
        _check_deal(hands, wall, dealer, options)
        state = cls(
            options=options,
            dealer=dealer,
            hands=[to_counts(hand) for hand in hands],
            wall=list(wall),
            current=dealer,
            phase="exchange",
            exchange_direction=exchange_direction,
        )
        if not options.exchange_three:
            state._after_exchange()
        return state

    @property
    def seats(self) -> int:
        """How many sit at the table (RULES.md section 14): seats 0 … seats − 1."""
        return self.options.players

    @property
    def active(self) -> list[int]:
        return [seat for seat in range(self.seats) if not self.out[seat]]

    def next_active(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.out[candidate]:
                return candidate
        raise AssertionError("no active player")

    def last_tiles(self) -> int:
        """How many last tiles of the wall the last-four rules (last_four_must_win,
        last_four_auto_ron) cover: four, or with last_tiles_rule "active" as many as
        players are still active, counted at each check (seed 003: "最后四张牌（牌张数与
        未和牌人数相同）")."""
        if self.options.last_tiles_rule == "active":
            return len(self.active)
        return LAST_FOUR

    def hand_tiles(self, seat: int) -> list[int]:
        return from_counts(self.hands[seat])

    def holds_void(self, seat: int) -> bool:
        void = self.voids[seat]
        if void is None:
            return False
        base = void * RANKS
        return any(self.hands[seat][base : base + RANKS])

    def locked(self, seat: int) -> bool:
        """血流成河: a player who has won plays on with a locked hand (RULES.md section 13)."""
        return bool(self.win_tiles[seat])

    def gangfan(self, seat: int) -> int:
        """杠番 of 血流成河 with ``xueliu_kongs`` = fan: seed 002, "明杠加一番，暗杠加两番"
        (an exposed or added kong 1, a concealed kong 2).

        The seed goes on "玩家不管胡牌还是点炮都要加番 … 记番就是在该牌局结束以后统一进行
        结算". Decided, as RULES.md section 13 says: the fan is added to the maker's own
        wins only (not to a win on the maker's discard), and each win is paid when it
        happens, not all at the end. No kong can follow a win, so every kong in the melds
        was made before any win of the seat: counting the melds counts the kongs."""
        if not (self.options.xueliu and self.options.xueliu_kongs == "fan"):
            return 0
        return sum(KONG_FAN.get(meld.kind, 0) for meld in self.melds[seat])

    def pong_of(self, seat: int, tile: int) -> int | None:
        for index, meld in enumerate(self.melds[seat]):
            if meld.kind == "pong" and meld.tile == tile:
                return index
        return None

    def _win_score(self, seat: int, tile: int | None, context: WinContext) -> Score | None:
        counts = self.hands[seat]
        if tile is not None:
            counts = list(counts)
            counts[tile] += 1
        if not is_winning(counts, len(self.melds[seat]), self.voids[seat], self.melds[seat]):
            return None
        options = self.options
        if context.how == "kong_draw" and self._bloom_paid_as_ron():
            options = _without_zimo_bonus(options)
        return score_win(
            counts, self.melds[seat], self.voids[seat], context, options, self.gangfan(seat)
        )

    def _bloom_paid_as_ron(self) -> bool:
        """点杠花 paid by the feeder alone (option kong_bloom_from_discard = ron)."""
        return self.kong_fed_by is not None and self.options.kong_bloom_from_discard == "ron"

    def _bloom_covered_by_feeder(self) -> bool:
        """点杠花 with kong_bloom_from_discard = feeder_all (seed 001 承包: "引杠者本人负责
        杠上花分数"): the feeder pays every other active player's share."""
        return self.kong_fed_by is not None and self.options.kong_bloom_from_discard == "feeder_all"

    def _zimo_context(self, seat: int) -> WinContext:
        how = "kong_draw" if self.turn_kind == "kong_draw" else "zimo"
        first_action = self.clean and self.turn_kind in ("deal", "draw")
        return WinContext(
            how=how,
            tianhu=first_action and seat == self.dealer and self.turn_kind == "deal",
            dihu=first_action and seat != self.dealer and self.draws[seat] == 1,
            last_tile=not self.wall and self.turn_kind != "deal",
            tile=self.drawn,
        )

    def _claim_context(self, claim: Claim) -> WinContext:
        if claim.kind == "rob":
            return WinContext(how="rob_kong", tile=claim.tile)
        how = "after_kong" if claim.after_kong else "ron"
        return WinContext(how=how, last_tile=claim.last_tile, tile=claim.tile)

    def apply(self, seat: int, action: Action) -> list[dict]:
        """Apply one action; return the events it caused, or raise IllegalAction."""
        self.check(seat, action)
        self.actions += 1
        events: list[dict] = []
        verb, arg = action
        if verb == "exchange":
            self._pick_exchange(seat, arg, events)
        elif verb == "void":
            self._choose_void(seat, arg, events)
        elif verb == "discard":
            self._discard(seat, arg, events)
        elif verb == "zimo":
            self._zimo(seat, events)
        elif verb == "concealed_kong":
            self._concealed_kong(seat, arg, events)
        elif verb == "added_kong":
            self._added_kong(seat, arg, events)
        else:
            self._answer(seat, verb, events)
        return events

    def _keep_unclaimed_offer(self, claim: Claim, phase: str) -> None:
        """Keep the round as it stands with ``claim``'s tile on offer in ``phase``, nobody
        asked (with ``keep_offer_moment``)."""
        if not self.keep_offer_moment:
            return
        was = (self.claim, self.phase)
        self.claim, self.phase = claim, phase
        self.offer_moment = self.to_json()
        self.claim, self.phase = was

    def net(self) -> list[int]:
        totals = [0] * self.seats
        for entry in self.ledger:
            totals[entry["payer"]] -= entry["amount"]
            totals[entry["payee"]] += entry["amount"]
        return totals

    def tiles_accounted(self) -> int:
        """Every tile is in a hand, a meld, a discard pile or the wall: this is 108 (72
        with two suits)."""
        total = len(self.wall)
        for seat in range(self.seats):
            total += sum(self.hands[seat]) + len(self.discards[seat])
            total += sum(meld.size for meld in self.melds[seat])
        return total + len(self._drawn_win_tiles())

    def to_json(self) -> dict:
        data = {
            "options": self.options.to_dict(),
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "wall": list(self.wall),
            "melds": [[[m.kind, m.tile] for m in melds] for melds in self.melds],
            "discards": [list(d) for d in self.discards],
            "voids": list(self.voids),
            "phase": self.phase,
            "current": self.current,
            "drawn": self.drawn,
            "turn_kind": self.turn_kind,
            "kong_fed_by": self.kong_fed_by,
            "turn_kongs": self.turn_kongs,
            "turn_kong_entries": list(self.turn_kong_entries),
            "claim": self.claim.to_json() if self.claim else None,
            "out": list(self.out),
            "winners": [dict(w, patterns=dict(w["patterns"])) for w in self.winners],
            "ledger": [dict(e) for e in self.ledger],
            "passed_fan": list(self.passed_fan),
            "draws": list(self.draws),
            "clean": self.clean,
            "end": self.end,
            "next_dealer": self.next_dealer,
            "settlement": self.settlement,
            "seed_sha256": self.seed_sha256,
            "actions": self.actions,
            "pool": [list(p) for p in self.pool],
            # Only in 血流成河, so that a stored 血战 round compares equal to its replay.
            **({"win_tiles": [list(w) for w in self.win_tiles]} if self.options.xueliu else {}),
        }
        # Only rooms with 换三张 store it: every other round's state stays as it was.
        if self.exchange_direction is not None:
            data["exchange_direction"] = self.exchange_direction
            data["exchange_picks"] = [
                list(p) if p is not None else None for p in self.exchange_picks
            ]
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Round":
        return cls(
            options=RoomOptions.from_dict(data["options"]),
            dealer=data["dealer"],
            hands=[list(h) for h in data["hands"]],
            wall=list(data["wall"]),
            melds=[[Meld(kind, tile) for kind, tile in melds] for melds in data["melds"]],
            discards=[list(d) for d in data["discards"]],
            voids=list(data["voids"]),
            phase=data["phase"],
            current=data["current"],
            drawn=data["drawn"],
            turn_kind=data["turn_kind"],
            kong_fed_by=data["kong_fed_by"],
            turn_kongs=data["turn_kongs"],
            turn_kong_entries=list(data["turn_kong_entries"]),
            claim=Claim.from_json(data["claim"]) if data["claim"] else None,
            out=list(data["out"]),
            winners=[dict(w, patterns=dict(w["patterns"])) for w in data["winners"]],
            ledger=[dict(e) for e in data["ledger"]],
            passed_fan=list(data["passed_fan"]),
            draws=list(data["draws"]),
            clean=data["clean"],
            end=data["end"],
            next_dealer=data["next_dealer"],
            settlement=data["settlement"],
            seed_sha256=data["seed_sha256"],
            actions=data["actions"],
            # Stored before the pool was kept: the seats' discards one after another.
            pool=[list(p) for p in data["pool"]]
            if "pool" in data
            else [[seat, tile] for seat, pile in enumerate(data["discards"]) for tile in pile],
            exchange_direction=data.get("exchange_direction"),
            exchange_picks=[
                list(p) if p is not None else None for p in data.get("exchange_picks", [])
            ],
            win_tiles=[list(w) for w in data.get("win_tiles", [])],
        )
