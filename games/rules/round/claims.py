"""Claims on a tile on offer (RULES.md sections 4 and 5): who may win, pong or kong
on a discard or rob an added kong, their answers, and how the claim resolves — wins
first (一炮多响), then a kong or a pong.

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules.hands import Meld
from games.rules.round.claim import Claim
from games.rules.scoring import Score, score_win, win_allowed
from games.rules.tiles import (
    RANKS,
    tile_str,
)


class Claims:
    """Round's claims on a tile on offer: who may answer, the answers, the outcome."""

    def _claim_verbs(self, seat: int, claim: Claim) -> list[str]:
        verbs = []
        tile = claim.tile
        score = self._claim_win(seat, claim)
        if score is not None and not self._blocked(seat, score.fan):
            verbs.append("win")
            claim.win_fans[seat] = score.fan
        count = self.hands[seat][tile]
        if (
            count >= 2
            and claim.kind == "discard"
            and tile // RANKS != self.voids[seat]
            and not self.locked(seat)
        ):
            if count == 3 and self.wall:
                verbs.append("kong")
            verbs.append("pong")
        return verbs

    def _claim_win(self, seat: int, claim: Claim) -> Score | None:
        """What ``seat`` would score by winning on the tile of ``claim``; None when that is
        no winning hand, or when 点炮需番 refuses it (then it is not offered at all, and
        passing over it blocks nothing)."""
        context = self._claim_context(claim)
        score = self._win_score(seat, claim.tile, context)
        if score is None or not win_allowed(score, context, self.options):
            return None
        return score

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
            (claim.source + step) % self.seats
            for step in range(1, self.seats)
            if claim.answers.get((claim.source + step) % self.seats) == "win"
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
            score = score_win(
                counts,
                self.melds[seat],
                self.voids[seat],
                context,
                self.options,
                self.gangfan(seat),
            )
            self._record_win(seat, reason, score, claim.tile, source, events, self.actions)
            self._pay(source, seat, score.points, reason, events)
            if claim.after_kong and self.options.kong_transfer and transfer:
                self._pay(source, seat, transfer, "kong_transfer", events)
        if claim.after_kong and self.options.kong_transfer:
            for index in self.turn_kong_entries:
                self.ledger[index]["transferred"] = True
        self._after_win(winners[-1], events)

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
