"""One round of 血战到底 as a pure state machine (RULES.md sections 2–5, 8 and 9).

``Round`` holds the whole state. ``legal_actions(seat)`` lists what a seat may do now;
``apply(seat, action)`` either applies one action and returns the events it caused, or
raises ``IllegalAction`` and leaves the state exactly as it was (every check runs
before anything changes). Draws, automatic wins and the end-of-round settlement are
not actions: they happen inside ``apply`` as consequences.

An action is a tuple ``(verb, arg)``: ``("void", suit)``, ``("discard", tile)``,
``("zimo", None)``, ``("concealed_kong", tile)``, ``("added_kong", tile)`` and, to answer a
claim on a discard or a robbable kong, ``("win" | "pong" | "kong" | "pass", None)``; with
换三张 (option ``exchange_three``) also ``("exchange", (t1, t2, t3))``.
``parse_action`` turns the JSON form ``{"type": "discard", "tile": "5m"}`` into one.

Phases: ``exchange`` (换三张, only with the option: everyone picks three tiles),
``void`` (everyone chooses 定缺), ``turn`` (``current`` acts), ``claim`` (the
players offered a discard answer), ``rob`` (the players who can rob an added kong
answer), ``ended``.
"""

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from games.rules import exchange
from games.rules.hands import Meld, is_winning
from games.rules.options import RoomOptions
from games.rules.scoring import Score, WinContext, score_win
from games.rules.settlement import Settlement, Standing, settle_wall_empty
from games.rules.tiles import (
    RANKS,
    SUITS,
    TILE_KINDS,
    format_tiles,
    from_counts,
    full_set,
    parse_tile,
    parse_tiles,
    suit_index,
    tile_str,
    to_counts,
)

SEATS = 4
CLAIM_VERBS = ("win", "kong", "pong", "pass")
TURN_VERBS = ("discard", "zimo", "concealed_kong", "added_kong")
VERBS = ("exchange", "void") + TURN_VERBS + CLAIM_VERBS
TILE_VERBS = ("discard", "concealed_kong", "added_kong")
LAST_FOUR = 4  # 最后四张: the wall size at or below which wins become automatic
KONG_FAN = {"kong": 1, "added": 1, "concealed": 2}  # 杠番 of 血流成河, xueliu_kongs = fan

Action = tuple[str, int | tuple[int, ...] | None]


def gettext_noop(message: str) -> str:
    """Marks a message for translation (``makemessages`` collects it) without importing
    Django: the web layer translates ``IllegalAction.message`` for the player."""
    return message


# Refusal for a seat that is not asked while a tile is on offer.
OFFER_PENDING = gettext_noop("wait: the tile on offer is not settled yet")


class IllegalAction(Exception):
    """The action is not allowed now; the message says why. Nothing has changed.

    ``message`` is an English sentence with %(name)s placeholders filled from ``params``
    (``tile``: a tile code, ``suit``: a suit letter), so the web layer can show it in the
    player's language.
    """

    def __init__(self, message: str, **params: str) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)


def parse_action(data: Any) -> Action:
    """``{"type": "discard", "tile": "5m"}`` / ``{"type": "void", "suit": "m"}`` -> Action."""
    if not isinstance(data, dict):
        raise IllegalAction(gettext_noop("an action is an object like {type, tile}"))
    verb = data.get("type")
    if verb not in VERBS:
        raise IllegalAction(gettext_noop("unknown action %(verb)s"), verb=str(verb)[:20])
    try:
        if verb == "void":
            return verb, suit_index(data.get("suit"))
        if verb in TILE_VERBS:
            return verb, parse_tile(data.get("tile"))
        if verb == "exchange":
            tiles = data.get("tiles")
            if not isinstance(tiles, str):
                raise ValueError("name three tiles like 123m")
            return verb, tuple(sorted(parse_tiles(tiles)))
    except ValueError as exc:
        raise IllegalAction(gettext_noop("malformed action: %(error)s"), error=str(exc)) from None
    return verb, None


def action_to_dict(action: Action) -> dict:
    verb, arg = action
    if verb == "void":
        return {"type": verb, "suit": SUITS[arg]}
    if verb in TILE_VERBS:
        return {"type": verb, "tile": tile_str(arg)}
    if verb == "exchange":
        return {"type": verb, "tiles": format_tiles(arg)}
    return {"type": verb}


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


# How a seed orders the wall. Shuffle 1 was keyed by sha256(seed), the very commitment
# shown at the table before play, so anyone could deal the round from it; shuffle 2 is
# keyed by the secret seed itself (RULES.md section 2). Rounds record the shuffle they
# were dealt with, so that the ones dealt before keep re-dealing and verifying.
SHUFFLE_KEYED_BY_HASH = 1
SHUFFLE_KEYED_BY_SEED = 2
CURRENT_SHUFFLE = SHUFFLE_KEYED_BY_SEED


def shuffled_wall(seed: str, shuffle: int = CURRENT_SHUFFLE) -> list[int]:
    """The 108 tiles in the order a seed gives; anyone with the seed can re-deal."""
    if shuffle == SHUFFLE_KEYED_BY_SEED:
        key = f"xuezhan-wall:{seed}"
    elif shuffle == SHUFFLE_KEYED_BY_HASH:
        key = seed_hash(seed)
    else:
        raise ValueError(f"unknown shuffle {shuffle!r}")
    wall = full_set()
    random.Random(key).shuffle(wall)
    return wall


@dataclass
class Claim:
    """A discard (or an added kong's tile) waiting for answers."""

    kind: str  # "discard" or "rob"
    tile: int
    source: int  # the discarder or the kong maker
    options: dict[int, list[str]]  # seat -> verbs offered
    answers: dict[int, str] = field(default_factory=dict)
    win_fans: dict[int, int] = field(default_factory=dict)  # fan each offered win scores
    after_kong: bool = False  # the discard follows the discarder's kong (杠上炮)
    last_tile: bool = False  # the discard after the wall's last tile (海底炮)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "tile": self.tile,
            "source": self.source,
            "options": {str(k): v for k, v in self.options.items()},
            "answers": {str(k): v for k, v in self.answers.items()},
            "win_fans": {str(k): v for k, v in self.win_fans.items()},
            "after_kong": self.after_kong,
            "last_tile": self.last_tile,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Claim":
        return cls(
            kind=data["kind"],
            tile=data["tile"],
            source=data["source"],
            options={int(k): v for k, v in data["options"].items()},
            answers={int(k): v for k, v in data["answers"].items()},
            win_fans={int(k): v for k, v in data["win_fans"].items()},
            after_kong=data["after_kong"],
            last_tile=data["last_tile"],
        )


@dataclass
class Round:
    options: RoomOptions
    dealer: int
    hands: list[list[int]]  # counts of concealed tiles per seat
    wall: list[int]  # the undrawn tiles; draws take wall[0]
    melds: list[list[Meld]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    discards: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    voids: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    phase: str = "void"
    current: int = 0
    drawn: int | None = None  # the tile the current player just drew
    turn_kind: str = "deal"  # how `current` got the turn: deal, draw, kong_draw, pong
    kong_fed_by: int | None = None  # who discarded the tile of the current exposed kong
    turn_kongs: int = 0  # kongs made by `current` in this turn
    turn_kong_entries: list[int] = field(default_factory=list)  # their ledger rows
    claim: Claim | None = None
    out: list[bool] = field(default_factory=lambda: [False] * SEATS)
    winners: list[dict] = field(default_factory=list)
    ledger: list[dict] = field(default_factory=list)
    passed_fan: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    draws: list[int] = field(default_factory=lambda: [0] * SEATS)
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
    exchange_picks: list[list[int] | None] = field(default_factory=lambda: [None] * SEATS)
    # 血流成河 (RULES.md section 13): each seat's winning tiles, in the order won, laid face
    # up beside the hand. A self-drawn one has left the hand; one won on a discard stays
    # in the discarder's pile as well (several players may win on that one tile).
    win_tiles: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    # Not part of the state: set on a copy to stop at the moment a tile is put on offer
    # even when nobody may claim it (the table shows that moment to everyone alike; see
    # games.offers).
    stop_at_offer: bool = field(default=False, compare=False, repr=False)
    # Not part of the state either: set when replaying a round stored before the ledger
    # wrote a 承包 (kong_bloom_from_discard = feeder_all) as one entry. Those rounds keep
    # the rows they were written with, one per covered share (games.replay).
    share_rows: bool = field(default=False, compare=False, repr=False)

    # --- construction ---------------------------------------------------------------

    @classmethod
    def deal(cls, seed: str, dealer: int, options: RoomOptions | None = None,
             shuffle: int = CURRENT_SHUFFLE) -> "Round":
        """A new round from a seed: dealer 14 tiles, the others 13, the rest is the wall."""
        wall = shuffled_wall(seed, shuffle)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        position = 0
        for offset in range(SEATS):
            seat = (dealer + offset) % SEATS
            size = 14 if seat == dealer else 13
            hands[seat] = wall[position : position + size]
            position += size
        options = options or RoomOptions()
        direction = exchange.direction_from_seed(seed) if options.exchange_three else None
        state = cls.from_deal(hands, wall[position:], dealer, options,
                              exchange_direction=direction)
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
        needs ``exchange_direction`` (next, previous or opposite); without, it is unused."""
        options = options or RoomOptions()
        if options.exchange_three:
            exchange.check_direction(exchange_direction)
        else:
            exchange_direction = None
        if len(hands) != SEATS:
            raise ValueError(f"a round needs {SEATS} hands, got {len(hands)}")
        if dealer not in range(SEATS):
            raise ValueError(f"the dealer is a seat 0–3, got {dealer!r}")
        for seat, hand in enumerate(hands):
            expected = 14 if seat == dealer else 13
            if len(hand) != expected:
                raise ValueError(f"seat {seat} has {len(hand)} tiles, the deal gives {expected}")
        counts = to_counts([t for hand in hands for t in hand] + list(wall))
        if any(n > 4 for n in counts):
            raise ValueError("the deal holds more than four copies of a tile")
        return cls(
            options=options,
            dealer=dealer,
            hands=[to_counts(hand) for hand in hands],
            wall=list(wall),
            current=dealer,
            phase="exchange" if options.exchange_three else "void",
            exchange_direction=exchange_direction,
        )

    # --- small queries --------------------------------------------------------------

    @property
    def active(self) -> list[int]:
        return [seat for seat in range(SEATS) if not self.out[seat]]

    def next_active(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            candidate = (seat + step) % SEATS
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
            counts, self.melds[seat], self.voids[seat], context, options, self.gangfan(seat))

    def _bloom_paid_as_ron(self) -> bool:
        """点杠花 paid by the feeder alone (option kong_bloom_from_discard = ron)."""
        return self.kong_fed_by is not None and self.options.kong_bloom_from_discard == "ron"

    def _bloom_covered_by_feeder(self) -> bool:
        """点杠花 with kong_bloom_from_discard = feeder_all (seed 001 承包: "引杠者本人负责
        杠上花分数"): the feeder pays every other active player's share."""
        return (self.kong_fed_by is not None
                and self.options.kong_bloom_from_discard == "feeder_all")

    def _zimo_context(self, seat: int) -> WinContext:
        how = "kong_draw" if self.turn_kind == "kong_draw" else "zimo"
        first_action = self.clean and self.turn_kind in ("deal", "draw")
        return WinContext(
            how=how,
            tianhu=first_action and seat == self.dealer and self.turn_kind == "deal",
            dihu=first_action and seat != self.dealer and self.draws[seat] == 1,
            last_tile=not self.wall and self.turn_kind != "deal",
        )

    def _claim_context(self, claim: Claim) -> WinContext:
        if claim.kind == "rob":
            return WinContext(how="rob_kong")
        how = "after_kong" if claim.after_kong else "ron"
        return WinContext(how=how, last_tile=claim.last_tile)

    # --- legal actions --------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not their move)."""
        if self.phase == "exchange":
            if self.exchange_picks[seat] is not None:
                return []
            return [("exchange", pick) for pick in exchange.all_picks(self.hands[seat])]
        if self.phase == "void":
            if self.voids[seat] is not None:
                return []
            return [("void", suit) for suit in range(len(SUITS))]
        if self.phase in ("claim", "rob"):
            claim = self.claim
            if seat not in claim.options or seat in claim.answers:
                return []
            return [(verb, None) for verb in claim.options[seat]]
        if self.phase != "turn" or seat != self.current:
            return []
        return self._turn_actions(seat)

    def _turn_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        counts = self.hands[seat]
        void = self.voids[seat]
        if self.turn_kind != "pong" and self._win_score(seat, None, self._zimo_context(seat)):
            actions.append(("zimo", None))
        if self.locked(seat) and self.drawn is not None:
            # Seed 002: "除了胡牌以外，只能摸什么牌就打什么牌" — win, or throw what was drawn.
            actions.append(("discard", self.drawn))
            return actions
        if self.wall:
            for t in range(TILE_KINDS):
                if counts[t] == 4 and t // RANKS != void:
                    actions.append(("concealed_kong", t))
            for meld in self.melds[seat]:
                if meld.kind == "pong" and counts[meld.tile]:
                    actions.append(("added_kong", meld.tile))
        must_void = self.holds_void(seat)
        for t in range(TILE_KINDS):
            if counts[t] and (not must_void or t // RANKS == void):
                actions.append(("discard", t))
        return actions

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction, with the reason, unless ``seat`` may do ``action`` now."""
        if seat not in range(SEATS):
            raise IllegalAction(gettext_noop("there is no seat %(seat)s"), seat=str(seat))
        verb, arg = action
        if verb not in VERBS:
            raise IllegalAction(gettext_noop("unknown action %(verb)s"), verb=str(verb))
        if self.phase == "ended":
            raise IllegalAction(gettext_noop("the round has ended"))
        if verb == "exchange" and self.phase == "exchange" and self.exchange_picks[seat] is None:
            try:
                exchange.validate_pick(self.hands[seat], arg)
            except exchange.BadPick as exc:
                raise IllegalAction(exc.message, **exc.params) from None
            return
        if action in self.legal_actions(seat):
            return
        message, params = self._why_illegal(seat, verb, arg)
        raise IllegalAction(message, **params)

    def _why_illegal(self, seat: int, verb: str, arg: int | None) -> tuple[str, dict]:
        if self.out[seat]:
            return gettext_noop("you have already won this round"), {}
        if self.phase == "exchange":
            if verb != "exchange":
                return gettext_noop("everyone picks three tiles to swap first"), {}
            return gettext_noop("you have already picked your three tiles"), {}
        if verb == "exchange":
            if not self.options.exchange_three:
                return gettext_noop("this room does not swap three tiles"), {}
            return gettext_noop("the tiles have already been swapped"), {}
        if self.locked(seat) and self.phase in ("claim", "rob") and verb in ("pong", "kong"):
            if seat in self.claim.options and seat not in self.claim.answers:
                return gettext_noop("no pong or kong after a win: your hand is locked"), {}
        if (self.locked(seat) and self.phase == "turn" and seat == self.current
                and verb in TILE_VERBS):
            return gettext_noop(
                "your hand is locked since your win: win or discard the tile you drew"), {}
        if self.phase == "void":
            if verb != "void":
                return gettext_noop("everyone chooses a void suit first"), {}
            return gettext_noop("you have already chosen your void suit"), {}
        if verb == "void":
            return gettext_noop("the void suits are already chosen"), {}
        if self.phase in ("claim", "rob"):
            return self._why_illegal_answer(seat, verb)
        if verb in CLAIM_VERBS:
            return gettext_noop("there is no discard to answer"), {}
        if seat != self.current:
            return gettext_noop("it is not your turn"), {}
        if verb == "zimo":
            if self.turn_kind == "pong":
                return gettext_noop("after a pong you discard: no win until your next draw"), {}
            return gettext_noop("your hand does not win"), {}
        tile = arg
        if tile is None or not 0 <= tile < TILE_KINDS:
            return gettext_noop("name a tile"), {}
        named = {"tile": tile_str(tile)}
        if not self.hands[seat][tile]:
            return gettext_noop("you do not hold %(tile)s"), named
        if tile // RANKS == self.voids[seat] and verb != "discard":
            return gettext_noop("you may not kong a tile of your void suit"), {}
        if verb in ("concealed_kong", "added_kong") and not self.wall:
            return gettext_noop("no kong when the wall is empty"), {}
        if verb == "concealed_kong":
            return gettext_noop("a concealed kong needs four %(tile)s"), named
        if verb == "added_kong":
            return gettext_noop("you have no pong of %(tile)s"), named
        if verb == "discard" and self.holds_void(seat):
            suit = {"suit": SUITS[self.voids[seat]]}
            return gettext_noop("discard your void suit (%(suit)s) first"), suit
        return gettext_noop("not allowed now"), {}

    def _why_illegal_answer(self, seat: int, verb: str) -> tuple[str, dict]:
        claim = self.claim
        if seat not in claim.options:
            # The same words whether or not anybody may claim: they must not tell.
            return OFFER_PENDING, {}
        if seat in claim.answers:
            return gettext_noop("you have already answered"), {}
        if verb not in CLAIM_VERBS:
            return gettext_noop("answer the claim first"), {}
        if verb == "win" and self.passed_fan[seat] is not None:
            return gettext_noop("you passed a win since your last draw (过水不胡)"), {}
        if verb == "win":
            return gettext_noop("you cannot win on this tile"), {}
        if verb == "kong":
            return gettext_noop("you cannot kong this tile"), {}
        return gettext_noop("you cannot pong this tile"), {}

    # --- applying actions -----------------------------------------------------------

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

    def _pick_exchange(self, seat: int, pick: tuple[int, ...], events: list[dict]) -> None:
        pick = exchange.validate_pick(self.hands[seat], pick)
        self.exchange_picks[seat] = list(pick)
        # The tiles are in the log, but a player's view shows only their own pick.
        events.append({"type": "exchange_picked", "seat": seat, "tiles": format_tiles(pick)})
        if any(p is None for p in self.exchange_picks):
            return
        exchange.swap(self.hands, [tuple(p) for p in self.exchange_picks],
                      self.exchange_direction)
        events.append({"type": "tiles_exchanged", "direction": self.exchange_direction})
        self.phase = "void"

    def exchange_of(self, seat: int) -> dict | None:
        """What ``seat`` gave and got in 换三张, as that player may see it: their own pick,
        and once the tiles moved, the direction and the tiles that arrived."""
        if self.exchange_direction is None:
            return None
        pick = self.exchange_picks[seat]
        done = self.phase != "exchange"
        source = exchange.giver(seat, self.exchange_direction)
        return {
            "picked": format_tiles(pick) if pick is not None else None,
            "direction": self.exchange_direction if done else None,
            "received": format_tiles(self.exchange_picks[source]) if done else None,
        }

    def _choose_void(self, seat: int, suit: int, events: list[dict]) -> None:
        self.voids[seat] = suit
        events.append({"type": "void_chosen", "seat": seat, "suit": SUITS[suit]})
        if all(v is not None for v in self.voids):
            events.append({"type": "voids_revealed", "voids": [SUITS[v] for v in self.voids]})
            self.phase = "turn"
            self.current = self.dealer
            self.turn_kind = "deal"

    def _discard(self, seat: int, tile: int, events: list[dict]) -> None:
        self.hands[seat][tile] -= 1
        self.discards[seat].append(tile)
        self.pool.append([seat, tile])
        self.drawn = None
        events.append({"type": "discard", "seat": seat, "tile": tile_str(tile)})
        claim = Claim(
            kind="discard",
            tile=tile,
            source=seat,
            options={},
            after_kong=self.turn_kongs > 0,
            last_tile=not self.wall,
        )
        auto_ron = self.options.last_four_auto_ron and len(self.wall) <= self.last_tiles()
        for other in self.active:
            if other == seat:
                continue
            verbs = self._claim_verbs(other, claim)
            if verbs:
                claim.options[other] = verbs + ["pass"]
                if auto_ron and "win" in verbs:
                    claim.answers[other] = "win"
        if not claim.options and not self.stop_at_offer:
            self._pass_turn(seat, events)
            return
        self.claim = claim
        self.phase = "claim"
        if not claim.options:
            return
        events.append(
            {"type": "claim_offered", "tile": tile_str(tile), "seats": sorted(claim.options)}
        )
        if claim.answers:
            # An automatic win (last_four_auto_ron) resolves the claim at once (RULES.md
            # section 5): rule 1 would void the pong or kong of anyone still to answer.
            self._resolve_claim(events)

    def _claim_verbs(self, seat: int, claim: Claim) -> list[str]:
        verbs = []
        tile = claim.tile
        score = self._win_score(seat, tile, self._claim_context(claim))
        if score is not None and not self._blocked(seat, score.fan):
            verbs.append("win")
            claim.win_fans[seat] = score.fan
        count = self.hands[seat][tile]
        if (count >= 2 and claim.kind == "discard" and tile // RANKS != self.voids[seat]
                and not self.locked(seat)):
            if count == 3 and self.wall:
                verbs.append("kong")
            verbs.append("pong")
        return verbs

    def _blocked(self, seat: int, fan: int) -> bool:
        passed = self.passed_fan[seat]
        return self.options.pass_blocks_ron and passed is not None and fan <= passed

    def _answer(self, seat: int, verb: str, events: list[dict]) -> None:
        claim = self.claim
        claim.answers[seat] = verb
        events.append({"type": "claim_answered", "seat": seat, "answer": verb})
        if len(claim.answers) == len(claim.options):
            self._resolve_claim(events)

    def _resolve_claim(self, events: list[dict]) -> None:
        claim = self.claim
        self.claim = None
        for seat, verb in claim.answers.items():
            if verb != "win" and seat in claim.win_fans:
                # 过水不胡: remember the biggest win passed since this seat's last draw.
                passed = self.passed_fan[seat]
                self.passed_fan[seat] = max(claim.win_fans[seat], passed or 0)
        winners = [
            (claim.source + step) % SEATS
            for step in range(1, SEATS)
            if claim.answers.get((claim.source + step) % SEATS) == "win"
        ]
        if winners:
            self._claim_wins(claim, winners, events)
            return
        if claim.kind == "rob":
            self._added_kong_stands(claim.source, claim.tile, events)
            return
        for seat, verb in claim.answers.items():
            if verb == "kong":
                self._exposed_kong(seat, claim, events)
                return
            if verb == "pong":
                self._pong(seat, claim, events)
                return
        self._pass_turn(claim.source, events)

    def _claim_wins(self, claim: Claim, winners: list[int], events: list[dict]) -> None:
        context = self._claim_context(claim)
        source = claim.source
        reason = "rob_kong" if claim.kind == "rob" else "ron"
        if claim.kind == "rob":
            # The robbed tile leaves the kong maker's hand; the kong never happens.
            self.hands[source][claim.tile] -= 1
            self.discards[source].append(claim.tile)
            self.pool.append([source, claim.tile])
        transfer = sum(self.ledger[i]["amount"] for i in self.turn_kong_entries)
        for seat in winners:
            counts = list(self.hands[seat])
            counts[claim.tile] += 1
            score = score_win(counts, self.melds[seat], self.voids[seat], context, self.options,
                              self.gangfan(seat))
            self._record_win(seat, reason, score, claim.tile, source, events, self.actions)
            self._pay(source, seat, score.points, reason, events)
            if claim.after_kong and self.options.kong_transfer and transfer:
                self._pay(source, seat, transfer, "kong_transfer", events)
        if claim.after_kong and self.options.kong_transfer:
            for index in self.turn_kong_entries:
                self.ledger[index]["transferred"] = True
        self._after_win(winners[-1], events)

    def _record_win(
        self,
        seat: int,
        how: str,
        score: Score,
        tile: int,
        source: int | None,
        events: list[dict],
        claim: int | None = None,
    ) -> None:
        if self.options.xueliu:
            # 血流成河: the winner plays on; the winning tile is laid beside the hand.
            if how == "zimo":
                self.hands[seat][tile] -= 1
            self.win_tiles[seat].append(tile)
        else:
            self.out[seat] = True
        self.clean = False
        record = {
            "seat": seat,
            "how": how,
            "fan": score.fan,
            "raw_fan": score.raw_fan,
            "pattern": score.pattern,
            "patterns": dict(score.patterns),
            "points": score.points,
            "tile": tile_str(tile),
            "from": source,
            "order": len(self.winners),
            "claim": claim,  # the action number of the claim won on; None for 自摸
        }
        if self.options.xueliu:
            # A seat may win many times: where this win's payments start in the ledger,
            # so each payment can be told apart by the win it pays (games.settlement_words).
            record["ledger_from"] = len(self.ledger)
        self.winners.append(record)
        events.append({"type": "win", **record})

    def _pay(self, payer: int, payee: int, amount: int, reason: str, events: list[dict],
             covers: list[int] | int | None = None) -> int:
        entry = {"payer": payer, "payee": payee, "amount": amount, "reason": reason}
        if covers is not None:
            # 承包: the players whose shares the payer takes over (one seat in the rows
            # of a round stored before the shares were paid as one entry).
            entry["covers"] = covers
        self.ledger.append(entry)
        events.append({"type": "payment", **entry})
        return len(self.ledger) - 1

    def _after_win(self, last_winner: int, events: list[dict]) -> None:
        """Play goes on with the next active player after the (farthest) winner."""
        self._reset_turn()
        if len(self.active) <= 1:
            self._end("one_left", events)
            return
        self._draw(self.next_active(last_winner), "draw", events)

    def _reset_turn(self) -> None:
        self.turn_kongs = 0
        self.turn_kong_entries = []
        self.kong_fed_by = None
        self.drawn = None

    def _pass_turn(self, discarder: int, events: list[dict]) -> None:
        self._reset_turn()
        self._draw(self.next_active(discarder), "draw", events)

    def _draw(self, seat: int, kind: str, events: list[dict]) -> None:
        """``seat`` draws the next tile (a replacement after a kong when kind is kong_draw)."""
        if not self.wall:
            self._end("wall_empty", events)
            return
        wall_before = len(self.wall)
        tile = self.wall.pop(0)
        self.hands[seat][tile] += 1
        self.phase = "turn"
        self.current = seat
        self.drawn = tile
        self.turn_kind = kind
        self.passed_fan[seat] = None
        if kind == "draw":
            self.draws[seat] += 1
        events.append({"type": "draw", "seat": seat, "tile": tile_str(tile), "kind": kind})
        if self.options.last_four_must_win and wall_before <= self.last_tiles():
            if self._win_score(seat, None, self._zimo_context(seat)):
                events.append({"type": "auto_win", "seat": seat})
                self._zimo(seat, events)

    def _zimo(self, seat: int, events: list[dict]) -> None:
        context = self._zimo_context(seat)
        score = self._win_score(seat, None, context)
        tile = (
            self.drawn
            if self.drawn is not None
            else next(t for t in range(TILE_KINDS) if self.hands[seat][t])
        )
        self._record_win(seat, "zimo", score, tile, None, events)
        if context.how == "kong_draw" and self._bloom_paid_as_ron():
            self._pay(self.kong_fed_by, seat, score.points, "zimo", events)
        elif context.how == "kong_draw" and self._bloom_covered_by_feeder():
            self._feeder_pays_all(seat, score.points, events)
        else:
            for other in self.active:
                if other != seat:
                    self._pay(other, seat, score.points, "zimo", events)
        self._after_win(seat, events)

    def _feeder_pays_all(self, seat: int, points: int, events: list[dict]) -> None:
        """承包: the feeder of the kong pays the share of every other active player, their
        own included, as one entry (RULES.md section 8: one entry per payer and payee of
        each event); ``covers`` names the shares, so that the history can say whose they
        are."""
        shares = self._others_active(seat)
        if self.share_rows:
            for other in shares:
                self._pay(self.kong_fed_by, seat, points, "zimo", events, covers=other)
            return
        self._pay(self.kong_fed_by, seat, points * len(shares), "zimo", events, covers=shares)

    def _kong_payments(
        self, seat: int, payers: list[int], amount: int, reason: str, events: list[dict]
    ) -> None:
        if self.options.xueliu and self.options.xueliu_kongs == "fan":
            # Seed 002: "开杠实行杠近杠出" — no 刮风下雨 money; the kong is 杠番 instead.
            payers = []
        for payer in payers:
            self.turn_kong_entries.append(self._pay(payer, seat, amount, reason, events))
        self.turn_kongs += 1
        self.clean = False

    def _others_active(self, seat: int) -> list[int]:
        return [other for other in self.active if other != seat]

    def _concealed_kong(self, seat: int, tile: int, events: list[dict]) -> None:
        self.hands[seat][tile] -= 4
        self.melds[seat].append(Meld("concealed", tile))
        events.append({"type": "kong", "kind": "concealed", "seat": seat, "tile": tile_str(tile)})
        self.kong_fed_by = None
        self._kong_payments(
            seat, self._others_active(seat), 2 * self.options.base, "kong_concealed", events
        )
        self._draw(seat, "kong_draw", events)

    def _added_kong(self, seat: int, tile: int, events: list[dict]) -> None:
        claim = Claim(kind="rob", tile=tile, source=seat, options={})
        for other in self._others_active(seat):
            if self._claim_verbs(other, claim):
                claim.options[other] = ["win", "pass"]
        events.append({"type": "added_kong_declared", "seat": seat, "tile": tile_str(tile)})
        if not claim.options and not self.stop_at_offer:
            self._added_kong_stands(seat, tile, events)
            return
        self.claim = claim
        self.phase = "rob"
        if not claim.options:
            return
        events.append(
            {
                "type": "claim_offered",
                "tile": tile_str(tile),
                "seats": sorted(claim.options),
                "rob": True,
            }
        )

    def _added_kong_stands(self, seat: int, tile: int, events: list[dict]) -> None:
        pays = self._added_kong_pays(tile)
        self.hands[seat][tile] -= 1
        index = self.pong_of(seat, tile)
        self.melds[seat][index] = Meld("added", tile)
        self.phase = "turn"
        self.current = seat
        self.kong_fed_by = None
        event = {"type": "kong", "kind": "added", "seat": seat, "tile": tile_str(tile)}
        if not pays:
            event["unpaid"] = True  # late: 只算根, the history must not claim 刮风
        events.append(event)
        payers = self._others_active(seat) if pays else []
        self._kong_payments(seat, payers, self.options.base, "kong_added", events)
        self._draw(seat, "kong_draw", events)

    def _added_kong_pays(self, tile: int) -> bool:
        """Does this added kong pay 刮风? Always by default; with late_added_kong_pays off
        only when made on the turn its 4th tile was just drawn (seed 001 rule 12: "碰牌后，
        摸到第四张不及时杠，之后再杠时只算根"). A later one is still a kong of four: 根."""
        if self.options.late_added_kong_pays:
            return True
        return self.drawn == tile and self.turn_kind in ("draw", "kong_draw")

    def _take_discard(self, claim: Claim) -> None:
        pile = self.discards[claim.source]
        assert pile and pile[-1] == claim.tile
        pile.pop()
        if self.pool and self.pool[-1] == [claim.source, claim.tile]:
            self.pool.pop()

    def _exposed_kong(self, seat: int, claim: Claim, events: list[dict]) -> None:
        self._take_discard(claim)
        self.hands[seat][claim.tile] -= 3
        self.melds[seat].append(Meld("kong", claim.tile))
        self._reset_turn()
        self.kong_fed_by = claim.source  # for 点杠花 if the replacement draw wins
        events.append(
            {
                "type": "kong",
                "kind": "exposed",
                "seat": seat,
                "tile": tile_str(claim.tile),
                "from": claim.source,
            }
        )
        self._kong_payments(seat, [claim.source], 2 * self.options.base, "kong_exposed", events)
        self._draw(seat, "kong_draw", events)

    def _pong(self, seat: int, claim: Claim, events: list[dict]) -> None:
        self._take_discard(claim)
        self.hands[seat][claim.tile] -= 2
        self.melds[seat].append(Meld("pong", claim.tile))
        self._reset_turn()
        self.clean = False
        self.phase = "turn"
        self.current = seat
        self.turn_kind = "pong"
        events.append(
            {"type": "pong", "seat": seat, "tile": tile_str(claim.tile), "from": claim.source}
        )

    # --- the end --------------------------------------------------------------------

    def _end(self, end: str, events: list[dict]) -> None:
        self.phase = "ended"
        self.end = end
        self.claim = None
        self.drawn = None
        if end == "wall_empty" and (len(self.active) >= 2 or self.options.xueliu):
            self._settle(events)
        self.next_dealer = self._next_dealer()
        events.append({"type": "round_end", "end": end, "next_dealer": self.next_dealer})

    def _settle(self, events: list[dict]) -> None:
        standings = [
            Standing(seat, self.hands[seat], self.melds[seat], self.voids[seat],
                     self.gangfan(seat))
            for seat in self.active
        ]
        # 血流成河: the checks apply to the players who never won (RULES.md section 13).
        won = [s for s in standings if self.locked(s.seat)]
        standings = [s for s in standings if not self.locked(s.seat)]
        income_rows = [
            index
            for index, e in enumerate(self.ledger)
            if e["reason"].startswith("kong_")
            and e["reason"] not in ("kong_transfer", "kong_refund")
            and not e.get("transferred")
        ]
        kong_income = [
            (self.ledger[i]["payer"], self.ledger[i]["payee"], self.ledger[i]["amount"])
            for i in income_rows
        ]
        result = settle_wall_empty(
            standings, list(range(SEATS)), kong_income, self.options, won)
        self.settlement = {
            "pigs": result.pigs,
            "ready": {str(seat): fan for seat, fan in result.ready.items()},
            "not_ready": result.not_ready,
            **_settlement_details(result, income_rows),
        }
        if self.options.xueliu:
            self.settlement["won"] = [s.seat for s in won]
        events.append({"type": "settlement", **self.settlement})
        for payer, payee, amount, reason in result.payments:
            self._pay(payer, payee, amount, reason, events)

    def _next_dealer(self) -> int:
        if not self.winners:
            return self.dealer  # 荒庄不下庄
        first = self.winners[0]
        same_discard = [w for w in self.winners if w["claim"] == first["claim"]]
        if first["claim"] is not None and len(same_discard) > 1:
            return first["from"]  # 一炮多响: the discarder deals next
        return first["seat"]

    # --- what one player may see -------------------------------------------------

    def void_visible(self, seat: int, viewer: int | None) -> bool:
        """Void choices stay secret until all four have chosen (a player sees their own)."""
        return seat == viewer or all(v is not None for v in self.voids)

    def concealed_kong_seen(self, seat: int, viewer: int | None) -> bool:
        """Is the tile of ``seat``'s concealed kongs seen by ``viewer``? By the owner; by
        everyone when the room shows one tile of each (concealed_kong_shown; seeds 001/002:
        "暗杠也必须亮一个牌出来")."""
        return seat == viewer or self.options.concealed_kong_shown

    def melds_seen_by(self, seat: int, viewer: int | None) -> list[list]:
        """A concealed kong's tile is seen only by its owner (others see four backs),
        unless the room shows one tile of every concealed kong."""
        seen = self.concealed_kong_seen(seat, viewer)
        return [
            [m.kind, tile_str(m.tile) if (m.kind != "concealed" or seen) else None]
            for m in self.melds[seat]
        ]

    def visible_counts(self, seat: int) -> list[int]:
        """Copies of each tile ``seat`` can see: own hand, all melds shown, all discards."""
        seen = list(self.hands[seat])
        for other in range(SEATS):
            for meld in self.melds[other]:
                if meld.kind != "concealed" or self.concealed_kong_seen(other, seat):
                    seen[meld.tile] += meld.size
            for t in self.discards[other]:
                seen[t] += 1
        for t in self._drawn_win_tiles():
            seen[t] += 1
        return seen

    def _drawn_win_tiles(self) -> list[int]:
        """血流成河: the self-drawn winning tiles, which have left the hands face up (a
        tile won on a discard is still counted in its discarder's pile)."""
        if not self.options.xueliu:
            return []
        return [parse_tile(w["tile"]) for w in self.winners if w["how"] == "zimo"]

    def view(self, viewer: int | None) -> dict:
        """The state as ``viewer`` may see it (None: a spectator): own hand face up,
        the others' hands only as counts, never the wall's order."""
        players = []
        for seat in range(SEATS):
            players.append(
                {
                    "seat": seat,
                    "hand_count": sum(self.hands[seat]),
                    "melds": self.melds_seen_by(seat, viewer),
                    "discards": [tile_str(t) for t in self.discards[seat]],
                    "void": SUITS[self.voids[seat]]
                    if self.voids[seat] is not None and self.void_visible(seat, viewer)
                    else None,
                    "void_chosen": self.voids[seat] is not None,
                    "exchange_picked": self.exchange_picks[seat] is not None,
                    "out": self.out[seat],
                    # A winner lays the hand down (推倒), and once the round has ended
                    # every hand is (摊牌).
                    "hand": [tile_str(t) for t in self.hand_tiles(seat)]
                    if self.phase == "ended" or seat == viewer or self.out[seat]
                    or self.locked(seat)
                    else None,
                    "is_dealer": seat == self.dealer,
                    # 血流成河: the tiles this seat won with, one a win (已胡×n).
                    "win_tiles": [tile_str(t) for t in self.win_tiles[seat]],
                    "locked": self.locked(seat),
                }
            )
        view = {
            "viewer": viewer,
            "phase": self.phase,
            "dealer": self.dealer,
            "current": self.current if self.phase == "turn" else None,
            "wall_count": len(self.wall),
            "players": players,
            "winners": [dict(w, patterns=dict(w["patterns"])) for w in self.winners],
            "ledger": [dict(e) for e in self.ledger],
            "net": self.net(),
            "end": self.end,
            "next_dealer": self.next_dealer,
            "settlement": self.settlement,
            "claim": None,
            "hand": [],
            "drawn": None,
            "legal": [],
            # 换三张: None without the option; the direction once the tiles moved.
            "exchange": None,
        }
        if self.exchange_direction is not None:
            view["exchange"] = {
                "direction": self.exchange_direction if self.phase != "exchange" else None,
                "mine": self.exchange_of(viewer) if viewer is not None else None,
            }
        if self.claim is not None:
            view["claim"] = {
                "kind": self.claim.kind,
                "tile": tile_str(self.claim.tile),
                "source": self.claim.source,
                "waiting": viewer in self.claim.options and viewer not in self.claim.answers,
            }
        if viewer is not None:
            view["hand"] = [tile_str(t) for t in self.hand_tiles(viewer)]
            if self.phase == "turn" and self.current == viewer and self.drawn is not None:
                view["drawn"] = tile_str(self.drawn)
            if self.phase == "exchange":
                # Every pick would be hundreds of entries: the verb says a pick is asked.
                view["legal"] = [{"type": "exchange"}] if self.legal_actions(viewer) else []
            else:
                view["legal"] = [action_to_dict(a) for a in self.legal_actions(viewer)]
        return view

    def win_on_offer(self, seat: int) -> Score | None:
        """What ``seat`` would score by winning now: on the tile on offer, or (on their
        turn) by 自摸. None when they cannot win."""
        if self.phase in ("claim", "rob") and seat in self.claim.options:
            return self._win_score(seat, self.claim.tile, self._claim_context(self.claim))
        if self.phase == "turn" and seat == self.current and self.turn_kind != "pong":
            return self._win_score(seat, None, self._zimo_context(seat))
        return None

    def waiting_on(self) -> list[int]:
        """The seats whose decision the round is waiting for."""
        if self.phase == "exchange":
            return [seat for seat in range(SEATS) if self.exchange_picks[seat] is None]
        if self.phase == "void":
            return [seat for seat in range(SEATS) if self.voids[seat] is None]
        if self.phase in ("claim", "rob"):
            return [s for s in sorted(self.claim.options) if s not in self.claim.answers]
        if self.phase == "turn":
            return [self.current]
        return []

    def default_action(self, seat: int) -> Action:
        """The move of RULES.md section 11 for a player who does not act in time: a claim
        passes, the void is the suit with fewest tiles, a discard throws the tile just
        drawn (if that breaks the void rule or nothing was drawn: the bot's choice); in
        换三张 the pick is the bot's (RULES.md section 13)."""
        if self.phase == "exchange" and self.exchange_picks[seat] is None:
            from games.rules.bots import choose_exchange

            return ("exchange", choose_exchange(self, seat))
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalAction(gettext_noop("nothing is asked of this seat now"))
        if self.phase == "void":
            counts = self.hands[seat]
            by_suit = [sum(counts[s * RANKS : (s + 1) * RANKS]) for s in range(len(SUITS))]
            return ("void", by_suit.index(min(by_suit)))
        if self.phase in ("claim", "rob"):
            return ("pass", None)
        if self.drawn is not None and ("discard", self.drawn) in legal:
            return ("discard", self.drawn)
        from games.rules.bots import choose_discard

        return ("discard", choose_discard(self, seat))

    # --- results --------------------------------------------------------------------

    def net(self) -> list[int]:
        totals = [0] * SEATS
        for entry in self.ledger:
            totals[entry["payer"]] -= entry["amount"]
            totals[entry["payee"]] += entry["amount"]
        return totals

    def tiles_accounted(self) -> int:
        """Every tile is in a hand, a meld, a discard pile or the wall: this is 108."""
        total = len(self.wall)
        for seat in range(SEATS):
            total += sum(self.hands[seat]) + len(self.discards[seat])
            total += sum(meld.size for meld in self.melds[seat])
        return total + len(self._drawn_win_tiles())

    # --- serialisation --------------------------------------------------------------

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
            data["exchange_picks"] = [list(p) if p is not None else None
                                      for p in self.exchange_picks]
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
            pool=[list(p) for p in data["pool"]] if "pool" in data else [
                [seat, tile] for seat, pile in enumerate(data["discards"]) for tile in pile],
            exchange_direction=data.get("exchange_direction"),
            exchange_picks=[list(p) if p is not None else None
                            for p in data.get("exchange_picks", [None] * SEATS)],
            win_tiles=[list(w) for w in data.get("win_tiles", [[] for _ in range(SEATS)])],
        )


# Keys of ``Round.settlement`` that only explain its payments (games.settlement_words);
# rounds stored before they were recorded lack them.
SETTLEMENT_DETAILS = ("waits", "best", "refunds")


def _settlement_details(result: Settlement, income_rows: list[int]) -> dict:
    """What the settlement's payments rest on, for explaining them: each ready player's
    waits and the wait that sets their 查叫 (its tile, pattern and fan), and for each
    kong_refund payment in order, the ledger row of the kong payment it gives back."""
    return {
        "waits": {str(seat): [tile_str(t) for t in r.waits]
                  for seat, r in result.readiness.items()},
        "best": {str(seat): {"tile": tile_str(r.tile), **r.score.to_dict()}
                 for seat, r in result.readiness.items()},
        "refunds": [income_rows[position] for position in result.refunded],
    }


def _without_zimo_bonus(options: RoomOptions) -> RoomOptions:
    data = options.to_dict()
    data["zimo_bonus"] = "none"
    return RoomOptions.from_dict(data)
