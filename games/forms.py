"""The room form: every option of RULES.md section 10 and the match's number of rounds
(section 13), defaults preselected, in words."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.rules.options import DEFAULT_OPTIONS, ROUNDS_RANGE, SECONDS_RANGE, RoomOptions

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


def exchange_fields() -> dict:
    """换三张 (RULES.md section 13): whether the room swaps three tiles, and the time to
    pick them. Off by default, so a room made without touching it plays as before."""
    return {
        "exchange_three": forms.BooleanField(
            label=_("Swap three (换三张)"), required=False,
            initial=DEFAULT_OPTIONS.exchange_three,
            help_text=_("After the deal each player secretly picks three tiles of one suit; "
                        "they all move at once to the next player, the previous one or the "
                        "one opposite, as the round's seed decides."),
        ),
        "exchange_seconds": forms.IntegerField(
            label=_("Seconds to pick the three tiles"), min_value=SECONDS_RANGE[0],
            max_value=SECONDS_RANGE[1], initial=DEFAULT_OPTIONS.exchange_seconds, required=False,
            help_text=_("Who has not picked in time gets the computer's pick."),
        ),
    }


EXCHANGE_OPTIONS = tuple(exchange_fields())


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (label, help_text) in ON_OFF_OPTIONS.items():
            self.fields[name] = forms.BooleanField(
                label=label, help_text=help_text, required=False,
                initial=getattr(DEFAULT_OPTIONS, name),
            )
        self.fields.update(exchange_fields())

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
            "claim_seconds", "void_seconds", "rounds", *ON_OFF_OPTIONS)}
        # 换三张's two fields (a form that lacks them, as tests may post, keeps the default)
        for name in EXCHANGE_OPTIONS:
            if data.get(name) is not None:
                options[name] = data[name]
        pig_fan = data["pig_fan"]
        options["pig_fan"] = pig_fan if pig_fan == "cap" else int(pig_fan)
        return options


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Room code"), max_length=12)

    def clean_code(self):
        return self.cleaned_data["code"].strip().upper()
