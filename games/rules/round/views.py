"""What one player may see of the round (RULES.md section 10): the view a seat or a
watcher is sent, with nobody's hidden tiles but their own, and whose answer is awaited.

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules.round.actions import (
    action_to_dict,
)
from games.rules.scoring import Score
from games.rules.tiles import (
    SUITS,
    parse_tile,
    tile_str,
)


class Views:
    """Round as one seat or a watcher may see it, and whose answer is awaited."""

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

    def hand_laid_down(self, seat: int) -> bool:
        """Is ``seat``'s hand face up for everyone? A winner lays it down (推倒; 血流成河:
        the locked hand plays on face up), and once the round has ended every hand is."""
        return self.phase == "ended" or self.out[seat] or self.locked(seat)

    def visible_counts(self, seat: int) -> list[int]:
        """Copies of each tile ``seat`` can see: own hand, the hands laid down, all melds
        shown, all discards."""
        seen = list(self.hands[seat])
        for other in range(self.seats):
            if other != seat and self.hand_laid_down(other):
                seen = [n + m for n, m in zip(seen, self.hands[other], strict=True)]
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
        for seat in range(self.seats):
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
                    if seat == viewer or self.hand_laid_down(seat)
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
            return self._claim_win(seat, self.claim)
        if self.phase == "turn" and seat == self.current and self.turn_kind != "pong":
            return self._win_score(seat, None, self._zimo_context(seat))
        return None

    def waiting_on(self) -> list[int]:
        """The seats whose decision the round is waiting for."""
        if self.phase == "exchange":
            return [seat for seat in range(self.seats) if self.exchange_picks[seat] is None]
        if self.phase == "void":
            return [seat for seat in range(self.seats) if self.voids[seat] is None]
        if self.phase in ("claim", "rob"):
            return [s for s in sorted(self.claim.options) if s not in self.claim.answers]
        if self.phase == "turn":
            return [self.current]
        return []
