"""A settlement in words, in the active language: one sentence per payment with its
arithmetic ("南 付给 东 4 分：点炮 清一色 2 番，底分 1 × 2² = 4"), the end-of-round
checks (花猪, who was ready on what) and the glossary of the terms those sentences use.

Every term is a segment that carries its explanation (games.words.glossary), so a template can
mark it up for hover and tap. Chinese sentences use full-width punctuation and no
parentheses at all: a name such as "电脑南（高手）" may bring its own, and they must
not nest. The formulas (底分 1 × 2² = 4) read the same in every language, so they are
put together here rather than translated.
"""

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from games.rules.options import RoomOptions
from games.words import labels
from games.words.display import tile_name
from games.words.glossary import TERMS, Segment, fill, glossary, join, term
from games.words.settlement_words import Arithmetic, Explanation, Ready, amount_of, explain

REASON_TERMS = {
    "ron": "dianpao",
    "zimo": "zimo",
    "rob_kong": "qiangganghu",
    "kong_exposed": "zhigang",
    "kong_added": "bugang",
    "kong_concealed": "angang",
    "kong_transfer": "hujiaozhuanyi",
    "pig": "huazhu",
    "not_ready": "chajiao",
    "kong_refund": "tuishui",
    "ready_difference": "buchajia",
}
KONG_WINDS = {"kong_exposed": "guafeng", "kong_added": "guafeng", "kong_concealed": "xiayu"}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

Line = tuple[Segment, ...]


@dataclass(frozen=True, slots=True)
class SettlementWords:
    """What the settlement shows, as plain hashable values for the templates."""

    checks: tuple[Line, ...]  # 花猪, ready and not ready players at the wall's end
    payments: tuple[Line, ...]  # one sentence per ledger entry, in ledger order
    glossary: tuple[tuple[str, str], ...]  # (name, explanation) of each term used


def settlement_words(
    state: dict, names: dict[int, str] | list[str], options: RoomOptions | dict | None = None
) -> SettlementWords:
    """The settlement of ``state`` (an engine view or ``Round.to_json()``) in words;
    ``names``: each seat's name."""
    writer = _Writer(names)
    payments = tuple(tuple(writer.payment(e)) for e in explain(state, options))
    checks = tuple(tuple(line) for line in writer.checks(state.get("settlement") or {}))
    return SettlementWords(checks=checks, payments=payments, glossary=tuple(glossary(writer.used)))


def power(exponent: int) -> str:
    return str(exponent).translate(SUPERSCRIPT)


class _Writer:
    def __init__(self, names) -> None:
        self.names = names
        self.used: list[str] = []  # the terms in the order they first appear

    def term(self, key: str, text: str | None = None) -> Segment:
        self.used.append(key)
        return term(key, text)

    def name(self, seat: int) -> str:
        return str(self.names[seat])

    def listed(self, items: list, *, whole: bool = False) -> list[Segment]:
        """Items (strings or segment lists) in a row: "五筒、八筒" / "5 Dots, 8 Dots";
        ``whole``: items that are phrases of their own, "；" / "; " between them."""
        found: list[Segment] = []
        for item in items:
            item = item if isinstance(item, list) else [(str(item), "")]
            if not found:
                found = join(item)
            elif whole:
                found = fill(_("%(items)s; %(item)s"), items=found, item=item)
            else:
                found = fill(_("%(items)s, %(item)s"), items=found, item=item)
        return found

    # --- one payment --------------------------------------------------------------------

    def payment(self, e: Explanation) -> list[Segment]:
        return fill(
            _("%(payer)s pays %(payee)s %(amount)s: %(why)s"),
            payer=self.name(e.payer),
            payee=self.name(e.payee),
            amount=e.amount,
            why=self.why(e),
        )

    def why(self, e: Explanation) -> list[Segment]:
        if not e.detailed:
            return fill(_("%(reason)s, the amount as recorded"), reason=self.reason(e.reason))
        if e.win is not None:
            return self.win(e)
        if e.reason in KONG_WINDS:
            return fill(
                _("%(kong)s, %(formula)s"),
                kong=self.kong(e.reason),
                formula=self.formula(e.arithmetic),
            )
        if e.reason == "kong_transfer":
            return fill(
                _("%(transfer)s of that turn's kong money, %(parts)s"),
                transfer=self.term("hujiaozhuanyi"),
                parts=self.transfer(e),
            )
        if e.reason == "pig":
            return self.pig(e)
        if e.reason == "not_ready":
            return self.not_ready(e)
        if e.reason == "kong_refund":
            return fill(
                _(
                    "%(refund)s, %(payer)s was not ready and gives back %(payee)s's payment "
                    "for %(kong)s, %(formula)s"
                ),
                refund=self.term("tuishui"),
                payer=self.name(e.payer),
                payee=self.name(e.payee),
                kong=self.kong(e.kongs[0].reason),
                formula=self.formula(e.arithmetic),
            )
        if e.reason == "ready_difference":
            return fill(
                _(
                    "%(difference)s, %(high)s at best %(high_fans)s, %(low)s at best "
                    "%(low_fans)s, %(formula)s"
                ),
                difference=self.term("buchajia"),
                high=self.name(e.payee),
                high_fans=self.ready_fans(e.ready),
                low=self.name(e.payer),
                low_fans=self.ready_fans(e.other),
                formula=self.formula(e.arithmetic),
            )
        return fill(
            _("%(reason)s, %(formula)s"),
            reason=self.reason(e.reason),
            formula=self.formula(e.arithmetic),
        )

    def reason(self, reason: str) -> Segment:
        key = REASON_TERMS.get(reason)
        return self.term(key) if key else (str(labels.REASONS.get(reason, reason)), "")

    def kong(self, reason: str) -> list[Segment]:
        return fill(
            _("%(kind)s (%(wind)s)"),
            kind=self.term(REASON_TERMS[reason]),
            wind=self.term(KONG_WINDS[reason]),
        )

    def win(self, e: Explanation) -> list[Segment]:
        if e.feeder_pays:
            how = self.term("dianganghua")
        elif e.reason == "rob_kong":
            how = self.term("qiangganghu", _("Robbed kong"))
        else:
            how = self.reason(e.reason)
        record = e.win
        if e.covers:
            how = self.covered(e)
        return fill(
            _("%(how)s, %(fans)s, %(formula)s"),
            how=how,
            fans=self.fans(record.get("patterns") or {}, record["fan"], record.get("raw_fan")),
            formula=self.formula(e.arithmetic),
        )

    def covered(self, e: Explanation) -> list[Segment]:
        """承包 (kong_bloom_from_discard = feeder_all): the feeder pays the shares of the
        others, their own among them, in one entry; a round stored before that has one
        row per share, each naming one."""
        how, feeder = self.term("dianganghua_covered"), self.name(e.payer)
        others = [self.name(seat) for seat in e.covers if seat != e.payer]
        if not others:
            return fill(_("%(how)s, %(feeder)s covers their own share"), how=how, feeder=feeder)
        if len(e.covers) == 1:
            return fill(
                _("%(how)s, %(feeder)s covers %(covered)s's share"),
                how=how,
                feeder=feeder,
                covered=others[0],
            )
        if e.payer in e.covers:
            return fill(
                _("%(how)s, %(feeder)s covers the shares of %(covered)s and their own"),
                how=how,
                feeder=feeder,
                covered=self.listed(others),
            )
        return fill(
            _("%(how)s, %(feeder)s covers the shares of %(covered)s"),
            how=how,
            feeder=feeder,
            covered=self.listed(others),
        )

    def fans(self, patterns: dict, fan: int, raw_fan: int | None) -> list[Segment]:
        """ "清一色 2 番 + 根 1 番 = 3 番", capped when the cap cut it; a plain win alone
        is just "平胡" (it pays the base, no fan to count)."""
        if not patterns:
            return [self.term("pinghu")] if fan == 0 else fill(_("%(fan)s fan"), fan=fan)
        items = []
        ordered = sorted(
            patterns.items(), key=lambda item: (labels.PATTERN_ORDER.get(item[0], 99), item[0])
        )
        for key, value in ordered:
            key = "zimo_fan" if key == "zimo" else key
            name = self.term(key) if key in TERMS else (str(labels.PATTERNS.get(key, key)), "")
            if value:
                items.append(fill(_("%(name)s %(fan)s fan"), name=name, fan=value))
            else:
                items.append([name])
        found = join(
            [
                s
                for number, item in enumerate(items)
                for s in ([(" + ", "")] if number else []) + item
            ]
        )
        total = raw_fan if raw_fan is not None else sum(patterns.values())
        if len(items) > 1:
            found = fill(_("%(parts)s = %(fan)s fan"), parts=found, fan=total)
        if total > fan:
            found = fill(
                _("%(fans)s, %(cap)s %(fan)s fan"), fans=found, cap=self.term("cap"), fan=fan
            )
        return found

    def ready_fans(self, ready: Ready) -> list[Segment]:
        return self.fans(ready.patterns, ready.fan, ready.raw_fan)

    def formula(self, a: Arithmetic) -> list[Segment]:
        """底分 1 × 2² = 4, in figures: the same in every language; for an entry that
        pays several shares (承包), one share's, then "3 份共 12"."""
        if a.shares > 1:
            share = replace(a, shares=1)
            return fill(
                _("%(share)s, %(count)s shares: %(total)s"),
                share=self.one_share(share),
                count=a.shares,
                total=amount_of(a),
            )
        return self.one_share(a)

    def one_share(self, a: Arithmetic) -> list[Segment]:
        base = [self.term("base"), (f" {a.base}", "")]
        if a.fan is None:
            return join(base + [(f" × {a.times} = {amount_of(a)}", "")])
        if a.less_fan is not None:
            return join(
                base
                + [(f" × 2{power(a.fan)} − {a.base} × 2{power(a.less_fan)} = {amount_of(a)}", "")]
            )
        doubled = [(f" × 2{power(a.fan)}", "")] if a.fan else []
        if a.bonus:
            bonus = [(" + ", ""), self.term("zimo_base"), (f" {a.bonus}", "")]
            return join(base + doubled + bonus + [(f" = {amount_of(a)}", "")])
        if not a.fan:
            return join(base)  # 平胡: the base itself
        return join(base + doubled + [(f" = {amount_of(a)}", "")])

    def transfer(self, e: Explanation) -> list[Segment]:
        """ "下雨 暗杠 东 2 + 南 2 + 西 2 = 6": each kong named once, then who paid what."""
        found: list[Segment] = []
        reason, payers = None, set()
        for part, kong in zip(e.arithmetic.parts, e.kongs, strict=True):
            if found:
                found.append((" + ", ""))
            # A kong's payments follow one another, one per payer: another kind of kong
            # or a payer seen already starts the next kong.
            if kong.reason != reason or kong.payer in payers:
                found.extend(self.kong(kong.reason) + [(" ", "")])
                reason, payers = kong.reason, set()
            payers.add(kong.payer)
            found.append((f"{self.name(kong.payer)} {amount_of(part)}", ""))
        found.append((f" = {amount_of(e.arithmetic)}", ""))
        return join(found)

    def pig(self, e: Explanation) -> list[Segment]:
        fan = e.arithmetic.fan
        if not fan:  # pig_fan 0: the base itself, never "0 番"
            return fill(
                _("%(pig)s, %(name)s still held all three suits and pays the base, %(formula)s"),
                pig=self.term("huazhu"),
                name=self.name(e.payer),
                formula=self.formula(e.arithmetic),
            )
        return fill(
            _("%(pig)s, %(name)s still held all three suits and pays %(fan)s fan, %(formula)s"),
            pig=self.term("huazhu"),
            name=self.name(e.payer),
            fan=fan,
            formula=self.formula(e.arithmetic),
        )

    def not_ready(self, e: Explanation) -> list[Segment]:
        ready = e.ready
        values = {
            "check": self.term("chajiao"),
            "ready": self.name(ready.seat),
            "fans": self.ready_fans(ready),
            "payer": self.name(e.payer),
            "formula": self.formula(e.arithmetic),
        }
        if ready.waits is None or ready.tile is None:
            return fill(
                _(
                    "%(check)s, %(ready)s was ready, at best %(fans)s; %(payer)s was "
                    "not ready, %(formula)s"
                ),
                **values,
            )
        return fill(
            _(
                "%(check)s, %(ready)s was ready on %(waits)s, at best %(fans)s with "
                "%(tile)s; %(payer)s was not ready, %(formula)s"
            ),
            waits=self.listed([tile_name(t) for t in ready.waits]),
            tile=tile_name(ready.tile),
            **values,
        )

    # --- the end of the round ------------------------------------------------------------

    def checks(self, settlement: dict) -> list[list[Segment]]:
        """花猪, then who was ready on what, then who was not, when the wall ran out."""
        lines = []
        pigs = settlement.get("pigs") or []
        if pigs:
            lines.append(
                fill(
                    _("%(pig)s: %(names)s."),
                    pig=self.term("huazhu"),
                    names=self.listed([self.name(s) for s in pigs]),
                )
            )
        won = settlement.get("won") or []
        if won:
            # 血流成河: the checks were for the others; a player who has won counts as
            # ready (RULES.md section 13).
            lines.append(
                fill(
                    _("Won during the round, so counted as ready: %(names)s."),
                    names=self.listed([self.name(s) for s in won]),
                )
            )
        ready = settlement.get("ready") or {}
        waits = settlement.get("waits") or {}
        if ready:
            items = []
            for seat in sorted(ready, key=int):
                if seat in waits:
                    items.append(
                        fill(
                            _("%(name)s on %(waits)s"),
                            name=self.name(int(seat)),
                            waits=self.listed([tile_name(t) for t in waits[seat]]),
                        )
                    )
                else:
                    items.append([(self.name(int(seat)), "")])
            lines.append(fill(_("Ready: %(players)s."), players=self.listed(items, whole=True)))
        not_ready = [s for s in settlement.get("not_ready") or [] if s not in pigs]
        if not_ready:
            lines.append(
                fill(
                    _("Not ready: %(names)s."), names=self.listed([self.name(s) for s in not_ready])
                )
            )
        return lines
