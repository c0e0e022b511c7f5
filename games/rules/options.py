"""Room options (RULES.md sections 10 and 13): one validated, immutable object with the
defaults.

In JSON, on/off are true/false and "none" is null. Anything invalid raises ValueError
naming the option, so a form or an import can tell the user which field is wrong.
"""

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

ZIMO_BONUS = ("none", "base", "fan")
KONG_BLOOM = ("zimo", "ron", "feeder_all")
MODES = ("xuezhan", "xueliu")  # 血战到底, 血流成河 (RULES.md section 13)
XUELIU_KONGS = ("money", "fan")
LAST_TILES_RULES = ("four", "active")
FAN_TABLES = ("chengdu", "video")
# How long a person asked to claim a discard may think (games.play.offers): "open", up to
# claim_seconds, and the table sees the tile on offer as long; "secret", within the
# pause every discard gets alike, so that nobody learns who could claim it.
CLAIM_WINDOWS = ("open", "secret")
PONGS_FANS = (1, 2)  # 对对胡番数 (RULES.md section 14)
PLAYERS = (4, 3, 2)  # the table's size (section 14)
SUIT_COUNTS = (3, 2)  # 三房: 万 筒 条; 两房: 筒 条 only
CAP_RANGE = (2, 8)
PIG_FAN_RANGE = (0, 8)
SECONDS_RANGE = (5, 120)
ROUNDS_RANGE = (1, 16)  # 局数 of a match (RULES.md section 13); None: open-ended
NO_CAP_PIG_FAN = 4  # pig_fan "cap" when the room has no cap


@dataclass(frozen=True, slots=True)
class RoomOptions:
    base: int = 1
    cap: int | None = 4
    pig_fan: int | str = "cap"
    zimo_bonus: str = "none"
    kong_bloom_from_discard: str = "zimo"
    pass_blocks_ron: bool = True
    last_four_must_win: bool = True
    last_four_auto_ron: bool = False
    tiandi_hu: bool = True
    haidi: bool = False
    jingoudiao: bool = False
    kong_transfer: bool = True
    ready_difference: bool = False
    turn_seconds: int = 30
    claim_seconds: int = 15
    void_seconds: int = 20
    # The rounds of the room's match. No rule of a round depends on it: the rules
    # service stops dealing after the last one (games.play.matches).
    rounds: int | None = None
    # RULES.md section 13. Each default keeps every earlier rule and result.
    exchange_three: bool = False
    exchange_seconds: int = 20
    mode: str = "xuezhan"
    xueliu_kongs: str = "money"
    late_added_kong_pays: bool = True
    concealed_kong_shown: bool = False
    last_tiles_rule: str = "four"
    fan_table: str = "chengdu"
    # The table's claim window; no rule of a round depends on it.
    claim_window: str = "open"
    # The owner lets each player switch on the coach (教练, games.players.coach) at the
    # table; such a room's rounds are not ranked. No rule of a round depends on it.
    coaching: bool = False
    # RULES.md section 14: the table's size and its suits (两房: no 万, no 定缺).
    players: int = 4
    suits: int = 3
    # Section 14's scoring options, at every table size.
    ron_needs_fan: bool = False  # 点炮需番: a win on a discard needs 1 fan
    pongs_fan: int = 1  # 对对胡番数: 对对胡 (and 清对, 将对) one fan more at 2
    middle_five: bool = False  # 夹心五: +1 for a 5 won in the middle of 4-5-6

    def __post_init__(self) -> None:
        _check_int("base", self.base, low=1)
        if self.cap is not None:
            _check_int("cap", self.cap, *CAP_RANGE)
        if self.pig_fan != "cap":
            _check_int("pig_fan", self.pig_fan, *PIG_FAN_RANGE, also='or "cap"')
        _check_choice("zimo_bonus", self.zimo_bonus, ZIMO_BONUS)
        _check_choice("kong_bloom_from_discard", self.kong_bloom_from_discard, KONG_BLOOM)
        for name in (
            "pass_blocks_ron",
            "last_four_must_win",
            "last_four_auto_ron",
            "tiandi_hu",
            "haidi",
            "jingoudiao",
            "kong_transfer",
            "ready_difference",
            "exchange_three",
            "late_added_kong_pays",
            "concealed_kong_shown",
            "coaching",
            "ron_needs_fan",
            "middle_five",
        ):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"option {name}: must be true or false, got {value!r}")
        _check_choice("mode", self.mode, MODES)
        _check_choice("xueliu_kongs", self.xueliu_kongs, XUELIU_KONGS)
        _check_choice("last_tiles_rule", self.last_tiles_rule, LAST_TILES_RULES)
        _check_choice("fan_table", self.fan_table, FAN_TABLES)
        _check_choice("claim_window", self.claim_window, CLAIM_WINDOWS)
        for name, choices in (("players", PLAYERS), ("suits", SUIT_COUNTS)):
            value = getattr(self, name)
            if value not in choices or isinstance(value, bool):
                listed = ", ".join(str(c) for c in choices)
                raise ValueError(f"option {name}: must be one of {listed}, got {value!r}")
        if self.pongs_fan not in PONGS_FANS or isinstance(self.pongs_fan, bool):
            raise ValueError(f"option pongs_fan: must be 1 or 2, got {self.pongs_fan!r}")
        for name in ("turn_seconds", "claim_seconds", "void_seconds", "exchange_seconds"):
            _check_int(name, getattr(self, name), *SECONDS_RANGE)
        if self.rounds is not None:
            _check_int("rounds", self.rounds, *ROUNDS_RANGE, also="or none (open-ended)")

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "RoomOptions":
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r}; known options: {sorted(known)}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        # Every option is a plain value: a shallow dict is ``asdict``'s answer, without
        # its deep copy (a quarter of a millisecond, twice per move).
        data = {name: getattr(self, name) for name in _field_names()}
        # An open-ended room says nothing of rounds, as every room did before matches
        # existed: the options stored with each round (and replayed by verify_rounds)
        # stay exactly what they were.
        if data["rounds"] is None:
            del data["rounds"]
        # Likewise the options of sections 13 and 14 are written only when they differ
        # from the default, so a round stored before they existed compares equal to its
        # replay.
        for name in LATER_DEFAULTS:
            if data[name] == LATER_DEFAULTS[name]:
                del data[name]
        return data

    @property
    def xueliu(self) -> bool:
        """血流成河: a win does not take the player out of the round."""
        return self.mode == "xueliu"

    @property
    def has_voids(self) -> bool:
        """定缺 (and with it 花猪) exists only with three suits (RULES.md section 14)."""
        return self.suits == 3

    @property
    def effective_pig_fan(self) -> int:
        if self.pig_fan == "cap":
            return NO_CAP_PIG_FAN if self.cap is None else self.cap
        return self.pig_fan

    def capped(self, fan: int) -> int:
        return fan if self.cap is None else min(fan, self.cap)


def _check_int(name: str, value: Any, low: int, high: int | None = None, also: str = "") -> None:
    valid = isinstance(value, int) and not isinstance(value, bool)
    if not valid or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        extra = f" {also}" if also else ""
        raise ValueError(f"option {name}: must be a whole number {span}{extra}, got {value!r}")


def _check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"option {name}: must be one of {', '.join(choices)}, got {value!r}")


DEFAULT_OPTIONS = RoomOptions()
LATER_DEFAULTS = {
    name: getattr(DEFAULT_OPTIONS, name)
    for name in (
        "exchange_three",
        "exchange_seconds",
        "mode",
        "xueliu_kongs",
        "late_added_kong_pays",
        "concealed_kong_shown",
        "last_tiles_rule",
        "fan_table",
        "claim_window",  # not of section 13, but as new: written only when not "open"
        "coaching",  # likewise: written only when the room allows the coach
        "players",  # section 14
        "suits",
        "ron_needs_fan",
        "pongs_fan",
        "middle_five",
    )
}


@cache
def _field_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(RoomOptions))
