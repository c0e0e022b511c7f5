"""Every room option (every field of ``RoomOptions``) in words: what each value does,
and the default. The option's name is the room form's label, so a player finds the same
words here and on the form; the values and ranges come from games.rules.options.

Each option is described here once; the tests check that every field of RoomOptions
and every value of its choices has its words, so a new option cannot go unexplained.
"""

from dataclasses import dataclass, fields
from functools import lru_cache

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.rules import options as rules_options
from games.rules.options import DEFAULT_OPTIONS, RoomOptions

ON, OFF = True, False


@dataclass(frozen=True, slots=True)
class Span:
    """A whole number from ``low`` to ``high`` (no upper end when None)."""

    low: int
    high: int | None = None


SECONDS = Span(*rules_options.SECONDS_RANGE)
TIMEOUT = _(
    "After two missed deadlines in a row the seat is played automatically "
    "(托管) until its player turns that off."
)

# option -> ((value, what it does), …). A value is True/False, None, one of the
# option's choices, or a Span of whole numbers.
OPTION_VALUES: dict[str, tuple[tuple[object, object], ...]] = {
    "base": (
        (
            Span(1),
            _(
                "Every amount is counted in bases: a win pays base × 2 to the power of "
                "its fan, an exposed or concealed kong 2 × base, an added kong the "
                "base."
            ),
        ),
    ),
    "cap": (
        (
            Span(*rules_options.CAP_RANGE),
            _(
                "A win counts at most this many fan; a bigger "
                "hand is paid as if it had exactly this many."
            ),
        ),
        (None, _("Every fan counts.")),
    ),
    "pig_fan": (
        (
            Span(*rules_options.PIG_FAN_RANGE),
            _(
                "A flower pig (查花猪) pays each player who "
                "is not a pig base × 2 to the power of this "
                "number."
            ),
        ),
        ("cap", _("As many fan as the cap; 4 when the room has no cap.")),
    ),
    "zimo_bonus": (
        ("none", _("A self-drawn win is paid like any win, by each other player still in.")),
        ("base", _("Each payer of a self-drawn win adds the base after the doubling.")),
        ("fan", _("A self-drawn win counts 1 fan more, before the cap.")),
    ),
    "kong_bloom_from_discard": (
        (
            "zimo",
            _(
                "A self-drawn win on the replacement tile of an exposed kong (点杠花) is "
                "paid like any self-drawn win."
            ),
        ),
        (
            "ron",
            _(
                "The player who discarded the kong's tile pays that win alone, as for a "
                "win on their discard."
            ),
        ),
        (
            "feeder_all",
            _(
                "The player who discarded the kong's tile pays what every other "
                "player still in would have paid for that self-drawn win, their "
                "own share included (承包)."
            ),
        ),
    ),
    "pass_blocks_ron": (
        (
            ON,
            _(
                "Who declines a win may not win on a discard again before their next draw, "
                "unless the new win scores more fan."
            ),
        ),
        (OFF, _("A player may win on any discard, even after passing a win.")),
    ),
    "last_four_must_win": (
        (ON, _("A winning draw from the last four tiles of the wall is taken automatically.")),
        (OFF, _("A winning draw stays the player's choice to the end of the wall.")),
    ),
    "last_four_auto_ron": (
        (ON, _("With four tiles or fewer left, a win on a discard is taken automatically too.")),
        (OFF, _("A win on a discard stays the player's choice to the end of the wall.")),
    ),
    "tiandi_hu": (
        (
            ON,
            _(
                "The dealer winning on the first 14 tiles (天胡), or a player on their first "
                "draw (地胡), scores 5 fan; with the QQ fan table, 4 fan on top of the "
                "hand's pattern."
            ),
        ),
        (OFF, _("Such a hand scores only its pattern.")),
    ),
    "haidi": (
        (
            ON,
            _(
                "+1 fan for a self-drawn win on the wall's last tile (海底捞月) or a win on "
                "the discard after it (海底炮)."
            ),
        ),
        (OFF, _("The last tile scores nothing extra.")),
    ),
    "jingoudiao": (
        (ON, _("+1 fan for four melds won on a single waiting tile (金钩钓).")),
        (OFF, _("Such a hand scores only its pattern.")),
    ),
    "kong_transfer": (
        (
            ON,
            _(
                "Who wins on the discard a player makes right after their own kong also takes "
                "the kong money of that turn (呼叫转移)."
            ),
        ),
        (OFF, _("The kong money stays with the player who made the kong.")),
    ),
    "ready_difference": (
        (
            ON,
            _(
                "When the wall runs out, of every two ready players the one whose best win "
                "is worth less pays the other the difference (补差价)."
            ),
        ),
        (OFF, _("Ready players do not settle among themselves.")),
    ),
    "turn_seconds": (
        (
            SECONDS,
            _(
                "Seconds for a turn; when they run out, the tile just drawn is "
                "discarded for the player."
            ),
        ),
    ),
    "claim_seconds": (
        (
            SECONDS,
            _(
                "Seconds to answer a discard (win, pong, kong or pass); when they run "
                "out, the player passes."
            ),
        ),
    ),
    "void_seconds": (
        (
            SECONDS,
            _(
                "Seconds to choose the void suit; when they run out, the suit with the "
                "fewest tiles is chosen."
            ),
        ),
    ),
    "claim_window": (
        (
            "open",
            _(
                "A player asked to claim a discard may think up to the seconds to answer; "
                "the others see the tile wait as long."
            ),
        ),
        (
            "secret",
            _(
                "Every discard is on offer for the same few seconds; a player asked "
                "answers within them or passes, so nobody learns who could claim."
            ),
        ),
    ),
    # RULES.md section 13: a match of a fixed number of rounds (shown once RoomOptions
    # has the field; the range is the engine's when it defines one).
    "rounds": (
        (
            Span(*getattr(rules_options, "ROUNDS_RANGE", (1, 16))),
            _("After this many rounds the table shows the match's final standings."),
        ),
        (None, _("Open-ended: the room plays as many rounds as its players like.")),
    ),
    "exchange_three": (
        (
            ON,
            _(
                "After the deal and before choosing the void suit, every player secretly "
                "picks three tiles of one suit; when all four have picked they move at once "
                "to the next player, the previous one or the one opposite, as drawn from "
                "the round's seed (换三张)."
            ),
        ),
        (OFF, _("Play starts with the tiles dealt.")),
    ),
    "exchange_seconds": (
        (
            SECONDS,
            _(
                "Seconds to pick the three tiles to pass; when they run out, the "
                "computer's pick is made for the player."
            ),
        ),
    ),
    "mode": (
        (
            "xuezhan",
            _(
                "A player who wins leaves the round; it goes on until one player is "
                "left or the wall runs out (血战到底)."
            ),
        ),
        (
            "xueliu",
            _(
                "Winners stay in and may win again; the round goes on until the wall "
                "runs out (血流成河)."
            ),
        ),
    ),
    "xueliu_kongs": (
        ("money", _("In blood river kongs are paid in money, as in blood battle.")),
        (
            "fan",
            _(
                "In blood river kongs pay no money: each exposed or added kong adds 1 fan "
                "and each concealed kong 2 fan to every later win of its maker."
            ),
        ),
    ),
    "late_added_kong_pays": (
        (ON, _("An added kong (补杠) is paid whenever it is made.")),
        (
            OFF,
            _(
                "An added kong is paid only when made on the turn its fourth tile was "
                "drawn; made later it pays nothing and counts only as a 根."
            ),
        ),
    ),
    "concealed_kong_shown": (
        (ON, _("One tile of every concealed kong is shown to all players.")),
        (OFF, _("Only its maker sees which tile a concealed kong is.")),
    ),
    "last_tiles_rule": (
        ("four", _("The rules on the last four tiles apply to the last four tiles of the wall.")),
        ("active", _("They apply to as many last tiles as players are still in.")),
    ),
    "fan_table": (
        ("chengdu", _("Patterns score the fan of this site's table.")),
        (
            "video",
            _(
                "Patterns score as in the QQ table: pure seven pairs 3 fan, pure "
                "terminals 3, no dragon seven pairs (seven pairs and a 根 instead), "
                "heavenly and earthly hands +4 on top of the pattern."
            ),
        ),
    ),
    "coaching": (
        (
            ON,
            _(
                "Each player may switch on the coach (教练) in the table's settings: at "
                "their own decisions it shows how the expert computer player (大师) ranks "
                "the choices, from what that player can see. The room's rounds are not "
                "counted in the ranking."
            ),
        ),
        (OFF, _("No coach at the table; the rounds count in the ranking.")),
    ),
    # RULES.md section 14's scoring options.
    "players": (
        (4, _("Four players: this book's table.")),
        (
            3,
            _(
                "Three players: you, the next player on your right and the previous on your "
                "left, the top side empty; the round ends when two have won."
            ),
        ),
        (2, _("Two players, face to face: the first win ends the round.")),
    ),
    "suits": (
        (3, _("Three suits: 万, 筒 and 条, 108 tiles; each player chooses a void suit.")),
        (
            2,
            _(
                "Two suits (两房): 筒 and 条 only, 72 tiles; nobody chooses a void and "
                "nobody can be a flower pig."
            ),
        ),
    ),
    "ron_needs_fan": (
        (
            ON,
            _(
                "A win on a discard or a robbed kong needs at least 1 fan (点炮需番), 根 and "
                "extras included; a hand worth nothing wins only self-drawn, and is not "
                "offered the win on a discard at all."
            ),
        ),
        (OFF, _("Any winning hand may win on a discard.")),
    ),
    "pongs_fan": (
        (1, _("All pongs (对对胡) is worth 1 fan.")),
        (
            2,
            _(
                "All pongs is worth 2 fan, and pure pongs (清对) and 2-5-8 pongs (将对) "
                "one more too."
            ),
        ),
    ),
    "middle_five": (
        (
            ON,
            _(
                "+1 fan for a win on a 5 that the hand can read as the middle of a 4-5-6 "
                "of its suit (夹心五); not beside all pongs or seven pairs."
            ),
        ),
        (OFF, _("A 5 scores like any tile.")),
    ),
}
TIMED = ("turn_seconds", "claim_seconds", "void_seconds", "exchange_seconds")

# Names of options the room form does not (yet) show, or shows as a follow-on of the
# option above it ("…also on a discard"), which would not read alone.
OPTION_NAMES = {
    "rounds": _("Number of rounds (局数)"),
    "last_four_auto_ron": _("Last four tiles: wins on a discard too"),
}
NONE_WORDS = {"cap": _("No cap"), "rounds": _("Open-ended")}


@lru_cache(maxsize=1)
def _form_fields() -> dict:
    from games.rooms.forms import RoomForm

    return RoomForm().fields


def option_name(name: str) -> str:
    if name in OPTION_NAMES:
        return str(OPTION_NAMES[name])
    field = _form_fields().get(name)
    return str(field.label) if field is not None else name


def value_words(name: str, value) -> str:
    """A value of an option in words: "On", "2–8", "As the cap", "No cap"…"""
    if isinstance(value, Span):
        if value.high is None:
            return gettext("%(low)s or more") % {"low": value.low}
        return f"{value.low}–{value.high}"
    if value is True:
        return gettext("On")
    if value is False:
        return gettext("Off")
    if value is None:
        return str(NONE_WORDS.get(name, gettext("None")))
    field = _form_fields().get(name)
    choices = dict(getattr(field, "choices", None) or ())
    return str(choices.get(value, value))


def option_value_words(name: str, value) -> str:
    """ "Golden hook (金钩钓): On" — an option set to one value, for "needs …"."""
    return gettext("%(option)s: %(value)s") % {
        "option": option_name(name),
        "value": value_words(name, value),
    }


@dataclass(frozen=True, slots=True)
class OptionShown:
    key: str
    name: str
    default: str
    values: tuple[tuple[str, str], ...]  # (value in words, what it does)
    note: str = ""


def options() -> list[OptionShown]:
    """Every room option the engine knows, in RoomOptions' order."""
    shown = []
    for item in fields(RoomOptions):
        described = OPTION_VALUES[item.name]
        default = getattr(DEFAULT_OPTIONS, item.name)
        shown.append(
            OptionShown(
                key=item.name,
                name=option_name(item.name),
                default=value_words(item.name, default),
                values=tuple(
                    (value_words(item.name, value), str(text)) for value, text in described
                ),
                note=str(TIMEOUT) if item.name in TIMED else "",
            )
        )
    return shown
