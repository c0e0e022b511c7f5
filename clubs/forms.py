"""The clubs' forms: making a club, and setting up a club's table (楼层), which is the
room form (every room option, presets included: ``games.rooms.forms``) with the table's
name and whether computers may fill its free seats."""

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.membership import NAME_LENGTH
from games.rooms.forms import RoomForm


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=NAME_LENGTH)
    approval = forms.BooleanField(
        label=_("Admins approve who joins"),
        required=False,
        help_text=_("Off: whoever has an invitation link is a member at once."),
    )


class ClubTableForm(RoomForm):
    """A standing table's rules: the room form's, named for the table. The services check
    them again (``clubs.tables.add_table``)."""

    name = forms.CharField(label=_("Table name (楼层)"), max_length=40, required=False)
    computers = forms.BooleanField(
        label=_("Computers may fill free seats"),
        required=False,
        initial=True,
        help_text=_("Off: only the club's members sit at this table's rooms."),
    )

    def main_fields(self) -> list:
        return [*super().main_fields()[:1], self["computers"], *super().main_fields()[1:]]

    def folded_sections(self) -> list:
        # "computers" is shown with the main fields: not again among "more rules".
        return [
            (title, [field for field in fields if field.name != "computers"], open_)
            for title, fields, open_ in super().folded_sections()
        ]
