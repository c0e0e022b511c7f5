"""The form of a new tournament: its name and kind, the rules of its tables (one of the
presets), when it starts (Beijing time), how long an arena lasts or how many stages of
how many rounds a Swiss shift plays, how a round scores, and how many may play. The
services check everything again (tournaments.entries.create)."""

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as translate
from django.utils.translation import gettext_lazy as _

from games.rules.presets import PRESETS
from tournaments.entries import MAX_STAGE_ROUNDS, MAX_STAGES, MINUTES_RANGE
from tournaments.models import MAX_ENTRIES, Tournament


def _preset_choices():
    return [(key, translate(preset.label)) for key, preset in PRESETS.items()]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Tournament name"), max_length=40)
    format = forms.ChoiceField(
        label=_("Kind"), choices=Tournament.Format.choices, initial=Tournament.Format.ARENA
    )
    rules = forms.ChoiceField(label=_("Rules of the tables"), choices=_preset_choices)
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    minutes = forms.IntegerField(
        label=_("Minutes of play"),
        min_value=MINUTES_RANGE[0],
        max_value=MINUTES_RANGE[1],
        initial=60,
    )
    scoring = forms.ChoiceField(
        label=_("Each round scores"),
        choices=Tournament.Scoring.choices,
        initial=Tournament.Scoring.NET,
    )
    stages = forms.IntegerField(
        label=_("Stages (Swiss shift)"), min_value=1, max_value=MAX_STAGES, initial=4
    )
    stage_rounds = forms.IntegerField(
        label=_("Rounds at each stage (Swiss shift)"),
        min_value=1,
        max_value=MAX_STAGE_ROUNDS,
        initial=2,
    )
    max_entries = forms.IntegerField(
        label=_("Most players"), min_value=2, max_value=MAX_ENTRIES, initial=100
    )

    def __init__(self, *args, staff: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if staff:  # the site's own tournaments, listed for everybody: staff only
            self.fields["listed"] = forms.BooleanField(
                label=_("A site tournament, listed for everybody"), required=False
            )
        soon = timezone.localtime() + timedelta(minutes=30)
        self.fields["starts_at"].initial = soon.replace(second=0, microsecond=0)

    def options(self) -> dict:
        return dict(PRESETS[self.cleaned_data["rules"]].options)
