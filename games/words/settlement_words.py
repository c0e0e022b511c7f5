"""Explain a finished round's payments: for every ledger entry, who paid whom, how much,
why, and the arithmetic that made the amount.

``explain(state)`` reads what the engine recorded (``Round.to_json()`` or a view plus
the room's options): the ledger, the winners and the end-of-round ``settlement``. It
decides no rule; it only lays out the figures the engine used. ``amount_of`` works the
amount back out of an explanation's arithmetic, so that a test can check it against the
ledger. Where a round was stored before the engine recorded some detail (the waits behind
查叫, the kong payment a refund gives back), the explanation says less and carries the
amount as recorded (``Arithmetic.recorded``) instead of failing.

``games.words.settlement_sentences`` puts explanations into words.
"""

from dataclasses import dataclass, field

from games.rules.options import RoomOptions

WIN_REASONS = ("ron", "zimo", "rob_kong")
KONG_REASONS = ("kong_exposed", "kong_added", "kong_concealed")
KONG_TIMES = {"kong_exposed": 2, "kong_added": 1, "kong_concealed": 2}  # × base


@dataclass(frozen=True, slots=True)
class Arithmetic:
    """How an amount is made: ``base × 2^fan`` or ``base × times``, plus ``bonus``
    (自摸加底), less ``base × 2^less_fan`` (补差价); or the sum of ``parts`` (呼叫转移);
    or, when the round did not keep enough to say, the ``recorded`` amount."""

    base: int = 0
    fan: int | None = None
    times: int | None = None
    bonus: int = 0
    less_fan: int | None = None
    parts: tuple["Arithmetic", ...] = ()
    recorded: int | None = None
    raw_fan: int | None = None  # the fan before the cap, when the cap cut it
    cap: int | None = None  # the cap that cut it
    shares: int = 1  # 承包: one payer pays this many players' shares in one entry


def amount_of(arithmetic: Arithmetic) -> int:
    """The amount the arithmetic makes."""
    if arithmetic.recorded is not None:
        return arithmetic.recorded
    if arithmetic.parts:
        return sum(amount_of(part) for part in arithmetic.parts)
    if arithmetic.fan is not None:
        total = arithmetic.base * 2**arithmetic.fan
    else:
        total = arithmetic.base * arithmetic.times
    if arithmetic.less_fan is not None:
        total -= arithmetic.base * 2**arithmetic.less_fan
    return (total + arithmetic.bonus) * arithmetic.shares


@dataclass(frozen=True, slots=True)
class KongPayment:
    """One payment for a kong (刮风 or 下雨), as the ledger has it."""

    index: int
    payer: int
    payee: int  # the kong's maker
    reason: str
    amount: int


@dataclass(frozen=True, slots=True)
class Ready:
    """A ready player at the end (查叫): their best fan and, when recorded, their waits
    and the wait and patterns that fan comes from."""

    seat: int
    fan: int
    waits: tuple[str, ...] | None = None
    tile: str | None = None
    patterns: dict = field(default_factory=dict)
    raw_fan: int | None = None


@dataclass(frozen=True, slots=True)
class Explanation:
    index: int  # the ledger row
    payer: int
    payee: int
    amount: int
    reason: str
    arithmetic: Arithmetic
    win: dict | None = None  # a win's record (pattern, patterns, fan, tile, how, from…)
    feeder_pays: bool = False  # 点杠花 paid by the feeder alone (kong_bloom_from_discard)
    # 点杠花 with kong_bloom_from_discard = feeder_all (承包): the players whose shares of
    # the self-drawn win this entry pays, the payer's own among them. A round stored
    # before the shares were paid as one entry has a row per share: one seat each.
    covers: tuple[int, ...] = ()
    kongs: tuple[KongPayment, ...] = ()  # moved by 呼叫转移, or given back by 退税
    ready: Ready | None = None  # 查叫 and 补差价: the payee's readiness
    other: Ready | None = None  # 补差价: the payer's

    @property
    def detailed(self) -> bool:
        """Everything behind the amount is known (nothing taken as recorded)."""
        return self.arithmetic.recorded is None


def explain(state: dict, options: RoomOptions | dict | None = None) -> list[Explanation]:
    """Every ledger entry of ``state`` explained, in ledger order. ``options``: the
    room's, when ``state`` (an engine view) does not carry them."""
    if options is None:
        options = state.get("options")
    if not isinstance(options, RoomOptions):
        options = RoomOptions.from_dict(options)
    return _Explainer(state, options).all()


def win_paid_by(
    winners: list[dict], index: int, payee: int, payer: int, reason: str
) -> dict | None:
    """The win record that the ledger row ``index`` pays. In 血战 a seat wins once; in
    血流成河 it may win often, even twice on one player's discards, and each record
    says where its payments start (``ledger_from``): the row pays the latest such win
    of the seat started at or before it."""
    found = [
        w
        for w in winners
        if w["seat"] == payee
        and w["how"] == reason
        and (reason == "zimo" or w.get("from") == payer)
    ]
    started = [w for w in found if w.get("ledger_from", -1) <= index and "ledger_from" in w]
    if started:
        return started[-1]
    return found[0] if found else None


def win_points(
    winners: list[dict], ledger: list[dict], record: dict, reasons: tuple[str, ...]
) -> int:
    """What one win brought its winner: its rows of ``reasons`` in the ledger. A seat that
    won once (血战) gets all its rows of those reasons; in 血流成河 only those from where
    the win's payments start to where the seat's next win's start."""
    seat = record["seat"]
    start, stop = 0, len(ledger)
    if "ledger_from" in record:
        start = record["ledger_from"]
        later = [
            w["ledger_from"]
            for w in winners
            if w["seat"] == seat and w.get("ledger_from", -1) > start
        ]
        stop = min(later, default=stop)
    return sum(
        e["amount"] for e in ledger[start:stop] if e["payee"] == seat and e["reason"] in reasons
    )


class _Explainer:
    def __init__(self, state: dict, options: RoomOptions) -> None:
        self.ledger = state["ledger"]
        self.winners = state.get("winners") or []
        self.settlement = state.get("settlement") or {}
        self.options = options
        self.base = options.base
        self.refund_rows = iter(self.settlement.get("refunds") or ())

    def all(self) -> list[Explanation]:
        return [self.one(index, entry) for index, entry in enumerate(self.ledger)]

    def one(self, index: int, entry: dict) -> Explanation:
        reason = entry["reason"]
        facts = {
            "index": index,
            "payer": entry["payer"],
            "payee": entry["payee"],
            "amount": entry["amount"],
            "reason": reason,
        }
        covers = entry.get("covers")
        if covers is not None:
            facts["covers"] = tuple(covers) if isinstance(covers, list) else (covers,)
        recorded = Arithmetic(base=self.base, recorded=entry["amount"])
        if reason in WIN_REASONS:
            return self.win(facts, recorded)
        if reason in KONG_REASONS:
            return Explanation(**facts, arithmetic=self.kong(reason))
        if reason == "kong_transfer":
            kongs = self.transferred(index, entry)
            total = Arithmetic(parts=tuple(self.kong(k.reason) for k in kongs))
            if not kongs or amount_of(total) != entry["amount"]:
                return Explanation(**facts, arithmetic=recorded)
            return Explanation(**facts, arithmetic=total, kongs=kongs)
        if reason == "pig":
            return Explanation(
                **facts, arithmetic=Arithmetic(base=self.base, fan=self.options.effective_pig_fan)
            )
        if reason == "not_ready":
            ready = self.ready(entry["payee"])
            if ready is None:
                return Explanation(**facts, arithmetic=recorded)
            return Explanation(
                **facts,
                ready=ready,
                arithmetic=Arithmetic(
                    base=self.base, fan=ready.fan, **self.capped(ready.raw_fan, ready.fan)
                ),
            )
        if reason == "kong_refund":
            return self.refund(facts, recorded)
        if reason == "ready_difference":
            high, low = self.ready(entry["payee"]), self.ready(entry["payer"])
            if high is None or low is None:
                return Explanation(**facts, arithmetic=recorded)
            return Explanation(
                **facts,
                ready=high,
                other=low,
                arithmetic=Arithmetic(base=self.base, fan=high.fan, less_fan=low.fan),
            )
        return Explanation(**facts, arithmetic=recorded)

    def capped(self, raw_fan: int | None, fan: int) -> dict:
        if raw_fan is not None and raw_fan > fan:
            return {"raw_fan": raw_fan, "cap": self.options.cap}
        return {}

    def kong(self, reason: str) -> Arithmetic:
        return Arithmetic(base=self.base, times=KONG_TIMES[reason])

    def win(self, facts: dict, recorded: Arithmetic) -> Explanation:
        payer, payee, reason = facts["payer"], facts["payee"], facts["reason"]
        record = win_paid_by(self.winners, facts["index"], payee, payer, reason)
        if record is None:
            return Explanation(**facts, arithmetic=recorded)
        feeder_pays = reason == "zimo" and self.paid_by_feeder(facts["index"], record)
        bonus = (
            self.base
            if (reason == "zimo" and not feeder_pays and self.options.zimo_bonus == "base")
            else 0
        )
        arithmetic = Arithmetic(
            base=self.base,
            fan=record["fan"],
            bonus=bonus,
            shares=len(facts.get("covers") or (None,)),
            **self.capped(record.get("raw_fan"), record["fan"]),
        )
        return Explanation(**facts, arithmetic=arithmetic, win=record, feeder_pays=feeder_pays)

    def paid_by_feeder(self, index: int, record: dict) -> bool:
        """点杠花 with kong_bloom_from_discard = ron: the win right after an exposed kong
        is paid by the player who fed that kong alone (RULES.md section 8). The kong's
        payment is the ledger row just before the win's."""
        if (
            self.options.kong_bloom_from_discard != "ron"
            or "gangshanghua" not in (record.get("patterns") or {})
            or index == 0
        ):
            return False
        before, entry = self.ledger[index - 1], self.ledger[index]
        return (
            before["reason"] == "kong_exposed"
            and before["payee"] == entry["payee"]
            and before["payer"] == entry["payer"]
        )

    def transferred(self, index: int, entry: dict) -> tuple[KongPayment, ...]:
        """The kong payments a 呼叫转移 moves: the kong maker's payments of the turn that
        ended with the discard won on. They are the rows just before that discard's wins
        (every win of the discard and its transfers are paid by the same player), marked
        ``transferred``."""
        maker = entry["payer"]
        found = []
        row = index - 1
        while (
            row >= 0
            and self.ledger[row]["payer"] == maker
            and self.ledger[row]["reason"] in ("ron", "kong_transfer")
        ):
            row -= 1
        while row >= 0:
            kong = self.ledger[row]
            if (
                kong["reason"] not in KONG_REASONS
                or kong["payee"] != maker
                or not kong.get("transferred")
            ):
                break
            found.append(KongPayment(row, kong["payer"], maker, kong["reason"], kong["amount"]))
            row -= 1
        return tuple(reversed(found))

    def ready(self, seat: int) -> Ready | None:
        key = str(seat)
        fan = (self.settlement.get("ready") or {}).get(key)
        if fan is None:
            return None
        waits = (self.settlement.get("waits") or {}).get(key)
        best = (self.settlement.get("best") or {}).get(key) or {}
        return Ready(
            seat=seat,
            fan=fan,
            waits=tuple(waits) if waits is not None else None,
            tile=best.get("tile"),
            patterns=dict(best.get("patterns") or {}),
            raw_fan=best.get("raw_fan"),
        )

    def refund(self, facts: dict, recorded: Arithmetic) -> Explanation:
        """退税: the settlement lists, for each refund in order, the kong payment's row."""
        row = next(self.refund_rows, None)
        if row is None or not 0 <= row < len(self.ledger):
            return Explanation(**facts, arithmetic=recorded)
        kong = self.ledger[row]
        if kong["reason"] not in KONG_REASONS:
            return Explanation(**facts, arithmetic=recorded)
        paid = KongPayment(row, kong["payer"], kong["payee"], kong["reason"], kong["amount"])
        return Explanation(**facts, arithmetic=self.kong(kong["reason"]), kongs=(paid,))
