"""The end of a round (RULES.md sections 7–9): recording a win and its payments, who
is out, when the round ends, and the wall's-end settlement (查花猪, 查叫, 退税).

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules.scoring import Score
from games.rules.settlement import Settlement, Standing, settle_wall_empty
from games.rules.tiles import (
    tile_str,
)

# Keys of ``Round.settlement`` that only explain its payments (games.words.settlement_words);
# rounds stored before they were recorded lack them.
SETTLEMENT_DETAILS = ("waits", "best", "refunds")


def _settlement_details(result: Settlement, income_rows: list[int]) -> dict:
    """What the settlement's payments rest on, for explaining them: each ready player's
    waits and the wait that sets their 查叫 (its tile, pattern and fan), and for each
    kong_refund payment in order, the ledger row of the kong payment it gives back."""
    return {
        "waits": {
            str(seat): [tile_str(t) for t in r.waits] for seat, r in result.readiness.items()
        },
        "best": {
            str(seat): {"tile": tile_str(r.tile), **r.score.to_dict()}
            for seat, r in result.readiness.items()
        },
        "refunds": [income_rows[position] for position in result.refunded],
    }


class EndOfRound:
    """Round's wins, payments and end: who is out, when it ends, the settlement."""

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
            # so each payment can be told apart by the win it pays (games.words.settlement_words).
            record["ledger_from"] = len(self.ledger)
        self.winners.append(record)
        events.append({"type": "win", **record})

    def _pay(
        self,
        payer: int,
        payee: int,
        amount: int,
        reason: str,
        events: list[dict],
        covers: list[int] | int | None = None,
    ) -> int:
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
            Standing(seat, self.hands[seat], self.melds[seat], self.voids[seat], self.gangfan(seat))
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
        seats = list(range(self.seats))
        result = settle_wall_empty(standings, seats, kong_income, self.options, won)
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
