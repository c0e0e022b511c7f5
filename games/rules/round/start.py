"""The start of a round after the deal: 换三张 (RULES.md section 13, option
exchange_three) and 定缺, the void suit every player chooses (section 3).

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules import exchange
from games.rules.tiles import (
    SUITS,
    format_tiles,
)


class StartOfRound:
    """Round's start after the deal: 换三张 and 定缺."""

    def _pick_exchange(self, seat: int, pick: tuple[int, ...], events: list[dict]) -> None:
        pick = exchange.validate_pick(self.hands[seat], pick)
        self.exchange_picks[seat] = list(pick)
        # The tiles are in the log, but a player's view shows only their own pick.
        events.append({"type": "exchange_picked", "seat": seat, "tiles": format_tiles(pick)})
        if any(p is None for p in self.exchange_picks):
            return
        exchange.swap(self.hands, [tuple(p) for p in self.exchange_picks], self.exchange_direction)
        events.append({"type": "tiles_exchanged", "direction": self.exchange_direction})
        self._after_exchange()

    def _after_exchange(self) -> None:
        """定缺 follows, or with two suits (两房), where nobody chooses a void, the
        dealer's first turn (RULES.md section 14)."""
        if self.options.has_voids:
            self.phase = "void"
        else:
            self._start_play()

    def exchange_of(self, seat: int) -> dict | None:
        """What ``seat`` gave and got in 换三张, as that player may see it: their own pick,
        and once the tiles moved, the direction and the tiles that arrived."""
        if self.exchange_direction is None:
            return None
        pick = self.exchange_picks[seat]
        done = self.phase != "exchange"
        source = exchange.giver(seat, self.exchange_direction, self.seats)
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
            self._start_play()

    def _start_play(self) -> None:
        """The dealer's first turn, with the 14 tiles dealt."""
        self.phase = "turn"
        self.current = self.dealer
        self.turn_kind = "deal"
