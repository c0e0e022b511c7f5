"""A player's profile in Chinese reads as Chinese: full-width punctuation, and
a hand worth no fan (平胡) says its points, never "0 番"; in English, "Plain win · 1 point"."""

import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Room
from tests.history.played_rounds import made_up_round, win

pytestmark = pytest.mark.django_db

ASCII_AFTER_HANZI = re.compile(r"[\u4e00-\u9fff][ ]?[,.:;?!]")


def profile_text(client, user, language: str) -> str:
    client.force_login(user)
    client.cookies["django_language"] = language
    html = client.get(reverse("accounts:profile")).content.decode()
    main = re.search(r"<main.*?</main>", html, re.S).group(0)
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", main).split()))


def history_of(user, winner_patterns: dict, fan: int, points: int | None, rounds: int = 1) -> None:
    """``rounds`` rounds that ``user`` won self-drawn, each with this hand."""
    room = Room.objects.create(owner=user, name="made up", code="MADEUP")
    record = win(0, "zimo", fan, winner_patterns)
    if points is not None:
        record["points"] = points
    for number in range(1, rounds + 1):
        made_up_round(
            room,
            number,
            [user, None, None, None],
            {
                "winners": [record],
                "settlement": None,
                "end": "one_left",
            },
            [(payer, 0, points or 1, "zimo") for payer in (1, 2, 3)],
            days_ago=1,
        )


def test_the_biggest_hand_on_the_profile_uses_chinese_punctuation(client):
    user = User.objects.create_user("lanlan", password="x-long-password-1")
    history_of(user, {"pinghu": 0, "gen": 1}, 1, 2, rounds=5)  # ranked: five rounds
    text = profile_text(client, user, "zh-hans")
    assert "最大牌型 平胡 + 1 根 · 1 番" in text
    assert "总输赢 30 排行榜 本周第 1 名 · 总榜第 1 名" in text  # a fact of its own
    assert not ASCII_AFTER_HANZI.findall(text), ASCII_AFTER_HANZI.findall(text)
    assert "(" not in text and ")" not in text


@pytest.mark.parametrize("points", [2, None])  # None: a round stored without its points
def test_a_plain_win_on_the_profile_says_its_points_not_zero_fan(client, points):
    user = User.objects.create_user("lanlan", password="x-long-password-1")
    history_of(user, {"pinghu": 0}, 0, points)
    text = profile_text(client, user, "zh-hans")
    assert f"最大牌型 平胡 · {points or 1} 分" in text
    assert "0 番" not in text
    english = profile_text(client, user, "en")
    assert f"Biggest hand Plain win · {points or 1} point" in english
    assert "0 fan" not in english
