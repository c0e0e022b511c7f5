"""Words for the engine's keys: payment reasons, patterns, extras, winds and levels.

The engine speaks in keys (``ron``, ``qingyise``…); the pages speak Chinese or English.
"""

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from common.names import DELETED_NAME

SEAT_WINDS = [_("East"), _("South"), _("West"), _("North")]

REASONS = {
    "ron": _("Win on a discard (点炮)"),
    "zimo": _("Self-drawn win (自摸)"),
    "rob_kong": _("Robbing a kong (抢杠胡)"),
    "kong_exposed": _("Exposed kong (直杠)"),
    "kong_added": _("Added kong (刮风)"),
    "kong_concealed": _("Concealed kong (下雨)"),
    "kong_transfer": _("Call transfer (呼叫转移)"),
    "pig": _("Flower pig (查花猪)"),
    "not_ready": _("Not ready (查叫)"),
    "kong_refund": _("Kong refund (退税)"),
    "ready_difference": _("Ready difference (补差价)"),
}

PATTERNS = {
    "pinghu": _("Plain win"),
    "duiduihu": _("All pongs"),
    "qingyise": _("Pure suit"),
    "qidui": _("Seven pairs"),
    "daiyaojiu": _("Terminals in every set"),
    "qingdui": _("Pure all pongs"),
    "jiangdui": _("All 2-5-8 pongs"),
    "longqidui": _("Dragon seven pairs"),
    "qingqidui": _("Pure seven pairs"),
    "qingyaojiu": _("Pure terminals"),
    "qinglongqidui": _("Pure dragon seven pairs"),
    "tianhu": _("Heavenly hand"),
    "dihu": _("Earthly hand"),
    "gangshanghua": _("Bloom on a kong"),
    "gangshangpao": _("Win on a kong's discard"),
    "qiangganghu": _("Robbing a kong"),
    "haidilaoyue": _("Last tile self-drawn"),
    "haidipao": _("Last discard"),
    "jingoudiao": _("Golden hook"),
    "zimo": _("Self-drawn bonus"),
    "gangfan": _("Kong fan"),
    "jiaxinwu": _("Middle five"),
}

# The ways to play of RULES.md section 13 (option ``mode``).
MODES = {
    "xuezhan": _("Blood battle to the end (血战到底)"),
    "xueliu": _("Blood flowing into a river (血流成河)"),
}


def mode_name(options) -> str:
    """The room's way to play in words; ``options`` a RoomOptions or its dict."""
    mode = options.get("mode", "xuezhan") if isinstance(options, dict) else options.mode
    return str(MODES.get(mode, mode))


# The tables of RULES.md section 14 by (players, suits), as the apps name them.
TABLE_NAMES = {
    (4, 3): _("4 players, 3 suits"),  # 四人三房, this book's table
    (4, 2): _("4 players, 2 suits"),  # 四人两房
    (3, 3): _("3 players, 3 suits"),  # 三人三房
    (3, 2): _("3 players, 2 suits"),  # 三人两房
    (2, 3): _("2 players, 3 suits"),  # 两人三房 (二人麻将)
    (2, 2): _("2 players, 2 suits"),  # 两人两房
}


# A ranking's table size (games.history.ranking), as the tabs of the ranking page say it.
TABLE_SIZE_NAMES = {
    4: pgettext_lazy("table size", "Four players"),
    3: pgettext_lazy("table size", "Three players"),
    2: pgettext_lazy("table size", "Two players"),
}


def table_name(options) -> str:
    """How many play and with which suits: "三人两房"; ``options`` a RoomOptions or its
    dict (which leaves out four players and three suits)."""
    if isinstance(options, dict):
        key = (options.get("players", 4), options.get("suits", 3))
    else:
        key = (options.players, options.suits)
    return str(TABLE_NAMES[key])


HOW = {
    "ron": _("on a discard"),
    "zimo": _("self-drawn"),
    "rob_kong": _("robbing a kong"),
}

VERBS = {
    "exchange": _("picked three tiles to swap"),
    "void": _("chose the void suit"),
    "discard": _("discarded"),
    "pong": _("ponged"),
    "kong": _("konged"),
    "concealed_kong": _("made a concealed kong of"),
    "added_kong": _("added a kong of"),
    "win": _("won"),
    "zimo": _("won self-drawn"),
    "pass": _("passed"),
}

# 换三张's directions (RULES.md section 13), as the table and the history say them.
EXCHANGE_DIRECTIONS = {
    "next": _("to the next player (换给下家)"),
    "previous": _("to the previous player (换给上家)"),
    "opposite": _("to the player opposite (换给对家)"),
    "other": _("to the other player (两人互换)"),
}


def exchange_shown(direction: str | None, seats: int) -> str | None:
    """The direction as the table says it: at a table for two, "next" is the only one
    and the two players simply swap (RULES.md section 14), "other"."""
    return "other" if direction is not None and seats == 2 else direction


LEVELS = {
    "easy": _("Computer (easy)"),
    "strong": _("Computer (strong)"),
    "expert": _("Computer (expert)"),
}
LEVEL_SHORT = {"easy": _("easy"), "strong": _("strong"), "expert": _("expert")}


def bot_name(index: int, level: str) -> str:
    """'Computer South (strong)'."""
    from django.utils.translation import gettext

    return gettext("Computer %(wind)s (%(level)s)") % {
        "wind": SEAT_WINDS[index],
        "level": LEVEL_SHORT[level],
    }


# The order patterns are named in: the hand's pattern, its roots, then the extras. Fixed
# here because a win's patterns come back from PostgreSQL's jsonb in another order than
# they were stored in, and one win must read the same everywhere.
PATTERN_ORDER = {
    key: rank
    for rank, key in enumerate(
        [
            *list(PATTERNS)[: list(PATTERNS).index("tianhu")],
            "gen",
            *list(PATTERNS)[list(PATTERNS).index("tianhu") :],
        ]
    )
}


def describe_patterns(patterns: dict[str, int]) -> str:
    """'Pure suit + 1 root' — the counted pattern and extras of one win."""
    parts = []
    ordered = sorted(patterns.items(), key=lambda item: (PATTERN_ORDER.get(item[0], 99), item[0]))
    for key, value in ordered:
        if key == "gen":
            parts.append(ngettext("%(count)d root", "%(count)d roots", value) % {"count": value})
        else:
            parts.append(str(PATTERNS.get(key, key)))
    return " + ".join(parts)


def win_words(win: dict, names) -> tuple[str, str]:
    """What goes before and after the winning tile in the win's announcement: "南 胡 [三万]
    （西 点炮）", "南 自摸 [三万]", "南 抢杠胡 [三万]（西 的补杠）" — who won and who fed the
    tile, never words that read as the winner dealing in."""
    source = win.get("from")
    if win["how"] == "zimo" or source is None:
        return gettext("self-draws"), ""
    if win["how"] == "rob_kong":
        return (
            gettext("wins by robbing a kong:"),
            gettext("(from %(name)s's added kong)") % {"name": names[source]},
        )
    return gettext("wins on"), gettext("(%(name)s dealt in)") % {"name": names[source]}


def fan_and_points(fan: int, points: int) -> str:
    """ "2 番 · 8 分"; a plain win counts no fan and reads as its points alone."""
    worth = ngettext("%(points)d point", "%(points)d points", points) % {"points": points}
    if not fan:
        return worth
    return gettext("%(fan)s fan · %(points)s") % {"fan": fan, "points": worth}


def win_worth(win: dict) -> str:
    """'2 fan, 4 points' for a win (points: what one payer pays); a plain win counts no
    fan, so it reads as its points alone ('1 point'), never '0 fan'."""
    points = ngettext("%(points)d point", "%(points)d points", win["points"]) % {
        "points": win["points"]
    }
    if not win["fan"]:
        return points
    return gettext("%(fan)s fan, %(points)s") % {"fan": win["fan"], "points": points}


def points_words(points: int) -> str:
    """ "1 分" / "1 point"."""
    return ngettext("%(points)d point", "%(points)d points", points) % {"points": points}


def hand_worth(patterns: dict[str, int] | str, fan: int, points: int | None = None) -> str:
    """One hand and what it is worth: "清一色 + 1 根 · 3 番"; a plain win counts no fan
    and says its points instead, "平胡 · 1 分" ("Plain win · 1 point"), never "0 番".
    ``patterns``: the win's patterns, or already in words; ``points``: what one payer
    pays (the hand's name alone when it is not known)."""
    described = patterns if isinstance(patterns, str) else describe_patterns(patterns)
    if fan:
        worth = gettext("%(fan)d fan") % {"fan": fan}
    else:
        described = described or str(PATTERNS["pinghu"])
        worth = points_words(points) if points is not None else ""
    return " · ".join(part for part in (described, worth) if part)


def person_name(username: str) -> str:
    """A person's name as shown: a deleted account's anonymous name ("已注销玩家#1a2b3c4d",
    accounts.keeping) in the reader's language, the rest as they are."""
    if username.startswith(DELETED_NAME + "#"):
        return gettext("Deleted player %(tag)s") % {"tag": username[len(DELETED_NAME) :]}
    return username


def seat_label(seat) -> str:  # a games.models.Seat
    """A person's user name; a computer player is named by its seat, so that three of
    them at one table can be told apart."""
    if seat.user_id:
        return seat.user.username
    if seat.bot_level:
        return bot_name(seat.index, seat.bot_level)
    return ""
