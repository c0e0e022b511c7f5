"""Every pattern and every extra fan the engine scores, each with an example hand.

The fan shown for a pattern is the engine's table (``scoring.PATTERN_FAN``); the fan of
an extra, which has no table, is what ``score_win`` counts for the example. The example
hands are scored by ``score_win`` on every build of the page, and the tests check that
each one scores the pattern it illustrates, so a change of the rules shows here.
"""

from dataclasses import dataclass, field
from functools import cache

from django.utils.translation import gettext as _

from games.rules.hands import Meld
from games.rules.options import RoomOptions
from games.rules.scoring import EXTRA_KEYS, PATTERN_FAN, Score, WinContext, score_win
from games.rules.tiles import SUITS, parse_tile, parse_tiles, tile_str, to_counts
from games.words import glossary, labels

VOID = "s"  # every example is void in Bamboo, so its tiles are Characters and Dots


@dataclass(frozen=True, slots=True)
class Example:
    """A winning hand: ``hand`` the concealed tiles before ``win``, the winning tile."""

    hand: str
    win: str
    melds: tuple[str, ...] = ()
    how: str = "ron"  # as WinContext.how
    flags: tuple[str, ...] = ()  # WinContext flags: tianhu, dihu, last_tile
    options: dict = field(default_factory=dict)  # the room options the fan needs
    gangfan: int = 0  # 杠番 the winner's kongs add (血流成河, xueliu_kongs = fan)


PLAIN = "123m456m789m23p55p"  # waits on 1p or 4p: a plain win, the base of most extras

PATTERN_EXAMPLES = {
    "pinghu": Example(PLAIN, "1p"),
    "duiduihu": Example("111m555m888p99p22p", "2p"),
    "qingyise": Example("123m456m789m234m5m", "5m"),
    "qidui": Example("11m33m55m77m22p44p6p", "6p"),
    "daiyaojiu": Example("123m789m123p789p1p", "1p"),
    "qingdui": Example("111m333m555m777m9m", "9m"),
    "jiangdui": Example("222m555m888m222p5p", "5p"),
    "longqidui": Example("1111m33m55m22p44p6p", "6p"),
    "qingqidui": Example("11m22m44m55m66m88m9m", "9m"),
    "qingyaojiu": Example("123m123m123m789m9m", "9m"),
    "qinglongqidui": Example("1111m22m33m55m77m9m", "9m"),
    # On by default, but a room may turn them off: the page says which option they need.
    "tianhu": Example(PLAIN, "1p", how="zimo", flags=("tianhu",), options={"tiandi_hu": True}),
    "dihu": Example(PLAIN, "1p", how="zimo", flags=("dihu",), options={"tiandi_hu": True}),
}

EXTRA_EXAMPLES = {
    "gen": Example("111m123m456p789p5p", "5p"),
    "gangshanghua": Example("123m456m789m5p", "5p", melds=("concealed 9999p",), how="kong_draw"),
    "gangshangpao": Example(PLAIN, "1p", how="after_kong"),
    "qiangganghu": Example(PLAIN, "1p", how="rob_kong"),
    "haidilaoyue": Example(PLAIN, "1p", how="zimo", flags=("last_tile",), options={"haidi": True}),
    "haidipao": Example(PLAIN, "1p", flags=("last_tile",), options={"haidi": True}),
    "jingoudiao": Example(
        "5p",
        "5p",
        melds=("pong 111m", "pong 444m", "pong 777m", "pong 999p"),
        options={"jingoudiao": True},
    ),
    "zimo": Example(PLAIN, "1p", how="zimo", options={"zimo_bonus": "fan"}),
    # 夹心五 (RULES.md section 14): the winning 5 reads as the middle of 4-5-6.
    "jiaxinwu": Example("123m46m789m234p55p", "5m", options={"middle_five": True}),
    # 杠番 is the round's to count (Round.gangfan): the example's concealed kong adds 2.
    "gangfan": Example(
        "123m456m789m5p",
        "5p",
        melds=("concealed 9999p",),
        gangfan=2,
        options={"mode": "xueliu", "xueliu_kongs": "fan"},
    ),
}

# The glossary's word for each extra: the extra "zimo" is 自摸加番, the term "zimo_fan".
EXTRA_TERMS = {"zimo": "zimo_fan"}


def example_options(example: Example) -> RoomOptions:
    """No cap, so that each example shows its whole fan, and the options it needs."""
    return RoomOptions.from_dict({"cap": None, **example.options})


@cache
def score_of(key: str) -> Score:
    """The engine's score of the example for ``key`` (a pattern or an extra)."""
    example = PATTERN_EXAMPLES.get(key) or EXTRA_EXAMPLES[key]
    counts = to_counts(parse_tiles(example.hand) + [parse_tile(example.win)])
    melds = [Meld.parse(text) for text in example.melds]
    context = WinContext(
        example.how, tile=parse_tile(example.win), **{flag: True for flag in example.flags}
    )
    score = score_win(
        counts, melds, SUITS.index(VOID), context, example_options(example), example.gangfan
    )
    if score is None:
        raise ValueError(f"the example for {key!r} is not a winning hand")
    return score


@dataclass(frozen=True, slots=True)
class Shown:
    """One pattern or extra as the page shows it."""

    key: str
    name: str
    text: str
    fan: int  # the fan it counts (for 根: per kind of four)
    hand: tuple[str, ...]
    melds: tuple[tuple[str, str], ...]  # (kind, tile), as games/_melds.html shows them
    win: str
    how: str  # how the winning tile came, in words
    worth: str  # the example's whole score in words: "清一色, 2 番, 4 分"
    needs: tuple[str, ...]  # the room options (in words) the fan needs


def _shown(key: str, example: Example, fan: int, term_key: str) -> Shown:
    from games.rulebook.options import option_value_words

    score = score_of(key)
    term = glossary.TERMS[term_key]
    needs = [option_value_words(option, value) for option, value in example.options.items()]
    worth = _("%(patterns)s: %(worth)s") % {
        "patterns": labels.describe_patterns(score.patterns),
        "worth": labels.win_worth({"fan": score.fan, "points": score.points}),
    }
    return Shown(
        key=key,
        name=str(term.name),
        text=str(term.text),
        fan=fan,
        hand=tuple(tile_str(t) for t in sorted(parse_tiles(example.hand))),
        melds=tuple(
            (meld.kind, tile_str(meld.tile))
            for meld in (Meld.parse(text) for text in example.melds)
        ),
        win=example.win,
        how=str(_how(example)),
        worth=worth,
        needs=tuple(needs),
    )


def _how(example: Example) -> str:
    if "tianhu" in example.flags:
        return _("the dealer's fourteenth tile")
    if example.how in ("zimo", "kong_draw"):
        return _("self-drawn")
    if example.how == "rob_kong":
        return _("robbing a kong")
    return _("on a discard")


def patterns() -> list[Shown]:
    """Every pattern of the engine's table, in its order, with its fan."""
    return [_shown(key, PATTERN_EXAMPLES[key], fan, key) for key, fan in PATTERN_FAN.items()]


def extras() -> list[Shown]:
    """Every extra fan the engine counts, with what its example counts for it."""
    return [
        _shown(key, EXTRA_EXAMPLES[key], score_of(key).patterns[key], EXTRA_TERMS.get(key, key))
        for key in EXTRA_KEYS
    ]
