import pytest

from games.rules.options import RoomOptions


def test_defaults_follow_the_rule_book():
    options = RoomOptions()
    assert options.to_dict() == {
        "base": 1,
        "cap": 4,
        "pig_fan": "cap",
        "zimo_bonus": "none",
        "kong_bloom_from_discard": "zimo",
        "pass_blocks_ron": True,
        "last_four_must_win": True,
        "last_four_auto_ron": False,
        "tiandi_hu": True,
        "haidi": False,
        "jingoudiao": False,
        "kong_transfer": True,
        "ready_difference": False,
        "turn_seconds": 30,
        "claim_seconds": 15,
        "void_seconds": 20,
    }
    assert options.effective_pig_fan == 4


def test_round_trip_through_a_dict():
    options = RoomOptions.from_dict({"cap": None, "zimo_bonus": "fan", "haidi": True})
    assert RoomOptions.from_dict(options.to_dict()) == options


@pytest.mark.parametrize(
    "cap, pig_fan, effective", [(4, "cap", 4), (6, "cap", 6), (None, "cap", 4), (4, 2, 2)]
)
def test_pig_fan(cap, pig_fan, effective):
    assert RoomOptions(cap=cap, pig_fan=pig_fan).effective_pig_fan == effective


def test_no_cap_means_fan_is_not_capped():
    assert RoomOptions(cap=None).capped(11) == 11
    assert RoomOptions(cap=3).capped(11) == 3


@pytest.mark.parametrize(
    "data, name",
    [
        ({"base": 0}, "base"),
        ({"base": "1"}, "base"),
        ({"cap": 1}, "cap"),
        ({"cap": 9}, "cap"),
        ({"cap": "none"}, "cap"),
        ({"pig_fan": 9}, "pig_fan"),
        ({"pig_fan": "max"}, "pig_fan"),
        ({"zimo_bonus": "double"}, "zimo_bonus"),
        ({"kong_bloom_from_discard": "both"}, "kong_bloom_from_discard"),
        ({"haidi": 1}, "haidi"),
        ({"pass_blocks_ron": "yes"}, "pass_blocks_ron"),
        ({"turn_seconds": 4}, "turn_seconds"),
        ({"claim_seconds": 121}, "claim_seconds"),
        ({"void_seconds": True}, "void_seconds"),
        ({"chow": True}, "chow"),
    ],
)
def test_an_invalid_option_is_an_error_naming_it(data, name):
    with pytest.raises(ValueError, match=name):
        RoomOptions.from_dict(data)


SECTION_13_VALUES = {
    "exchange_three": True,
    "exchange_seconds": 45,
    "mode": "xueliu",
    "xueliu_kongs": "fan",
    "late_added_kong_pays": False,
    "concealed_kong_shown": True,
    "last_tiles_rule": "active",
    "fan_table": "video",
    "kong_bloom_from_discard": "feeder_all",
}


@pytest.mark.parametrize("name, value", sorted(SECTION_13_VALUES.items()))
def test_section_13_options_are_stored_only_when_set(name, value):
    """A round stored before section 13 existed keeps its exact options; a room that
    sets one keeps it through JSON."""
    assert name not in RoomOptions().to_dict() or name == "kong_bloom_from_discard"
    options = RoomOptions.from_dict({name: value})
    assert options.to_dict()[name] == value
    assert RoomOptions.from_dict(options.to_dict()) == options


@pytest.mark.parametrize(
    "name, bad",
    [
        ("exchange_three", "yes"),
        ("exchange_seconds", 4),
        ("exchange_seconds", 121),
        ("mode", "xueliuchenghe"),
        ("xueliu_kongs", "none"),
        ("late_added_kong_pays", 1),
        ("concealed_kong_shown", None),
        ("last_tiles_rule", 4),
        ("fan_table", "qq"),
        ("kong_bloom_from_discard", "feeder"),
    ],
)
def test_section_13_options_refuse_bad_values_by_name(name, bad):
    with pytest.raises(ValueError, match=f"option {name}"):
        RoomOptions.from_dict({name: bad})
