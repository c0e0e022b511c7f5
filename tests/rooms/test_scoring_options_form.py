"""RULES.md section 14's scoring options (点炮需番, 对对胡番数, 夹心五) on the room form (set,
validated, stored only when they differ from the book's table) and in the words the lobby
and the table say of a room's rules."""

from django.utils import translation

from games.rooms.forms import RoomForm
from games.words.room_options import options_summary
from tests.rooms.forms import form_data


def test_the_room_form_sets_the_three_options_and_stores_only_what_differs():
    plain = RoomForm(data=form_data())
    assert plain.is_valid(), plain.errors
    for name in ("ron_needs_fan", "pongs_fan", "middle_five"):
        assert name not in plain.cleaned_data["options"]  # the defaults are not written
    chosen = RoomForm(data=form_data(ron_needs_fan="on", pongs_fan="2", middle_five="on"))
    assert chosen.is_valid(), chosen.errors
    options = chosen.cleaned_data["options"]
    assert (options["ron_needs_fan"], options["pongs_fan"], options["middle_five"]) == (
        True,
        2,
        True,
    )
    assert not RoomForm(data=form_data(pongs_fan="3")).is_valid()


def test_the_lobby_and_the_table_name_the_options_a_room_plays():
    chosen = {"ron_needs_fan": True, "pongs_fan": 2, "middle_five": True}
    with translation.override("zh-hans"):
        assert {"点炮需番", "对对胡 2 番", "夹心五"} <= set(options_summary(chosen))
        assert not {"点炮需番", "对对胡 2 番", "夹心五"} & set(options_summary({}))
    with translation.override("en"):
        words = options_summary(chosen)
        assert {"a discard win needs 1 fan", "对对胡 2 fan", "middle five (夹心五)"} <= set(words)
