"""What a seat may do now, and why not (RULES.md sections 3, 4 and 8): the legal
actions of each phase and the reason given for an illegal one, which the player reads.

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules import exchange
from games.rules.round.actions import (
    CLAIM_VERBS,
    OFFER_PENDING,
    TILE_VERBS,
    VERBS,
    Action,
    IllegalAction,
    gettext_noop,
)
from games.rules.tiles import (
    RANKS,
    SUITS,
    TILE_KINDS,
    tile_str,
)


class LegalMoves:
    """Round's legal moves, and the reason a move is refused."""

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
        if seat not in range(self.seats) or isinstance(seat, bool):
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
        """The first reason, in the rule book's order of the round: the start (换三张,
        定缺) and a locked hand before the claims, the claims before the turn."""
        for reason in (self._why_not_exchange, self._why_locked, self._why_not_void):
            found = reason(seat, verb)
            if found is not None:
                return found
        if self.phase in ("claim", "rob"):
            return self._why_illegal_answer(seat, verb)
        return self._why_illegal_turn(seat, verb, arg)

    def _why_not_exchange(self, seat: int, verb: str) -> tuple[str, dict] | None:
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
        return None

    def _why_locked(self, seat: int, verb: str) -> tuple[str, dict] | None:
        if not self.locked(seat):
            return None
        if self.phase in ("claim", "rob") and verb in ("pong", "kong"):
            if seat in self.claim.options and seat not in self.claim.answers:
                return gettext_noop("no pong or kong after a win: your hand is locked"), {}
        if self.phase == "turn" and seat == self.current and verb in TILE_VERBS:
            return gettext_noop(
                "your hand is locked since your win: win or discard the tile you drew"
            ), {}
        return None

    def _why_not_void(self, seat: int, verb: str) -> tuple[str, dict] | None:
        if self.phase == "void":
            if verb != "void":
                return gettext_noop("everyone chooses a void suit first"), {}
            return gettext_noop("you have already chosen your void suit"), {}
        if verb == "void":
            return gettext_noop("the void suits are already chosen"), {}
        return None

    def _why_illegal_turn(self, seat: int, verb: str, arg: int | None) -> tuple[str, dict]:
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
        return self._why_illegal_tile(seat, verb, tile)

    def _why_illegal_tile(self, seat: int, verb: str, tile: int) -> tuple[str, dict]:
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
