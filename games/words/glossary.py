"""The words of Sichuan mahjong that a settlement uses, each with a one-sentence
explanation.

One table, so that a term marked in a payment's sentence (its hover and tap text) and the
glossary under the settlement cannot say different things. A pattern's name is the one
``labels.PATTERNS`` gives everywhere else; only its explanation is written here.

Text is handed to templates as *segments*: ``(text, explanation)`` pairs, the
explanation empty for plain text. ``fill`` puts segments into a translated sentence, so a
translator sees whole sentences with ``%(name)s`` placeholders, never pieces.
"""

import re
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.words import labels

Segment = tuple[str, str]  # (text, explanation of the term it names, or "")


@dataclass(frozen=True, slots=True)
class Term:
    name: Promise | str
    text: Promise | str


# Explanations of the patterns and extras, by their scoring keys (the names come from
# labels.PATTERNS). The extra "zimo" (自摸加番) is the term "zimo_fan" below: "zimo" is
# the self-drawn win itself.
_PATTERN_TEXTS = {
    "pinghu": _("Any winning hand: four sets and a pair; it scores no fan and pays the base."),
    "duiduihu": _("All four sets are three or four of a kind."),
    "qingyise": _("Every tile is of one suit."),
    "qidui": _("Seven pairs and no melds."),
    "daiyaojiu": _("Every set and the pair hold a 1 or a 9."),
    "qingdui": _("All pongs, all of one suit."),
    "jiangdui": _("All pongs of 2s, 5s and 8s only."),
    "longqidui": _("Seven pairs that hold four of a kind."),
    "qingqidui": _("Seven pairs, all of one suit."),
    "qingyaojiu": _("One suit, with a 1 or a 9 in every set and the pair."),
    "qinglongqidui": _("Dragon seven pairs, all of one suit."),
    "tianhu": _("The dealer wins on the first fourteen tiles."),
    "dihu": _("A player wins on their first draw, before any pong, kong or win."),
    "gangshanghua": _("A self-drawn win on the tile drawn after a kong: 1 fan more."),
    "gangshangpao": _(
        "A win on the tile a player discards right after their own kong: 1 fan more."
    ),
    "qiangganghu": _(
        "A win on the tile another player adds to a pong to make a kong: the kong "
        "maker pays, 1 fan more."
    ),
    "haidilaoyue": _("海底: a self-drawn win on the wall's last tile, 1 fan more."),
    "haidipao": _("海底: a win on the discard after the wall's last tile, 1 fan more."),
    "jingoudiao": _("Four melds, won on a single waiting tile: 1 fan more."),
    "gangfan": _(
        "血流成河 with kongs as fan: each exposed or added kong of the winner adds "
        "1 fan, each concealed kong 2, instead of kong money."
    ),
    "jiaxinwu": _("夹心五: a win on a 5 in the middle of a 4-5-6 of its suit, 1 fan more."),
}

TERMS: dict[str, Term] = {
    "base": Term(
        _("base"), _("The room's stake: a win pays the base × 2 to the power of its fan (番).")
    ),
    "cap": Term(_("cap"), _("The most fan a win counts in this room; more is cut to it.")),
    "dianpao": Term(
        _("Discard win"), _("Winning on another player's discard (点炮): the discarder alone pays.")
    ),
    "zimo": Term(
        _("Self-drawn win"),
        _("Winning on a tile you drew yourself (自摸): every other player still in pays."),
    ),
    "zimo_base": Term(
        _("self-drawn bonus"),
        _("This room's 自摸加底: each payer of a self-drawn win adds the base."),
    ),
    "zimo_fan": Term(
        _("Self-drawn extra fan"), _("This room's 自摸加番: a self-drawn win counts 1 fan more.")
    ),
    "dianganghua": Term(
        _("Bloom on a fed kong"),
        _(
            "A self-drawn win after a kong made from a discard (点杠花): in this room the player "
            "who discarded that tile pays alone, as for a discard win."
        ),
    ),
    "dianganghua_covered": Term(
        _("Bloom on a fed kong"),
        _(
            "A self-drawn win after a kong made from a discard (点杠花): in this room the player "
            "who discarded that tile pays every other player's share alone (承包), their own "
            "included."
        ),
    ),
    "gen": Term(
        _("Root"),
        _("Each kind of which the winner holds all four tiles, a kong included, counts 1 fan."),
    ),
    "guafeng": Term(
        _("Wind"),
        _(
            "刮风: the money for an exposed kong (the discarder pays "
            "2 × base) or an added kong (each other player pays the "
            "base), paid when it is made."
        ),
    ),
    "xiayu": Term(
        _("Rain"),
        _(
            "下雨: the money for a concealed kong, 2 × base from each "
            "other player still in, paid when it is made."
        ),
    ),
    "zhigang": Term(
        _("Exposed kong"), _("A kong of three tiles in hand and another player's discard (直杠).")
    ),
    "bugang": Term(
        _("Added kong"), _("A kong made by adding the fourth tile to one's own pong (补杠).")
    ),
    "angang": Term(_("Concealed kong"), _("A kong of four tiles drawn by oneself (暗杠).")),
    "hujiaozhuanyi": Term(
        _("Call transfer"),
        _(
            "呼叫转移: when someone wins on the discard a player makes after their own kong, that "
            "turn's kong money goes to each winner."
        ),
    ),
    "chajiao": Term(
        _("Ready check"),
        _(
            "查叫: when the wall runs out, each player still in who is not ready pays each ready "
            "one what that player's best wait would score as a discard win."
        ),
    ),
    "huazhu": Term(
        _("Flower pig"),
        _(
            "花猪: a player still holding all three suits when the wall runs out; they pay every "
            "player who is not a pig the pig fan."
        ),
    ),
    "tuishui": Term(
        _("Kong refund"),
        _("退税: a player not ready when the wall runs out gives back the kong money they kept."),
    ),
    "buchajia": Term(
        _("Ready difference"),
        _(
            "补差价: of two ready players, the one whose best win is worth less pays the "
            "difference."
        ),
    ),
    **{key: Term(labels.PATTERNS[key], text) for key, text in _PATTERN_TEXTS.items()},
}


def term(key: str, text: str | None = None) -> Segment:
    """The term ``key``, shown as its name (or ``text``), explained."""
    found = TERMS[key]
    return (str(found.name) if text is None else text, str(found.text))


def glossary(keys) -> list[tuple[str, str]]:
    """(name, explanation) of each term in ``keys``, once each, in the order given."""
    return [(str(TERMS[key].name), str(TERMS[key].text)) for key in dict.fromkeys(keys)]


_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def fill(sentence: str, **values) -> list[Segment]:
    """``sentence`` (translated, with %(name)s placeholders) as segments, each value put
    in its place: a string or number as plain text, a segment or list of segments as
    they are. Plain neighbours are joined."""
    found: list[Segment] = []
    position = 0
    for match in _PLACEHOLDER.finditer(sentence):
        found.append((sentence[position : match.start()], ""))
        value = values[match.group(1)]
        if isinstance(value, list):
            found.extend(value)
        elif isinstance(value, tuple):
            found.append(value)
        else:
            found.append((str(value), ""))
        position = match.end()
    found.append((sentence[position:], ""))
    return join(found)


def join(segments: list[Segment]) -> list[Segment]:
    """The segments with empty ones dropped and plain neighbours joined."""
    joined: list[Segment] = []
    for text, explanation in segments:
        if not text:
            continue
        if joined and not explanation and not joined[-1][1]:
            joined[-1] = (joined[-1][0] + text, "")
        else:
            joined.append((text, explanation))
    return joined
