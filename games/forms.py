"""The room form: every option of RULES.md section 10 and the match's number of rounds
(section 13), defaults preselected, in words."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.rules.options import DEFAULT_OPTIONS, ROUNDS_RANGE, RoomOptions

ON_OFF_OPTIONS = {
    "pass_blocks_ron": (
        _("Passing a win blocks it (过水不胡)"),
        _("Who declines a win may not win on a discard again before their next draw, "
          "unless the new win scores more fan."),
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
        _("The dealer winning on the first 14 tiles, or a player on the first draw, "
          "scores 5 fan."),
    ),
    "haidi": (
        _("Last-tile extras (海底捞月 / 海底炮)"),
        _("+1 fan for a self-drawn win on the wall's last tile or a win on the discard "
          "after it."),
    ),
    "jingoudiao": (
        _("Golden hook (金钩钓)"),
        _("+1 fan for four melds won on a single waiting tile."),
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


# RULES.md section 13's ways to play, shown in a block of their own.
MODE_FIELDS = ("mode", "xueliu_kongs")


class RoomForm(forms.Form):
    name = forms.CharField(label=_("Room name"), max_length=60, initial=_("Blood battle"))
    rounds = forms.TypedChoiceField(
        label=_("Rounds (局数)"),
        choices=[("", _("Open-ended"))] + [
            (str(n), str(n)) for n in range(ROUNDS_RANGE[0], ROUNDS_RANGE[1] + 1)],
        initial="", required=False, empty_value=None, coerce=int,
        help_text=_("Play a match of this many rounds: after the last one the table shows "
                    "the final standings."),
        error_messages={"invalid_choice": _(
            "Rounds: choose open-ended or a whole number from 1 to 16.")},
    )
    base = forms.IntegerField(
        label=_("Base stake (底分)"), min_value=1, max_value=1000, initial=DEFAULT_OPTIONS.base,
        help_text=_("A plain win pays the base; each fan doubles it."),
    )
    cap = forms.TypedChoiceField(
        label=_("Fan cap (封顶)"),
        choices=[("", _("No cap"))] + [(str(n), str(n)) for n in range(2, 9)],
        initial=str(DEFAULT_OPTIONS.cap), required=False, empty_value=None, coerce=int,
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
        choices=[("none", _("None")), ("base", _("Add the base (自摸加底)")),
                 ("fan", _("Add one fan (自摸加番)"))],
        initial=DEFAULT_OPTIONS.zimo_bonus,
    )
    kong_bloom_from_discard = forms.ChoiceField(
        label=_("Bloom on an exposed kong (点杠花)"),
        choices=[("zimo", _("Paid as a self-drawn win")),
                 ("ron", _("Paid by the player who fed the kong"))],
        initial=DEFAULT_OPTIONS.kong_bloom_from_discard,
    )
    turn_seconds = forms.IntegerField(
        label=_("Seconds for a turn"), min_value=5, max_value=120,
        initial=DEFAULT_OPTIONS.turn_seconds,
    )
    claim_seconds = forms.IntegerField(
        label=_("Seconds to answer a discard"), min_value=5, max_value=120,
        initial=DEFAULT_OPTIONS.claim_seconds,
    )
    void_seconds = forms.IntegerField(
        label=_("Seconds to choose the void suit"), min_value=5, max_value=120,
        initial=DEFAULT_OPTIONS.void_seconds,
    )
    mode = forms.ChoiceField(
        label=_("Way to play (玩法)"),
        choices=[("xuezhan", _("Blood battle to the end (血战到底)")),
                 ("xueliu", _("Blood flowing into a river (血流成河)"))],
        initial=DEFAULT_OPTIONS.mode,
        help_text=_("血战到底: who wins is out, and the round ends when one player is left or "
                    "the wall is empty. 血流成河: who wins plays on with a locked hand "
                    "(win again, or discard each tile drawn), and the round ends only when "
                    "the wall is empty."),
    )
    xueliu_kongs = forms.ChoiceField(
        label=_("Kongs in 血流成河"),
        choices=[("money", _("Kong money (刮风下雨)")),
                 ("fan", _("Kong fan (杠番)"))],
        initial=DEFAULT_OPTIONS.xueliu_kongs,
        help_text=_("Kong money: kongs are paid when made, as in 血战到底. Kong fan: no kong "
                    "money; each exposed or added kong adds 1 fan and each concealed kong "
                    "2 fan to every later win of its maker. Only for 血流成河."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (label, help_text) in ON_OFF_OPTIONS.items():
            self.fields[name] = forms.BooleanField(
                label=label, help_text=help_text, required=False,
                initial=getattr(DEFAULT_OPTIONS, name),
            )

    def rule_fields(self) -> list:
        return [field for field in self if field.name not in MODE_FIELDS]

    def mode_fields(self) -> list:
        return [self[name] for name in MODE_FIELDS]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            data["options"] = RoomOptions.from_dict(self.options_dict(data)).to_dict()
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data

    @staticmethod
    def options_dict(data: dict) -> dict:
        options = {name: data[name] for name in (
            "base", "cap", "zimo_bonus", "kong_bloom_from_discard", "turn_seconds",
            "claim_seconds", "void_seconds", "rounds", "mode", *ON_OFF_OPTIONS)}
        # The kong rule of 血流成河 only: another room keeps the default, so its stored
        # options say nothing of it.
        if data["mode"] == "xueliu":
            options["xueliu_kongs"] = data["xueliu_kongs"]
        pig_fan = data["pig_fan"]
        options["pig_fan"] = pig_fan if pig_fan == "cap" else int(pig_fan)
        return options


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Room code"), max_length=12)

    def clean_code(self):
        return self.cleaned_data["code"].strip().upper()
