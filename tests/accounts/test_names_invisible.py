"""Hostile players, round two, in names: no invisible, filler or direction-changing
characters in a user name or a room's name, and a name that differs from a taken one only
by its accents passes for it."""

import unicodedata

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from common.names import invisible_characters
from games.models import Room
from tests.accounts.signups import PASSWORD, refused, sign_up
from tests.rooms.forms import form_data

pytestmark = pytest.mark.django_db

INVISIBLE_ZH = "不可见"
INVISIBLE_EN = "invisible or direction-changing characters"

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), as ranges.
DEFAULT_IGNORABLE = [
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
]
BIDI_CONTROLS = [
    0x202A,
    0x202B,
    0x202C,
    0x202D,
    0x202E,
    0x2066,
    0x2067,
    0x2068,
    0x2069,
    0x200E,
    0x200F,
    0x061C,
]
HANGUL_FILLERS = [0x115F, 0x1160, 0x3164, 0xFFA0]


def every(ranges):
    return [chr(c) for first, last in ranges for c in range(first, last + 1)]


def test_every_invisible_character_is_found():
    chars = every(DEFAULT_IGNORABLE) + [chr(c) for c in BIDI_CONTROLS + HANGUL_FILLERS]
    assert len(chars) > 4096
    for char in chars:
        assert invisible_characters(f"ab{char}c") == [char], f"U+{ord(char):04X}"


def test_every_format_character_is_found():
    format_chars = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert len(format_chars) > 150
    for char in format_chars:
        assert invisible_characters(char) == [char]


@pytest.mark.parametrize(
    "text",
    ["lanaba5", "小王2024", "한국어abc", "émilie", "かな漢字", "周末局 三缺一", "Иван", "🀄 麻将"],
)
def test_visible_text_has_none(text):
    assert invisible_characters(text) == []


def test_each_one_is_said_once_in_order():
    assert invisible_characters("a\u200bb\u202ec\u200bd") == ["\u200b", "\u202e"]


# --- User names ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "lanaba5\u3164",  # HANGUL FILLER at the end
        "\u115flanaba5",  # HANGUL CHOSEONG FILLER in front
        "la\uffa0naba5",  # HALFWIDTH HANGUL FILLER inside
        "lanaba5\u1160",  # HANGUL JUNGSEONG FILLER
    ],
)
def test_a_name_padded_with_a_filler_is_refused_beside_the_real_one(name):
    User.objects.create_user("lanaba5", password=PASSWORD)
    message = refused(sign_up(name))
    assert INVISIBLE_ZH in message
    message = refused(sign_up(name, HTTP_ACCEPT_LANGUAGE="en"))
    assert INVISIBLE_EN in message
    assert User.objects.count() == 1


def test_a_filler_is_refused_even_when_no_name_is_like_it():
    message = refused(sign_up("\u3164\u3164"))
    assert INVISIBLE_ZH in message
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "taken, name",
    [
        ("xiaoming", "xiaomíng"),
        ("xiaoming", "xiǎomíng"),
        ("xiaomíng", "xiaoming"),
        ("emile", "ÉMILE"),
        ("resume", "résumé"),
    ],
)
def test_a_name_that_differs_only_by_accents_is_refused(taken, name):
    User.objects.create_user(taken, password=PASSWORD)
    message = refused(sign_up(name))
    assert taken in message and "太像" in message
    assert User.objects.count() == 1


def test_an_accented_name_is_still_welcome_when_nothing_is_like_it():
    User.objects.create_user("xiaoming", password=PASSWORD)
    assert sign_up("xiǎohóng").status_code == 302


# --- Room names ----------------------------------------------------------------------


@pytest.fixture
def owner(client):
    user = User.objects.create_user("owner", password=PASSWORD)
    client.force_login(user)
    return user


@pytest.mark.parametrize("name", ["周末\u202e局", "\u2067三缺一", "麻将\u200b馆", "局\u3164"])
def test_a_room_name_with_invisible_or_direction_characters_is_refused(owner, client, name):
    response = client.post(reverse("create_room"), form_data(name=name))
    assert response.status_code == 200
    assert INVISIBLE_ZH in " ".join(response.context["form"].errors["name"])
    response = client.post(reverse("create_room"), form_data(name=name), HTTP_ACCEPT_LANGUAGE="en")
    assert INVISIBLE_EN in " ".join(response.context["form"].errors["name"])
    assert not Room.objects.exists()


def test_a_plain_room_name_and_the_default_one_are_still_taken(owner, client):
    assert client.post(reverse("create_room"), form_data(name="周末局")).status_code == 302
    assert client.post(reverse("create_room"), form_data(name="")).status_code == 302
    assert Room.objects.count() == 2


@pytest.mark.parametrize("name", ["周五 🀄\ufe0f", "❤\ufe0f麻将", "👨\u200d👩\u200d👧 家常局"])
def test_a_room_name_may_hold_the_joiners_and_selectors_that_draw_an_emoji(owner, client, name):
    assert client.post(reverse("create_room"), form_data(name=name)).status_code == 302
    assert Room.objects.get().name == name


@pytest.mark.parametrize("name", ["麻\ufe0f将", "\u200d🀄", "🀄\u200d局"])
def test_a_joiner_or_selector_outside_an_emoji_is_still_refused_in_a_room_name(owner, client, name):
    response = client.post(reverse("create_room"), form_data(name=name))
    assert response.status_code == 200 and not Room.objects.exists()


def test_a_players_name_may_not_hold_an_emoji_selector():
    assert invisible_characters("小王🀄\ufe0f") == ["\ufe0f"]
