"""A turn (RULES.md section 4): the discard that puts a tile on offer, the draw that
follows when nobody claims it, and the self-drawn win (自摸, with 杠上花 and 承包).

A part of ``Round`` (games.rules.round.state), which it reads and changes through
``self``."""

from games.rules.round.claim import Claim
from games.rules.tiles import (
    TILE_KINDS,
    tile_str,
)


class Turn:
    """Round's turn: discard, draw and self-drawn win."""

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
            self._keep_unclaimed_offer(claim, "claim")
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
