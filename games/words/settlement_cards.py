"""A finished round at a glance, one card per player, for the top of the table's
settlement: the seat's net and every line that makes it, so that a card's lines add up
to its net: each win with how and what it was worth, the wins it paid for, then each
kind of money received less paid (刮风, 下雨, 呼叫转移, 花猪, 查叫, 退税, 补差价); and at a
wall-empty end whether the player was a pig, ready or not ready. Then the payment lines
with who paid whom, for marking the viewer's own and filtering per player.

Pure functions of the engine's view (``view["winners"]``, ``view["ledger"]``,
``view["net"]``, ``view["settlement"]``) and the seats' names and winds; no database.
The values are frozen and hashable, for the table's cached parts.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.words import labels
from games.words.glossary import Segment, term
from games.words.settlement_words import win_paid_by

DEALT_IN = ("ron", "rob_kong")  # wins paid by the player who fed the tile
WIN_REASONS = ("ron", "zimo", "rob_kong")
# The other lines of a card, in the order they are shown, each the ledger's reasons it
# sums and the term that names it: received and paid are lines of their own.
MONEY_LINES = (
    ("guafeng", ("kong_exposed", "kong_added")),
    ("xiayu", ("kong_concealed",)),
    ("hujiaozhuanyi", ("kong_transfer",)),
    ("huazhu", ("pig",)),
    ("chajiao", ("not_ready",)),
    ("tuishui", ("kong_refund",)),
    ("buchajia", ("ready_difference",)),
)


def signed(amount: int) -> str:
    """ "+17", "−57" (a true minus sign), "0"."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


@dataclass(frozen=True, slots=True)
class CardLine:
    kind: str  # "win", "dealt-in", "paid-zimo" or the term of a MONEY_LINES line
    what: tuple[Segment, ...]  # "自摸", "东 点炮", "点炮 1 次", 刮风 (a term)…
    detail: str  # a win's worth: "清一色 + 1 根 · 3 番", "平胡 · 1 分"; else ""
    amount: int  # what the line adds to the net: + received, − paid

    @property
    def amount_text(self) -> str:
        return signed(self.amount)


@dataclass(frozen=True, slots=True)
class Card:
    seat: int
    wind: str
    name: str
    net: int
    mine: bool
    lines: tuple[CardLine, ...]  # they add up to ``net``
    end: str  # at a wall-empty end: "pig", "ready", "not_ready"; else ""
    end_text: str

    @property
    def net_text(self) -> str:
        return signed(self.net)


@dataclass(frozen=True, slots=True)
class PaymentRow:
    line: tuple  # the sentence's segments (games.words.settlement_sentences)
    payer: int
    payee: int
    mine: bool  # the viewer paid or was paid


def order(viewer: int | None, seats: int) -> tuple[int, ...]:
    """The viewer first, then the others in turn order (下家, 对家, 上家; at a table for
    three or two the others there are); a spectator sees seat order."""
    start = viewer or 0
    return tuple((start + step) % seats for step in range(seats))


def win_worth(win: dict) -> str:
    """ "清一色 + 1 根 · 3 番"; a plain win says its points, "平胡 · 1 分", never "0 番"."""
    return labels.hand_worth(win.get("patterns") or {}, win["fan"], win.get("points"))


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


def lines_of(view: dict, seat: int, names) -> tuple[CardLine, ...]:
    """Every line that makes the seat's net, from the ledger: each of its wins with what
    the win brought, then what it paid for others' wins, then each kind of money,
    received less paid. A ledger row belongs to exactly one line, so the lines add up to
    the net."""
    winners = view["winners"] or []
    ledger = view["ledger"] or []
    won = {id(w): 0 for w in winners if w["seat"] == seat}
    fed = paid_zimo = unexplained = 0
    money = dict.fromkeys((key for key, _reasons in MONEY_LINES), 0)  # received − paid
    reason_line = {reason: key for key, reasons in MONEY_LINES for reason in reasons}
    for index, entry in enumerate(ledger):
        reason, amount = entry["reason"], entry["amount"]
        if entry["payee"] == seat:
            if reason in WIN_REASONS:
                record = win_paid_by(winners, index, seat, entry["payer"], reason)
                if record is not None and id(record) in won:
                    won[id(record)] += amount
                else:
                    unexplained += amount
            elif reason in reason_line:
                money[reason_line[reason]] += amount
            else:
                unexplained += amount
        elif entry["payer"] == seat:
            if reason in DEALT_IN:
                fed += amount
            elif reason == "zimo":
                paid_zimo += amount
            elif reason in reason_line:
                money[reason_line[reason]] -= amount
            else:
                unexplained -= amount
    found = [
        CardLine("win", ((win_how(w, names), ""),), win_worth(w), won[id(w)])
        for w in winners
        if w["seat"] == seat
    ]
    if fed:
        times = sum(1 for w in winners if w["how"] in DEALT_IN and w.get("from") == seat)
        found.append(
            CardLine(
                "dealt-in",
                (
                    (
                        ngettext("Dealt in once", "Dealt in %(count)s times", times)
                        % {"count": times},
                        "",
                    ),
                ),
                "",
                -fed,
            )
        )
    if paid_zimo:
        found.append(CardLine("paid-zimo", ((_("Others' self-drawn wins"), ""),), "", -paid_zimo))
    # Each kind of money as one line, what was received less what was paid (the
    # payments below say each of them); a kind that evened out adds nothing to say.
    found.extend(CardLine(key, (term(key),), "", amount) for key, amount in money.items() if amount)
    if unexplained:  # a reason this page does not know: still counted, never dropped
        found.append(CardLine("other", ((_("Other payments"), ""),), "", unexplained))
    return tuple(found)


def cards(view: dict, names, winds, viewer: int | None = None) -> tuple[Card, ...]:
    """One card per seat, the viewer's first."""
    found = []
    for seat in order(viewer, len(view["net"])):
        end, end_text = end_of(view, seat)
        found.append(
            Card(
                seat=seat,
                wind=str(winds[seat]),
                name=str(names[seat]),
                net=view["net"][seat],
                mine=seat == viewer,
                lines=lines_of(view, seat, names),
                end=end,
                end_text=str(end_text),
            )
        )
    return tuple(found)


def payment_rows(view: dict, payments: tuple, viewer: int | None = None) -> tuple[PaymentRow, ...]:
    """Each payment sentence (``SettlementWords.payments``, in ledger order) with its
    ledger entry's payer and payee."""
    return tuple(
        PaymentRow(
            line=line,
            payer=entry["payer"],
            payee=entry["payee"],
            mine=viewer is not None and viewer in (entry["payer"], entry["payee"]),
        )
        for line, entry in zip(payments, view["ledger"], strict=True)
    )
