"""A finished round at a glance, one card per player, for the top of the table's
settlement: the seat's net, its wins (how and for how many fan), how often it dealt in,
and at a wall-empty end whether it was a pig, ready or not ready. Then the payment lines
with who paid whom, for marking the viewer's own and filtering per player.

Pure functions of the engine's view (``view["winners"]``, ``view["ledger"]``,
``view["net"]``, ``view["settlement"]``) and the seats' names and winds; no database.
The values are frozen and hashable, for the table's cached parts.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.words import labels

SEATS = 4
DEALT_IN = ("ron", "rob_kong")  # wins paid by the player who fed the tile


@dataclass(frozen=True, slots=True)
class CardWin:
    how: str  # "自摸", "东 点炮", "抢 东 的杠"
    worth: str  # "清一色 + 1 根 · 3 番", or "平胡" for a plain win


@dataclass(frozen=True, slots=True)
class Card:
    seat: int
    wind: str
    name: str
    net: int
    mine: bool
    wins: tuple[CardWin, ...]
    dealt_in: int  # wins made on this player's discard or kong
    end: str  # at a wall-empty end: "pig", "ready", "not_ready"; else ""
    end_text: str

    @property
    def net_text(self) -> str:
        """"+17", "−57" (a true minus sign), "0"."""
        return f"+{self.net}" if self.net > 0 else f"−{-self.net}" if self.net < 0 else "0"


@dataclass(frozen=True, slots=True)
class PaymentRow:
    line: tuple  # the sentence's segments (games.words.settlement_sentences)
    payer: int
    payee: int
    mine: bool  # the viewer paid or was paid


def order(viewer: int | None) -> tuple[int, ...]:
    """The viewer first, then the others in turn order (下家, 对家, 上家); a spectator
    sees seat order."""
    start = viewer or 0
    return tuple((start + step) % SEATS for step in range(SEATS))


def win_worth(win: dict) -> str:
    """"清一色 + 1 根 · 3 番"; a plain win is "平胡", never "0 番"."""
    if not win["fan"]:
        return str(labels.PATTERNS["pinghu"])
    fan = _("%(fan)d fan") % {"fan": win["fan"]}
    described = labels.describe_patterns(win.get("patterns") or {})
    return " · ".join(x for x in (described, fan) if x)


def win_how(win: dict, names) -> str:
    if win["how"] == "zimo":
        return _("Self-drawn win")
    fed = str(names[win["from"]]) if win.get("from") is not None else "?"
    if win["how"] == "rob_kong":
        return _("Robbed %(name)s's kong") % {"name": fed}
    return _("On %(name)s's discard") % {"name": fed}


def end_of(view: dict, seat: int) -> tuple[str, str]:
    """(key, words) of the seat at a wall-empty end; ("", "") otherwise, and for a seat
    that had won (it was out of the checks, or in 血流成河 counted as ready)."""
    settlement = view.get("settlement") or {}
    if not settlement or any(w["seat"] == seat for w in view["winners"]):
        return "", ""
    if seat in (settlement.get("pigs") or ()):
        return "pig", _("Flower pig")
    if str(seat) in (settlement.get("ready") or {}):
        return "ready", _("Ready at the end")
    if seat in (settlement.get("not_ready") or ()):
        return "not_ready", _("Not ready at the end")
    return "", ""


def cards(view: dict, names, winds, viewer: int | None = None) -> tuple[Card, ...]:
    """One card per seat, the viewer's first."""
    winners = view["winners"] or []
    found = []
    for seat in order(viewer):
        end, end_text = end_of(view, seat)
        found.append(Card(
            seat=seat, wind=str(winds[seat]), name=str(names[seat]), net=view["net"][seat],
            mine=seat == viewer,
            wins=tuple(CardWin(how=win_how(w, names), worth=win_worth(w))
                       for w in winners if w["seat"] == seat),
            dealt_in=sum(1 for w in winners
                         if w["how"] in DEALT_IN and w.get("from") == seat),
            end=end, end_text=str(end_text)))
    return tuple(found)


def payment_rows(view: dict, payments: tuple, viewer: int | None = None) -> tuple[PaymentRow, ...]:
    """Each payment sentence (``SettlementWords.payments``, in ledger order) with its
    ledger entry's payer and payee."""
    return tuple(
        PaymentRow(line=line, payer=entry["payer"], payee=entry["payee"],
                   mine=viewer is not None and viewer in (entry["payer"], entry["payee"]))
        for line, entry in zip(payments, view["ledger"], strict=True))
