"""Kongs and their payments, 刮风下雨 (RULES.md section 6): concealed, added (which
may be robbed) and exposed kongs, and who pays for each.

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules.hands import Meld
from games.rules.round.claim import Claim
from games.rules.tiles import (
    tile_str,
)


class Kongs:
    """Round's kongs: concealed, added (robbable) and exposed, and their payments."""

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
            self._keep_unclaimed_offer(claim, "rob")
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
