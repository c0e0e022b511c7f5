"""Scoring a win (RULES.md section 7).

Fan = pattern fan + extra fan, capped at the room's cap; points = base × 2^fan. Only the
highest pattern counts, and a hand is read in whichever way scores most — which matters
because 龙七对 takes one 根 away: 天胡 with all its 根 can beat 清龙七对.
"""

from dataclasses import dataclass, field
from functools import cache

from games.rules.hands import (
    ALL_TERMINAL,
    ALL_TRIPLETS,
    Meld,
    held_copies,
    is_seven_pairs_form,
    is_standard_form,
    melds_hold_suit,
    readings,
    suit_keys,
    waits,
)
from games.rules.options import DEFAULT_OPTIONS, RoomOptions
from games.rules.tiles import COPIES, RANKS, TILE_KINDS, rank_of

# Pattern key -> fan, in the rule book's order (ties keep the earlier pattern).
PATTERN_FAN = {
    "pinghu": 0,
    "duiduihu": 1,
    "qingyise": 2,
    "qidui": 2,
    "daiyaojiu": 2,
    "qingdui": 3,
    "jiangdui": 3,
    "longqidui": 4,
    "qingqidui": 4,
    "qingyaojiu": 4,
    "qinglongqidui": 5,
    "tianhu": 5,
    "dihu": 5,
}
# fan_table "video" (RULES.md section 13): the pattern fans as seed 003 lists them. The
# seed counts from 1 (素番 1 = 1 × base, "和牌分 = 1 分 * 2↑（番数 - 1）"); our fan counts
# from 0 (平胡 = 0 fan = 1 × base), so each value here is the seed's number minus 1:
#   素番 1, 对对和 2, 清一色 3, 暗七对 3, 全带幺 3, 清带幺 4, 清对 4, 清七对 4, 将对 4.
# The seed has no 龙七对: seven pairs with a four of a kind is 七对 plus its 根 ("有根 ...
# 有几个根加几番"). 天和/地和 are not patterns there but "+4" extras on top of the pattern
# (VIDEO_BONUS_FAN). Its 极品 (5, i.e. 4 of ours) is the room's cap.
VIDEO_PATTERN_FAN = {
    "pinghu": 0,
    "duiduihu": 1,
    "qingyise": 2,
    "qidui": 2,
    "daiyaojiu": 2,
    "qingdui": 3,
    "jiangdui": 3,
    "qingqidui": 3,
    "qingyaojiu": 3,
}
VIDEO_BONUS_FAN = {"tianhu": 4, "dihu": 4}  # seed 003: 天和 +4, 地和 +4
DRAGON_PATTERNS = ("longqidui", "qinglongqidui")  # their 4-of-a-kind is not also a 根
EXTRA_KEYS = (
    "gen",
    "gangshanghua",
    "gangshangpao",
    "qiangganghu",
    "haidilaoyue",
    "haidipao",
    "jingoudiao",
    "zimo",
    "gangfan",
    "jiaxinwu",
)
# 对对胡番数 2 (RULES.md section 14): the patterns that are an 对对胡 are worth one more.
PONGS_PATTERNS = ("duiduihu", "qingdui", "jiangdui")
# 夹心五 reads the winning 5 as the middle of a 4-5-6: it counts only beside a pattern
# whose reading may hold a sequence (not the pongs, seven pairs or 带幺九, whose 4-5-6
# holds no 1 or 9). 天胡 and 地胡 read the hand freely.
SEQUENCE_PATTERNS = frozenset({"pinghu", "qingyise", "tianhu", "dihu"})
MIDDLE_RANK = 5


def pattern_fan_table(options: RoomOptions) -> dict[str, int]:
    """The room's pattern → fan table (options fan_table and pongs_fan)."""
    if options.pongs_fan == 2:
        return _pongs_worth_more(options.fan_table)
    return VIDEO_PATTERN_FAN if options.fan_table == "video" else PATTERN_FAN


@cache
def _pongs_worth_more(fan_table: str) -> dict[str, int]:
    table = VIDEO_PATTERN_FAN if fan_table == "video" else PATTERN_FAN
    return {key: fan + (key in PONGS_PATTERNS) for key, fan in table.items()}


HOW_VALUES = ("ron", "zimo", "rob_kong", "kong_draw", "after_kong")
SELF_DRAWN = frozenset({"zimo", "kong_draw"})


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the winning tile came: ``how`` is one of HOW_VALUES."""

    how: str = "ron"
    tianhu: bool = False
    dihu: bool = False
    last_tile: bool = False
    tile: int | None = None  # the winning tile, where one is known (夹心五 asks)

    def __post_init__(self) -> None:
        if self.how not in HOW_VALUES:
            raise ValueError(f"unknown way to win {self.how!r}: one of {', '.join(HOW_VALUES)}")

    @property
    def self_drawn(self) -> bool:
        return self.how in SELF_DRAWN


@dataclass(frozen=True, slots=True)
class Score:
    pattern: str
    patterns: dict[str, int] = field(default_factory=dict)  # counted pattern and extras
    raw_fan: int = 0
    fan: int = 0
    points: int = 0  # what one payer pays

    def to_dict(self) -> dict:
        return {
            "pattern": self.pattern,
            "patterns": dict(self.patterns),
            "raw_fan": self.raw_fan,
            "fan": self.fan,
            "points": self.points,
        }


def _applicable_patterns(
    counts: list[int], melds: list[Meld], keys: list[int], context: WinContext, options: RoomOptions
) -> list[str]:
    held = held_copies(counts, melds) if melds else counts
    suits_held = {t // RANKS for t in range(TILE_KINDS) if held[t]}
    one_suit = len(suits_held) == 1
    found = ["pinghu"]
    if not melds and is_seven_pairs_form(keys):
        dragon = any(n == COPIES for n in counts)
        found.append("qidui")
        if dragon:
            found.append("longqidui")
        if one_suit:
            found.append("qinglongqidui" if dragon else "qingqidui")
            if dragon:
                found.append("qingqidui")
    if is_standard_form(keys):
        flags = readings(keys)
        triplets = bool(flags & ALL_TRIPLETS)
        terminal = bool(flags & ALL_TERMINAL) and all(rank_of(m.tile) in (1, RANKS) for m in melds)
        if triplets:
            found.append("duiduihu")
            if all(rank_of(t) in (2, 5, 8) for t in range(TILE_KINDS) if held[t]):
                found.append("jiangdui")
            if one_suit:
                found.append("qingdui")
        if terminal:
            found.append("daiyaojiu")
            if one_suit:
                found.append("qingyaojiu")
    if one_suit:
        found.append("qingyise")
    if options.tiandi_hu and context.self_drawn and options.fan_table != "video":
        if context.tianhu:
            found.append("tianhu")
        elif context.dihu:
            found.append("dihu")
    return found


def _middle_five(counts: list[int], tile: int | None) -> bool:
    """夹心五: the concealed tiles ``counts`` (the winning tile included) read as a winning
    hand with ``tile``, a 5, as the middle of a 4-5-6 of its suit."""
    if tile is None or rank_of(tile) != MIDDLE_RANK:
        return False
    sequence = (tile - 1, tile, tile + 1)  # a 5's neighbours are of its own suit
    if any(counts[t] == 0 for t in sequence):
        return False
    rest = list(counts)
    for t in sequence:
        rest[t] -= 1
    return is_standard_form(suit_keys(rest))


def _extras_beside(pattern: str, extras: dict[str, int]) -> dict[str, int]:
    """The extras that count beside ``pattern``, in the rule book's order: a four of a
    kind that makes 龙七对 is not also a 根, and 夹心五 needs a reading that holds its
    4-5-6 (SEQUENCE_PATTERNS)."""
    counted = {}
    if not extras:  # most hands the computer players weigh: nothing to look through
        return counted
    for key in EXTRA_KEYS + tuple(VIDEO_BONUS_FAN):
        value = extras.get(key, 0)
        if key == "gen" and pattern in DRAGON_PATTERNS:
            value -= 1
        if key == "jiaxinwu" and pattern not in SEQUENCE_PATTERNS:
            value = 0
        if value > 0:
            counted[key] = value
    return counted


def _extras(
    counts: list[int],
    held: list[int],
    melds: list[Meld],
    context: WinContext,
    options: RoomOptions,
) -> dict[str, int]:
    extras = {}
    gen = sum(1 for n in held if n == COPIES)
    if gen:
        extras["gen"] = gen
    if context.how == "kong_draw":
        extras["gangshanghua"] = 1
    if context.how == "after_kong":
        extras["gangshangpao"] = 1
    if context.how == "rob_kong":
        extras["qiangganghu"] = 1
    if options.haidi and context.last_tile:
        extras["haidilaoyue" if context.self_drawn else "haidipao"] = 1
    if options.jingoudiao and len(melds) == 4:
        extras["jingoudiao"] = 1
    if options.zimo_bonus == "fan" and context.self_drawn:
        extras["zimo"] = 1
    if options.middle_five and _middle_five(counts, context.tile):
        extras["jiaxinwu"] = 1
    if options.fan_table == "video" and options.tiandi_hu and context.self_drawn:
        if context.tianhu:
            extras["tianhu"] = VIDEO_BONUS_FAN["tianhu"]
        elif context.dihu:
            extras["dihu"] = VIDEO_BONUS_FAN["dihu"]
    return extras


def score_win(
    counts: list[int],
    melds: list[Meld],
    void: int | None,
    context: WinContext = WinContext(),
    options: RoomOptions = DEFAULT_OPTIONS,
    gangfan: int = 0,
) -> Score | None:
    """Score the concealed tiles ``counts`` (the winning tile included) beside ``melds``.

    ``gangfan`` is the 杠番 of 血流成河 with ``xueliu_kongs`` = fan (RULES.md section 13):
    an extra like the others, so the cap applies to it too.
    Returns None when they are not a winning hand for a player with this void suit (a
    void tile in the hand or in a meld).
    """
    keys = suit_keys(counts)
    if void is not None and (keys[void] or melds_hold_suit(melds, void)):
        return None
    if not (is_standard_form(keys) or (not melds and is_seven_pairs_form(keys))):
        return None
    held = held_copies(counts, melds) if melds else counts
    extras = _extras(counts, held, melds, context, options)
    if gangfan:
        extras["gangfan"] = gangfan
    best: tuple[int, int, int] | None = None
    best_pattern = "pinghu"
    patterns = _applicable_patterns(counts, melds, keys, context, options)
    table = pattern_fan_table(options)
    for order, pattern in enumerate(table):
        if pattern not in patterns:
            continue
        total = table[pattern] + sum(_extras_beside(pattern, extras).values())
        rank = (total, table[pattern], -order)
        if best is None or rank > best:
            best, best_pattern = rank, pattern
    counted = {best_pattern: table[best_pattern], **_extras_beside(best_pattern, extras)}
    raw_fan = best[0]
    fan = options.capped(raw_fan)
    points = options.base * 2**fan
    if options.zimo_bonus == "base" and context.self_drawn:
        points += options.base
    return Score(pattern=best_pattern, patterns=counted, raw_fan=raw_fan, fan=fan, points=points)


def win_allowed(score: Score, context: WinContext, options: RoomOptions) -> bool:
    """点炮需番 (option ron_needs_fan, RULES.md section 14): a win on a discard or a
    robbed kong needs 1 fan before the cap; a hand worth nothing wins only by 自摸."""
    return context.self_drawn or not options.ron_needs_fan or score.raw_fan >= 1


def best_ready_win(
    counts: list[int],
    melds: list[Meld],
    void: int | None,
    options: RoomOptions = DEFAULT_OPTIONS,
    gangfan: int = 0,
) -> tuple[list[int], int | None, Score | None]:
    """The waits of a 13-tile hand, and the first of them that scores the highest fan
    (after the cap) as a plain win on a discard, with that win's score — what 查叫 is
    paid by. ``gangfan``: the player's 杠番, as in ``score_win``.
    ``(waits, None, None)`` when not ready."""
    tiles = waits(counts, melds, void)
    best_tile, best = None, None
    for t in tiles:
        counts[t] += 1
        score = score_win(counts, melds, void, WinContext("ron", tile=t), options, gangfan)
        counts[t] -= 1
        if score is not None and (best is None or score.fan > best.fan):
            best_tile, best = t, score
    return tiles, best_tile, best


def best_ready_fan(
    counts: list[int], melds: list[Meld], void: int | None, options: RoomOptions = DEFAULT_OPTIONS
) -> tuple[list[int], int | None]:
    """The waits of a 13-tile hand and the highest fan (after the cap) of a plain win on a
    discard with one of them — the figure 查叫 uses. ``(waits, None)`` when not ready."""
    tiles, _, best = best_ready_win(counts, melds, void, options)
    return tiles, None if best is None else best.fan
