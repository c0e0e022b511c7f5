"""The win moment in words, in both languages: 胡 / 自摸 / 抢杠胡 / 一炮多响 said large,
who won on what tile for how much on one line, the pattern and who fed the tile under
it — never words that read as the winner dealing in, and a plain win as 平胡 with its
points, never "0 番" — and the winner's hand with the winning tile set apart. The
player's own win is their own card (class ``mine``), with their hand."""

import html as html_module
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.play.snapshot import load_snapshot
from games.rules.round import Round as EngineRound
from games.rules.tiles import parse_tile
from games.table.parts import render_table
from tests.rules.tables import act, table
from tests.table.pages import part, put
from tests.tables import four_people

pytestmark = pytest.mark.django_db

IDLE = "1123456778899s"  # void s and only s tiles: takes part in nothing
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"  # wins on 5p, a plain win
WAITS_5P_TOO = "123m456m789m999p5p"


def banner(room, language: str, user=None) -> str:
    with translation.override(language):
        html = render_table(load_snapshot(room.pk), user=user or AnonymousUser(), csrf="x").full()
    return part(html, "win-banner")


def heard(html: str) -> str:
    """The banner's words as a screen reader hears them: the pictures by their names,
    without what is hidden from it (the points' badge, the hand the seat shows)."""
    html = re.sub(r'<(\w+)[^>]*aria-hidden="true"[^>]*>.*?</\1>', " ", html, flags=re.S)
    html = re.sub(r'<img [^>]*alt="([^"]*)"[^>]*>', r"[\1]", html)
    return html_module.unescape(" ".join(re.sub(r"<[^>]+>", " ", html).split()))


def hand_row(html: str) -> tuple[list[str], str]:
    """The tiles of the banner's hand and the tile set apart as the winning one."""
    row = re.search(r'<ul class="win-hand" aria-hidden="true">(.*?)</ul>', html, re.S)
    assert row, "the banner shows the winner's hand"
    won = re.search(r'<li class="win-tile"><img src="[^"]*/(\w+)\.svg"', row.group(1))
    plain = re.findall(r'<li><img src="[^"]*/(\w+)\.svg"', row.group(1))
    return plain, won.group(1)


def shown(room, engine: EngineRound, kind: str) -> None:
    put(
        room,
        engine,
        cue={
            "kind": kind,
            "seat": engine.winners[-1]["seat"],
            "tile": engine.winners[-1]["tile"],
            "version": 1,
        },
    )


@pytest.mark.parametrize(
    "language, expected",
    [
        ("zh-hans", "南 d1 胡 [五筒] 平胡 · 1 分 ，d0 点炮"),
        ("en", "South d1 Win [5 Dots] Plain win · 1 point (d0 dealt in)"),
    ],
)
def test_a_win_on_a_discard_says_who_won_on_what_and_who_dealt_in(language, expected):
    room, users = four_people("d")
    engine = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s3s4s5s6s")
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    shown(room, engine, "win")
    html = banner(room, language, users[2])
    assert heard(html) == expected
    # One line: who, the word said large, the tile, the points it brought.
    line = re.search(r'<p class="win-line">(.*?)</p>', html, re.S).group(1)
    assert re.search(r'<strong class="win-word">[^<]+</strong>', line)
    assert 'class="tile-img banner-tile"' in line and ">+1</span>" in line
    assert 'class="win-banner"' in html and 'data-seats="1"' in html
    # The winner's hand with the tile won on set apart (13 in hand: it stays in the river).
    plain, won = hand_row(html)
    assert won == "5p" and len(plain) == 13
    assert "0 番" not in html and "0 fan" not in html


@pytest.mark.parametrize(
    "language, expected, others",
    [
        (
            "zh-hans",
            "你 自摸 [五筒] 清一色 · 2 番 · 12 分",
            "东 z0 自摸 [五筒] 清一色 · 2 番 · 12 分",
        ),
        (
            "en",
            "You Self-drawn win [5 Dots] Pure suit · 2 fan · 12 points",
            "East z0 Self-drawn win [5 Dots] Pure suit · 2 fan · 12 points",
        ),
    ],
)
def test_my_own_self_drawn_win_is_my_own_bigger_card_with_my_hand(language, expected, others):
    room, users = four_people("z")
    engine = table(
        ["1p2p3p4p5p6p7p8p9p1p2p3p5p5p", IDLE, IDLE, IDLE], wall="1s2s3s", voids="msss", current=0
    )
    engine.drawn = parse_tile("5p")  # the tile just drawn wins
    act(engine, 0, "zimo")
    shown(room, engine, "zimo")
    mine = banner(room, language, users[0])
    # Each of the three others pays 4: the banner counts what the win brought, 12.
    assert heard(mine) == expected
    assert 'class="win-banner mine"' in mine and 'data-seats="me"' in mine
    assert ">+12</span>" in mine
    plain, won = hand_row(mine)
    assert won == "5p" and plain == [
        "1p",
        "1p",
        "2p",
        "2p",
        "3p",
        "3p",
        "4p",
        "5p",
        "5p",
        "6p",
        "7p",
        "8p",
        "9p",
    ]
    for viewer in (users[1], None):
        theirs = banner(room, language, viewer)
        assert heard(theirs) == others
        assert 'class="win-banner"' in theirs and 'data-seats="0"' in theirs


@pytest.mark.parametrize(
    "language, expected",
    [
        ("zh-hans", "南 r1 抢杠胡 [五筒]"),
        ("en", "South r1 Robbing a kong [5 Dots]"),
    ],
)
def test_a_robbed_kong_says_so_and_whose_kong_it_was(language, expected):
    room, users = four_people("r")
    engine = table(
        ["5p123m456m789m1p", WAITS_5P, IDLE, IDLE],
        wall="1s2s3s4s",
        melds={0: ["pong 555p"]},
        current=0,
    )
    act(engine, 0, "added_kong", "5p")
    act(engine, 1, "win")
    shown(room, engine, "win")
    text = heard(banner(room, language))
    assert text.startswith(expected)
    assert ("抢 r0 的补杠" if language == "zh-hans" else "from r0's added kong") in text


@pytest.mark.parametrize(
    "language, expected",
    [
        ("zh-hans", "一炮多响 [五筒] ，m0 点炮 南 m1 平胡 · 1 分 西 m2 平胡 · 1 分"),
        (
            "en",
            "Multiple win [5 Dots] (m0 dealt in) South m1 Plain win · 1 point "
            "West m2 Plain win · 1 point",
        ),
    ],
)
def test_one_discard_won_by_two_names_both_and_the_one_who_dealt_in(language, expected):
    room, users = four_people("m")
    engine = table([DISCARDER, WAITS_5P, WAITS_5P_TOO, IDLE], wall="1s2s3s4s5s6s")
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    act(engine, 2, "win")
    shown(room, engine, "win")
    html = banner(room, language)
    assert heard(html) == expected
    assert 'class="win-banner several"' in html and 'data-seats="1 2"' in html
    # A winner among them sees their own card, with their hand.
    mine = banner(room, language, users[2])
    assert 'class="win-banner mine several"' in mine and 'data-seats="1 me"' in mine
    assert hand_row(mine)[1] == "5p"


def test_the_banner_lasts_the_win_pause_and_is_empty_without_a_win(settings):
    settings.WIN_PAUSE_SECONDS = 3
    room, users = four_people("p")
    engine = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s3s4s5s6s")
    put(room, engine)
    empty = banner(room, "zh-hans")
    assert re.fullmatch(
        r'<div id="win-banner" class="win-banner" role="status" '
        r'data-seconds="3"></div>',
        empty,
    )
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    shown(room, engine, "win")
    assert 'role="status" data-seconds="3"' in banner(room, "zh-hans")
