"""The win moment in words, in both languages: who won, on what tile, from whom, with the
pattern and the points — never words that read as the winner dealing in, and a plain win
as 平胡 with its points, never "0 番"."""

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
from tests.table.test_table_seats import part, put
from tests.tables import four_people

pytestmark = pytest.mark.django_db

IDLE = "1123456778899s"  # void s and only s tiles: takes part in nothing
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"  # wins on 5p, a plain win
WAITS_5P_TOO = "123m456m789m999p5p"


def banner_text(room, language: str) -> str:
    with translation.override(language):
        html = render_table(load_snapshot(room.pk), user=AnonymousUser(), csrf="x").full()
    banner = part(html, "win-banner")
    banner = re.sub(r'<img [^>]*alt="([^"]*)"[^>]*>', r"[\1]", banner)
    return html_module.unescape(" ".join(re.sub(r"<[^>]+>", " ", banner).split()))


def shown(room, engine: EngineRound, kind: str) -> None:
    put(room, engine, cue={"kind": kind, "seat": engine.winners[-1]["seat"],
                           "tile": engine.winners[-1]["tile"], "version": 1})


@pytest.mark.parametrize("language, expected", [
    ("zh-hans", "d1 胡 [五筒] ，d0 点炮 平胡 · 1 分"),
    ("en", "d1 wins on [5 Dots] (d0 dealt in) Plain win · 1 point"),
])
def test_a_win_on_a_discard_says_who_won_and_who_dealt_in(language, expected):
    room, users = four_people("d")
    engine = table([DISCARDER, WAITS_5P, IDLE, IDLE], wall="1s2s3s4s5s6s")
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    shown(room, engine, "win")
    assert banner_text(room, language) == expected


@pytest.mark.parametrize("language, expected", [
    ("zh-hans", "z0 自摸 [五筒] 清一色 · 2 番 · 4 分"),
    ("en", "z0 self-draws [5 Dots] Pure suit · 2 fan · 4 points"),
])
def test_a_self_drawn_win_says_so_with_its_fan(language, expected):
    room, users = four_people("z")
    engine = table(["1p2p3p4p5p6p7p8p9p1p2p3p5p5p", IDLE, IDLE, IDLE],
                   wall="1s2s3s", voids="msss", current=0)
    engine.drawn = parse_tile("5p")  # the tile just drawn wins
    act(engine, 0, "zimo")
    shown(room, engine, "zimo")
    text = banner_text(room, language)
    # Each of the three others pays 4: the banner counts what the win brought, 12.
    assert text == expected.replace("4 分", "12 分").replace("4 points", "12 points")


@pytest.mark.parametrize("language, expected", [
    ("zh-hans", "r1 抢杠胡 [五筒] ，抢 r0 的补杠"),
    ("en", "r1 wins by robbing a kong: [5 Dots] (from r0's added kong)"),
])
def test_a_robbed_kong_names_whose_kong_it_was(language, expected):
    room, users = four_people("r")
    engine = table(["5p123m456m789m1p", WAITS_5P, IDLE, IDLE], wall="1s2s3s4s",
                   melds={0: ["pong 555p"]}, current=0)
    act(engine, 0, "added_kong", "5p")
    act(engine, 1, "win")
    shown(room, engine, "win")
    assert banner_text(room, language).startswith(expected)


def test_one_discard_won_by_two_names_both_and_the_one_who_dealt_in():
    room, users = four_people("m")
    engine = table([DISCARDER, WAITS_5P, WAITS_5P_TOO, IDLE], wall="1s2s3s4s5s6s")
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    act(engine, 2, "win")
    shown(room, engine, "win")
    text = banner_text(room, "zh-hans")
    assert "m1 胡 [五筒] ，m0 点炮" in text and "m2 胡 [五筒] ，m0 点炮" in text
    assert "0 番" not in text

