"""The room form: every option of RULES.md sections 10, 13 and 14, defaults preselected,
in words; and the preset chooser, which fills the form with one seed text's rules
(games.rules.presets)."""

import json
from dataclasses import fields as dataclass_fields
from functools import lru_cache

from django import forms
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common.names import refuse_invisible
from games.rules.options import DEFAULT_OPTIONS, ROUNDS_RANGE, SECONDS_RANGE, RoomOptions
from games.rules.presets import PRESETS

ON_OFF_OPTIONS = {
    "pass_blocks_ron": (
        _("Passing a win blocks it (过水不胡)"),
        _(
            "Who declines a win may not win on a discard again before their next draw, "
            "unless the new win scores more fan."
        ),
    ),
    "last_four_must_win": (
        _("Last four tiles must win (最后四张必胡)"),
        _("A winning draw from the last four tiles of the wall is taken automatically."),
    ),
    "last_four_auto_ron": (
        _("…also on a discard"),
        _("With four tiles or fewer left, a win on a discard is taken automatically too."),
    ),
    "tiandi_hu": (
        _("Heavenly and earthly hands (天胡 / 地胡)"),
        _(
            "The dealer winning on the first 14 tiles, or a player on the first draw, "
            "scores 5 fan; with the QQ fan table, 4 fan on top of the hand's pattern."
        ),
    ),
    "haidi": (
        _("Last-tile extras (海底捞月 / 海底炮)"),
        _("+1 fan for a self-drawn win on the wall's last tile or a win on the discard after it."),
    ),
    "jingoudiao": (
        _("Golden hook (金钩钓)"),
        _("+1 fan for four melds won on a single waiting tile."),
    ),
    # RULES.md section 14's scoring options, at every table.
    "ron_needs_fan": (
        _("A win on a discard needs 1 fan (点炮需番)"),
        _(
            "A hand worth no fan may win only by drawing its tile itself (自摸); a win on "
            "a discard or a robbed kong needs at least 1 fan, 根 and extras included."
        ),
    ),
    "middle_five": (
        _("Middle five (夹心五)"),
        _("+1 fan for a win on a 5 that sits in the middle of a 4-5-6 of its suit."),
    ),
    "kong_transfer": (
        _("Call transfer (呼叫转移)"),
        _("Who wins on the discard after a kong also takes that kong's income."),
    ),
    "ready_difference": (
        _("Ready difference (补差价)"),
        _("At the wall's end, ready players also settle the difference of their best wins."),
    ),
}

# RULES.md section 13, after the options above: on/off ones here, the others in
# SECTION_13_CHOICES and exchange_seconds.
SECTION_13_ON_OFF = {
    "exchange_three": (
        _("Swap three (换三张)"),
        _(
            "After the deal each player secretly picks three tiles of one suit; they all "
            "move at once to the next player, the previous one or the one opposite, as the "
            "round's seed decides."
        ),
    ),
    "late_added_kong_pays": (
        _("A late added kong pays (补杠收钱)"),
        _(
            "Off: an added kong pays only when made on the turn its fourth tile was drawn; "
            "made later it counts only as a 根."
        ),
    ),
    "concealed_kong_shown": (
        _("Concealed kongs show a tile (暗杠亮牌)"),
        _("One tile of every concealed kong is shown to all players."),
    ),
}
SECTION_13_CHOICES = {
    "mode": (
        _("Way to play"),
        (
            ("xuezhan", _("Blood battle (血战到底): a winner leaves the round")),
            ("xueliu", _("Blood river (血流成河): winners play on to the wall's end")),
        ),
        _(
            "血战到底: who wins is out, and the round ends when one player is left or "
            "the wall is empty. 血流成河: who wins plays on with a locked hand (win again, or "
            "discard each tile drawn), and the round ends only when the wall is empty."
        ),
    ),
    "xueliu_kongs": (
        _("Kongs in blood river"),
        (
            ("money", _("Kong money (刮风下雨)")),
            ("fan", _("Fan instead: +1 for an exposed or added kong, +2 for a concealed one")),
        ),
        _(
            "Kong money: kongs are paid when made, as in 血战到底. Kong fan: no kong "
            "money; each exposed or added kong adds 1 fan and each concealed kong 2 fan "
            "to every later win of its maker. Only for 血流成河."
        ),
    ),
    "last_tiles_rule": (
        _("How many last tiles (最后几张)"),
        (("four", _("The last four")), ("active", _("As many as players still in"))),
        _("The tiles the last-four rules above apply to."),
    ),
    "fan_table": (
        _("Fan table (番数表)"),
        (
            ("chengdu", _("Chengdu, as in this site's rules")),
            ("video", _("QQ table: 清七对 3, 清带幺 3, no 龙七对, 天胡/地胡 +4")),
        ),
        _("Which fan each pattern scores."),
    ),
}


# The room form's layout (templates/games/create_room.html): the few options most owners
# set first, the way to play in a block of its own (RULES.md section 13), the clocks and
# every other rule folded into sections.
MAIN_FIELDS = ("name", "rounds", "base", "cap", "exchange_three", "coaching")
TABLE_FIELDS = ("players", "suits")  # side by side, after the name (RULES.md section 14)
MODE_FIELDS = ("mode", "xueliu_kongs")
TIME_FIELDS = ("turn_seconds", "claim_seconds", "void_seconds", "claim_window", "exchange_seconds")

# A room's name when its owner keeps the one offered: the way it plays.
DEFAULT_NAMES = {"xuezhan": _("Blood battle"), "xueliu": _("Blood river")}
LANGUAGES = ("zh-hans", "en")


def default_name(mode: str) -> str:
    """The name offered for a room of ``mode``, in the active language."""
    return str(DEFAULT_NAMES.get(mode, DEFAULT_NAMES["xuezhan"]))


def is_default_name(name: str) -> bool:
    """Is ``name`` empty or a name the form offers for some way to play, in any language?
    Such a name follows the way to play the room is given (a name typed by the owner
    stays as typed)."""
    return not name.strip() or name.strip() in _offered_names()


@lru_cache(maxsize=1)
def _offered_names() -> frozenset[str]:
    """Every name the form offers, in every language (worked out once: the catalogues do
    not change while the process runs)."""
    offered = set()
    for language in LANGUAGES:
        with translation.override(language):
            offered.update(str(label) for label in DEFAULT_NAMES.values())
    return frozenset(offered)


class RoomForm(forms.Form):
    name = forms.CharField(label=_("Room name"), max_length=60, required=False)
    # RULES.md section 14: how many sit at the table, and with which suits.
    players = forms.TypedChoiceField(
        label=_("Players (人数)"),
        choices=[(4, _("Four")), (3, _("Three")), (2, _("Two"))],
        coerce=int,
        initial=DEFAULT_OPTIONS.players,
    )
    suits = forms.TypedChoiceField(
        label=_("Suits (房数)"),
        choices=[
            (3, _("Three suits: 108 tiles")),
            (2, _("Two suits: 72 tiles, no 万")),
        ],
        coerce=int,
        initial=DEFAULT_OPTIONS.suits,
    )
    rounds = forms.TypedChoiceField(
        label=_("Rounds (局数)"),
        choices=[("", _("Open-ended"))]
        + [(str(n), str(n)) for n in range(ROUNDS_RANGE[0], ROUNDS_RANGE[1] + 1)],
        initial="",
        required=False,
        empty_value=None,
        coerce=int,
        help_text=_(
            "Play a match of this many rounds: after the last one the table shows "
            "the final standings."
        ),
        error_messages={
            "invalid_choice": _("Rounds: choose open-ended or a whole number from 1 to 16.")
        },
    )
    base = forms.IntegerField(
        label=_("Base stake (底分)"),
        min_value=1,
        max_value=1000,
        initial=DEFAULT_OPTIONS.base,
        help_text=_("A plain win pays the base; each fan doubles it."),
    )
    cap = forms.TypedChoiceField(
        label=_("Fan cap (封顶)"),
        choices=[("", _("No cap"))] + [(str(n), str(n)) for n in range(2, 9)],
        initial=str(DEFAULT_OPTIONS.cap),
        required=False,
        empty_value=None,
        coerce=int,
        help_text=_("The most fan one win can score."),
    )
    pig_fan = forms.ChoiceField(
        label=_("Flower pig fine (查花猪)"),
        choices=[("cap", _("As the cap"))] + [(str(n), str(n)) for n in range(0, 9)],
        initial="cap",
        help_text=_("In fan: a player still holding three suits at the end pays base × 2^fan."),
    )
    zimo_bonus = forms.ChoiceField(
        label=_("Self-drawn bonus"),
        choices=[
            ("none", _("None")),
            ("base", _("Add the base (自摸加底)")),
            ("fan", _("Add one fan (自摸加番)")),
        ],
        initial=DEFAULT_OPTIONS.zimo_bonus,
    )
    kong_bloom_from_discard = forms.ChoiceField(
        label=_("Bloom on an exposed kong (点杠花)"),
        choices=[
            ("zimo", _("Paid as a self-drawn win")),
            ("ron", _("Paid by the player who fed the kong")),
            ("feeder_all", _("The feeder pays every player's share (承包)")),
        ],
        initial=DEFAULT_OPTIONS.kong_bloom_from_discard,
    )
    turn_seconds = forms.IntegerField(
        label=_("Seconds for a turn"),
        min_value=5,
        max_value=120,
        initial=DEFAULT_OPTIONS.turn_seconds,
    )
    claim_seconds = forms.IntegerField(
        label=_("Seconds to answer a discard"),
        min_value=5,
        max_value=120,
        initial=DEFAULT_OPTIONS.claim_seconds,
    )
    void_seconds = forms.IntegerField(
        label=_("Seconds to choose the void suit"),
        min_value=5,
        max_value=120,
        initial=DEFAULT_OPTIONS.void_seconds,
    )
    claim_window = forms.ChoiceField(
        label=_("Time to claim a discard"),
        choices=[
            ("open", _("Think as long as the timer allows (the table sees the wait)")),
            (
                "secret",
                _("A short window, the same for every discard (nobody can tell who could claim)"),
            ),
        ],
        initial=DEFAULT_OPTIONS.claim_window,
        help_text=_(
            "With the timer, a player asked to pong, kong or win may think up to the "
            "seconds above, and everyone sees the tile wait that long: a long wait "
            "tells the table that somebody could claim it. With the short window "
            "every discard waits the same few seconds and an answer not given in "
            "time is a pass."
        ),
    )

    # The coach (教练, games.players.coach): each player may switch it on at the table. Off
    # in ranked play: such a room's rounds are left out of the ranking
    # (games.history.ranking), and the form says so beside the box.
    coaching = forms.BooleanField(
        label=_("Allow the coach (教练)"),
        required=False,
        initial=DEFAULT_OPTIONS.coaching,
        help_text=_(
            "Each player may switch on the expert's (大师) advice at their own "
            "decisions, in the table's settings. The room's rounds are then not "
            "counted in the ranking."
        ),
    )

    # RULES.md section 14's 对对胡番数 (its on/off options are in ON_OFF_OPTIONS).
    pongs_fan = forms.TypedChoiceField(
        label=_("对对胡 is worth (对对胡番数)"),
        choices=[(1, _("1 fan")), (2, _("2 fan: 清对 and 将对 one fan more too"))],
        coerce=int,
        initial=DEFAULT_OPTIONS.pongs_fan,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (label, help_text) in {**ON_OFF_OPTIONS, **SECTION_13_ON_OFF}.items():
            self.fields[name] = forms.BooleanField(
                label=label,
                help_text=help_text,
                required=False,
                initial=getattr(DEFAULT_OPTIONS, name),
            )
        for name, (label, choices, help_text) in SECTION_13_CHOICES.items():
            self.fields[name] = forms.ChoiceField(
                label=label,
                choices=choices,
                help_text=help_text,
                initial=getattr(DEFAULT_OPTIONS, name),
            )
        self.fields["exchange_seconds"] = forms.IntegerField(
            label=_("Seconds to pick the three tiles"),
            min_value=SECONDS_RANGE[0],
            max_value=SECONDS_RANGE[1],
            initial=DEFAULT_OPTIONS.exchange_seconds,
            help_text=_("Who has not picked in time gets the computer's pick."),
        )
        # Section 13's options in RoomOptions' order, after every earlier one.
        section_13 = [
            f.name
            for f in dataclass_fields(RoomOptions)
            if f.name in self.fields
            and f.name not in RoomForm.base_fields
            and f.name not in ON_OFF_OPTIONS
        ]
        self.order_fields([n for n in self.fields if n not in section_13] + section_13)
        # The name offered follows the way to play: here for the initial one, in
        # static/js/room-presets.js when the choice changes, in clean() when sent.
        mode = (self.initial or {}).get("mode", DEFAULT_OPTIONS.mode)
        name = self.fields["name"]
        name.initial = default_name(mode)
        name.widget.attrs["data-default-names"] = json.dumps(
            {key: str(label) for key, label in DEFAULT_NAMES.items()}, ensure_ascii=False
        )
        name.widget.attrs["data-offered-names"] = json.dumps(
            sorted(_offered_names()), ensure_ascii=False
        )

    @staticmethod
    def initial_for(options: dict) -> dict:
        """The form's values for a full options dict (a preset's): "none" is the empty
        choice, numbers of choice fields are their text."""
        initial = dict(options)
        for name in ("cap", "rounds"):
            initial[name] = "" if options[name] is None else str(options[name])
        initial["pig_fan"] = str(options["pig_fan"])
        return initial

    def main_fields(self) -> list:
        """What most owners set: shown first, under the preset."""
        return [self[name] for name in MAIN_FIELDS]

    def table_fields(self) -> list:
        return [self[name] for name in TABLE_FIELDS]

    def mode_fields(self) -> list:
        return [self[name] for name in MODE_FIELDS]

    def folded_sections(self) -> list[tuple[str, list, bool]]:
        """The rest, folded by topic: (title, fields, open). A section opens by itself
        when one of its fields has an error, so that no error is hidden."""
        shown = {*MAIN_FIELDS, *TABLE_FIELDS, *MODE_FIELDS, *TIME_FIELDS}
        sections = [
            (
                _("More rules: fan, payments and the wall's end"),
                [field for field in self if field.name not in shown],
            ),
            (_("Time limits"), [self[name] for name in TIME_FIELDS]),
        ]
        return [
            (title, fields, any(field.errors for field in fields)) for title, fields in sections
        ]

    def clean_name(self):
        """A room's name shows in the lobby and at the table: nothing in it may be
        invisible or turn the text around (``clean`` then fills in an empty name)."""
        name = self.cleaned_data["name"]
        refuse_invisible(name, emoji=True)  # "周五 🀄️" is a fine name for a room
        return name

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if is_default_name(data.get("name") or ""):
            data["name"] = default_name(data["mode"])
        try:
            data["options"] = RoomOptions.from_dict(self.options_dict(data)).to_dict()
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data

    @staticmethod
    def options_dict(data: dict) -> dict:
        options = {
            name: data[name]
            for name in (
                "base",
                "cap",
                "zimo_bonus",
                "kong_bloom_from_discard",
                "turn_seconds",
                "claim_seconds",
                "void_seconds",
                "claim_window",
                "rounds",
                *ON_OFF_OPTIONS,
                *SECTION_13_ON_OFF,
                *SECTION_13_CHOICES,
                "exchange_seconds",
                "coaching",
                "players",
                "suits",
                "pongs_fan",
            )
        }
        # The kong rule of 血流成河 only: another room keeps the default, so its stored
        # options say nothing of it.
        if options["mode"] != "xueliu":
            options["xueliu_kongs"] = DEFAULT_OPTIONS.xueliu_kongs
        pig_fan = data["pig_fan"]
        options["pig_fan"] = pig_fan if pig_fan == "cap" else int(pig_fan)
        return options


class PresetForm(forms.Form):
    """Choose a preset (sent by GET, so it works without JavaScript); the room form then
    starts from its options. static/js/room-presets.js fills the form at once on change,
    from the options each choice carries in the select's data-presets attribute."""

    preset = forms.ChoiceField(
        label=_("Rules of a known table (预设规则)"),
        choices=[(key, _(preset.label)) for key, preset in PRESETS.items()],
        help_text=_("Fills in every option below as that table plays; each stays adjustable."),
        error_messages={"invalid_choice": _("There is no preset %(value)s.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # What the script puts in the room form for each choice.
        self.fields["preset"].widget.attrs["data-presets"] = json.dumps(
            {key: RoomForm.initial_for(dict(preset.options)) for key, preset in PRESETS.items()}
        )

    def initial_options(self) -> dict | None:
        """The room form's initial values for the chosen preset; None when none was
        chosen or the choice is unknown (then ``errors`` says so)."""
        if not self.is_bound or not self.is_valid():
            return None
        return RoomForm.initial_for(dict(PRESETS[self.cleaned_data["preset"]].options))


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Room code"), max_length=12)

    def clean_code(self):
        return self.cleaned_data["code"].strip().upper()
