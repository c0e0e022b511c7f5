"""Room presets (RULES.md section 13): one per seed text, each setting every option; the
room form fills from one by ?preset=<key> (no JavaScript needed) and every option stays
adjustable. Also the table's concealed kong with one tile shown."""

import json
import re
from dataclasses import fields

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.models import Room
from games.rooms.forms import PresetForm, RoomForm
from games.rules.options import DEFAULT_OPTIONS, RoomOptions
from games.rules.presets import PRESETS, preset

pytestmark = pytest.mark.django_db

OPTION_NAMES = {f.name for f in fields(RoomOptions)}


@pytest.fixture
def owner():
    return User.objects.create_user("owner", password="x-long-password-1")


def posted(form: RoomForm, **changes) -> dict:
    """What a browser sends for the form as shown: checked boxes as "on", the rest as
    their values."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            data[name] = "on"
        elif value not in (False, None):
            data[name] = value
        elif value is None:
            data[name] = ""
    data.update(changes)
    return data


@pytest.mark.parametrize("key", list(PRESETS))
def test_each_preset_sets_every_option_to_a_valid_value(key):
    chosen = preset(key)
    assert set(chosen.options) == OPTION_NAMES
    assert isinstance(chosen.room_options(), RoomOptions)


def test_the_presets_are_one_per_seed_text_and_the_books_defaults():
    assert {key: PRESETS[key].seed for key in PRESETS} == {
        "book": None,
        "video_hall": "000",
        "sichuan_pc": "001",
        "online_xueliu": "002",
        "qq": "003",
        "chengdu_home": "004",
        # RULES.md section 14's tables, the book's rules otherwise.
        "three_two_suits": None,
        "three_players": None,
        "two_players": None,
        "two_two_suits": None,
        "four_two_suits": None,
    }
    assert preset("book").room_options() == DEFAULT_OPTIONS


def test_the_section_14_presets_are_the_books_tables():
    """三人两房 (3 players, 2 suits, 点炮需番, cap 3), 三人三房, 两人麻将, 两人两房, 四人两房:
    each differs from the book's defaults in exactly what section 14 names."""
    expected = {
        "three_two_suits": {"players": 3, "suits": 2, "ron_needs_fan": True, "cap": 3},
        "three_players": {"players": 3},
        "two_players": {"players": 2},
        "two_two_suits": {"players": 2, "suits": 2},
        "four_two_suits": {"suits": 2},
    }
    book = PRESETS["book"].options
    for key, changes in expected.items():
        options = PRESETS[key].options
        assert {name: v for name, v in options.items() if book[name] != v} == changes


def test_the_presets_follow_their_seed_texts():
    sichuan = preset("sichuan_pc").options
    assert sichuan["late_added_kong_pays"] is False  # "碰了之后下轮再杠只算根"
    assert sichuan["kong_bloom_from_discard"] == "feeder_all"  # "需要包掉另外两家所输的分"
    assert sichuan["concealed_kong_shown"] is True  # "暗杠也必须亮一个牌出来"
    online = preset("online_xueliu").options
    assert (online["mode"], online["xueliu_kongs"]) == ("xueliu", "fan")
    qq = preset("qq").options
    assert (qq["fan_table"], qq["last_tiles_rule"]) == ("video", "active")
    assert preset("video_hall").options["ready_difference"] is True  # 补差价
    assert preset("video_hall").options["pig_fan"] == 4  # "需要赔4番"
    # No seed says 换三张; the online halls' players expect it, the table-side texts not.
    assert {key for key, p in PRESETS.items() if p.options["exchange_three"]} == {
        "online_xueliu",
        "qq",
    }


def test_an_unknown_preset_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        preset("nope")


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_room_form_fills_from_a_preset_and_creates_that_room(client, owner, key):
    client.force_login(owner)
    response = client.get(reverse("create_room"), {"preset": key})
    assert response.status_code == 200
    form = response.context["form"]
    response = client.post(reverse("create_room"), posted(form, name=f"room {key}"))
    assert response.status_code == 302
    room = Room.objects.get(name=f"room {key}")
    assert room.options == preset(key).room_options().to_dict()


def test_a_preset_fills_the_page_without_javascript(client, owner):
    client.force_login(owner)
    html = client.get(reverse("create_room"), {"preset": "qq"}).content.decode()
    assert re.search(r'<option value="video" selected>', html)
    assert re.search(r'<option value="active" selected>', html)
    assert re.search(r'<input[^>]*name="concealed_kong_shown"[^>]*checked', html)
    assert re.search(r'<option value="qq" selected>', html)  # the chooser says which
    default = client.get(reverse("create_room")).content.decode()
    assert not re.search(r'<input[^>]*name="concealed_kong_shown"[^>]*checked', default)
    assert re.search(r'<option value="chengdu" selected>', default)


def test_a_preset_is_a_starting_point_every_option_stays_adjustable(client, owner):
    client.force_login(owner)
    form = client.get(reverse("create_room"), {"preset": "qq"}).context["form"]
    data = posted(form, name="changed", fan_table="chengdu", cap="")
    del data["concealed_kong_shown"]  # unticked
    client.post(reverse("create_room"), data)
    options = Room.objects.get(name="changed").options
    assert "fan_table" not in options and options["cap"] is None  # back at the default
    assert "concealed_kong_shown" not in options
    assert options["last_tiles_rule"] == "active"  # the rest as the preset set it


def test_an_unknown_preset_says_so_and_leaves_the_defaults(client, owner):
    client.force_login(owner)
    with translation.override("zh-hans"):
        response = client.get(
            reverse("create_room"), {"preset": "<b>nope</b>"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
        )
    html = response.content.decode()
    assert response.status_code == 200
    assert "没有名为 &lt;b&gt;nope&lt;/b&gt; 的预设规则" in html
    assert response.context["form"].initial == {}


def test_the_page_loads_the_preset_script_from_the_site_and_has_no_inline_script(client, owner):
    client.force_login(owner)
    html = client.get(reverse("create_room")).content.decode()
    assert re.search(r'<script src="/static/js/room-presets[^"]*\.js" defer></script>', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert "style=" not in html


def test_the_chooser_carries_each_presets_form_values_for_the_script():
    form = PresetForm()
    data = form.fields["preset"].widget.attrs["data-presets"]
    values = json.loads(data)
    assert set(values) == set(PRESETS)
    assert values["sichuan_pc"]["cap"] == "" and values["sichuan_pc"]["base"] == 6
    assert set(values["qq"]) == OPTION_NAMES


def test_every_option_has_a_field_on_the_room_form_after_the_earlier_ones():
    names = list(RoomForm().fields)
    assert OPTION_NAMES <= set(names)
    section_13 = [
        "exchange_three",
        "exchange_seconds",
        "mode",
        "xueliu_kongs",
        "late_added_kong_pays",
        "concealed_kong_shown",
        "last_tiles_rule",
        "fan_table",
    ]
    assert names[-len(section_13) :] == section_13
    choices = dict(RoomForm().fields["kong_bloom_from_discard"].choices)
    assert "feeder_all" in choices


# --- the table: a concealed kong with one tile shown -----------------------------------------


def melds_html(tile, public):
    return render_to_string(
        "games/table/_melds.html",
        {"id": "seat-1-melds", "melds": (("concealed", tile),), "newest": False, "public": public},
    )


def test_others_see_a_shown_concealed_kong_face_down_with_one_tile_up():
    html = melds_html("5m", public=True)
    assert html.count("tiles/5m") == 1 and html.count("tiles/back") == 3
    assert "五万" in html or "5 Characters" in html  # its accessible name


def test_the_owner_sees_all_four_and_others_without_the_option_see_backs():
    assert melds_html("5m", public=False).count("tiles/5m") == 4
    assert melds_html(None, public=True).count("tiles/back") == 4


def test_the_lobby_names_the_seed_variants_a_room_plays(owner):
    from games.words.room_options import options_summary

    with translation.override("zh-hans"):
        words = options_summary(preset("qq").room_options().to_dict())
        assert "QQ 番数表" in words and "暗杠亮牌" in words and "最后张数按未胡人数" in words
        words = options_summary(preset("sichuan_pc").room_options().to_dict())
        assert "点杠花引杠者承包" in words and "过轮补杠不收钱" in words
        assert not {"QQ 番数表", "暗杠亮牌", "过轮补杠不收钱"} & set(options_summary({}))


# --- the room's default name follows the way to play -----------------------------------------


@pytest.mark.parametrize(
    "language, xuezhan, xueliu",
    [("zh-hans", "血战到底", "血流成河"), ("en", "Blood battle", "Blood river")],
)
def test_a_room_playing_xueliu_is_named_for_it_unless_the_owner_names_it(
    client, owner, language, xuezhan, xueliu
):
    client.force_login(owner)
    with translation.override(language):
        form = client.get(reverse("create_room"), HTTP_ACCEPT_LANGUAGE=language).context["form"]
        assert form["name"].value() == xuezhan  # what the form offers for the default
        client.post(
            reverse("create_room"), posted(form, mode="xueliu"), HTTP_ACCEPT_LANGUAGE=language
        )
        client.post(reverse("create_room"), posted(form, name=""), HTTP_ACCEPT_LANGUAGE=language)
        client.post(
            reverse("create_room"),
            posted(form, mode="xueliu", name="老王的局"),
            HTTP_ACCEPT_LANGUAGE=language,
        )
    rooms = list(Room.objects.order_by("pk").values_list("name", "options__mode"))
    assert rooms == [(xueliu, "xueliu"), (xuezhan, None), ("老王的局", "xueliu")]


def test_a_preset_of_xueliu_offers_its_name_and_the_name_follows_the_mode_in_the_page(
    client, owner
):
    client.force_login(owner)
    with translation.override("zh-hans"):
        response = client.get(
            reverse("create_room"), {"preset": "online_xueliu"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
        )
    form = response.context["form"]
    assert preset("online_xueliu").options["mode"] == "xueliu"
    assert form["name"].value() == "血流成河"
    html = response.content.decode()
    # What static/js/room-presets.js reads to follow a change of the way to play.
    names = re.search(r'data-default-names="([^"]*)"', html).group(1)
    assert json.loads(names.replace("&quot;", '"')) == {"xuezhan": "血战到底", "xueliu": "血流成河"}
    # A name offered in the other language follows the mode too.
    client.post(reverse("create_room"), posted(form, name="Blood battle"))
    assert Room.objects.get().name == "血流成河"
