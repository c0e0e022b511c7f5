"""The table's settlement opens with a result card per player (games.words.settlement_cards):
the net, each win with how and for how much, how often the player dealt in, and at a
wall-empty end 花猪 / 下叫 / 未下叫; the viewer's card first and marked, a spectator's in
seat order. The payment lines that follow carry their payer and payee for the per-player
filter, and the viewer's own are highlighted."""

import html as html_module
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.models import Round
from games.play.snapshot import load_snapshot
from games.rules.round import Round as EngineRound
from games.table.parts import render_table
from tests.rules import test_round_payments as payments
from tests.rules import test_xueliu as xueliu
from tests.rules.tables import act, table
from tests.table.test_table_seats import part
from tests.tables import four_people

pytestmark = pytest.mark.django_db

IDLE = "1123456778899s"  # void s and only s tiles: never ready, never a pig


def mixed_round() -> EngineRound:
    """South wins a plain hand on East's 5p; West self-draws 清一色 + 1 根 (3 fan) at
    once; North draws and throws the last tile: the wall is empty. East still holds
    three suits (a pig), North holds one and is not ready."""
    engine = table(["123m456p789s1122s5p", "123m456m789m111p5p", "123p456p789p999p7p", IDLE],
                   wall="7p3s", voids="psss")
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")  # West wins on the 7p it draws next, by itself
    act(engine, 3, "discard", "3s")
    assert engine.phase == "ended" and engine.end == "wall_empty"
    return engine


def ended(prefix: str, engine: EngineRound):
    room, users = four_people(prefix)
    Round.objects.filter(room=room).update(state=engine.to_json())
    return room, users


def settlement(room, user, language: str) -> str:
    with translation.override(language):
        html = render_table(load_snapshot(room.pk), user=user, csrf="x").full()
    return part(html, "settlement")


def text(html: str) -> str:
    return html_module.unescape(" ".join(re.sub(r"<[^>]+>", " ", html).split()))


def cards(section: str) -> list[tuple[str, str]]:
    """(class, text) of each result card, in order."""
    found = re.findall(r'<li class="(result-card[^"]*)">(.*?)\n    </li>', section, re.S)
    assert len(found) == 4, section
    return [(cls, text(body)) for cls, body in found]


def test_the_cards_show_each_players_net_wins_deal_ins_and_end_in_chinese():
    room, users = ended("c", mixed_round())
    found = cards(settlement(room, users[3], "zh-hans"))
    # The viewer (北, seat 3) first and marked, then 东 南 西 in turn order.
    assert found == [
        ("result-card mine end-not_ready", "北 c3 （你） +8 未下叫"),
        ("result-card end-pig", "东 c0 −57 点炮 1 次 花猪"),
        ("result-card", "南 c1 +17 c0 点炮 平胡"),
        ("result-card", "西 c2 +32 自摸 清一色 + 1 根 · 3 番"),
    ]


def test_the_cards_in_english_for_a_spectator_in_seat_order():
    room, users = ended("e", mixed_round())
    found = cards(settlement(room, AnonymousUser(), "en"))
    assert found == [
        ("result-card end-pig", "East e0 −57 Dealt in once Flower pig"),
        ("result-card", "South e1 +17 On e0's discard Plain win"),
        ("result-card", "West e2 +32 Self-drawn win Pure suit + 1 root · 3 fan"),
        ("result-card end-not_ready", "North e3 +8 Not ready at the end"),
    ]
    assert "(you)" not in settlement(room, AnonymousUser(), "en")


def test_a_ready_player_at_a_wall_empty_end_is_marked_ready():
    room, users = ended("r", payments.ready_by_wall_empty())
    found = dict((t.split()[1], (cls, t)) for cls, t in cards(
        settlement(room, users[1], "zh-hans")))
    assert found["r0"][0] == "result-card end-ready" and found["r0"][1].endswith("下叫")
    assert found["r3"][0] == "result-card end-ready"
    assert found["r1"] == ("result-card mine end-not_ready", "南 r1 （你） +13 未下叫")
    assert found["r2"][0] == "result-card end-pig" and found["r2"][1].endswith("花猪")
    # The viewer's card comes first.
    assert cards(settlement(room, users[1], "zh-hans"))[0][1].startswith("南 r1")


def test_in_xueliu_a_player_may_win_several_times_on_one_card():
    """血流成河: South wins on East's 5p, self-draws a 5p, wins on East's 5p again; the
    wall runs out."""
    engine = xueliu.first_win()
    for seat, tile in ((2, "1s"), (3, "1s"), (0, "3s")):
        act(engine, seat, "discard", tile)
    act(engine, 1, "zimo")
    for seat, tile in ((2, "1s"), (3, "1s"), (0, "5p")):
        act(engine, seat, "discard", tile)
    act(engine, 1, "win")
    assert engine.phase == "ended"
    room, users = ended("x", engine)
    found = cards(settlement(room, users[1], "zh-hans"))
    assert found[0][0].startswith("result-card mine")
    assert found[0][1].startswith("南 x1 （你） +")
    assert found[0][1].count("x0 点炮 平胡") == 2 and found[0][1].count("自摸 平胡") == 1
    east = next(t for _, t in found if t.startswith("东 x0"))
    assert "点炮 2 次" in east


def test_each_payment_line_carries_its_payer_and_payee_and_the_viewers_are_marked():
    engine = mixed_round()
    room, users = ended("p", engine)
    section = settlement(room, users[3], "zh-hans")
    lines = re.findall(r'<li data-payer="(\d)" data-payee="(\d)"( class="mine")?>', section)
    assert [(int(a), int(b)) for a, b, _ in lines] == [
        (e["payer"], e["payee"]) for e in engine.ledger]
    assert [bool(m) for _, _, m in lines] == [
        3 in (e["payer"], e["payee"]) for e in engine.ledger]
    assert any(m for _, _, m in lines) and not all(m for _, _, m in lines)
    # The filter: everyone, then each player by name, made into buttons by the page's
    # script (nothing to press without it); no script inline (strict CSP).
    assert 'data-everyone="全部"' in section
    names = re.findall(r'<span data-seat="(\d)">([^<]*)</span>', section)
    assert names == [("0", "p0"), ("1", "p1"), ("2", "p2"), ("3", "p3")]
    assert "<button" not in section
    assert "<script" not in section
    assert 'role="region" aria-label="结算"' in section
    # A spectator's lines carry payer and payee too, none of them marked.
    watched = settlement(room, AnonymousUser(), "en")
    assert 'class="mine"' not in watched and watched.count("data-payer=") == len(engine.ledger)
    assert "Everyone" in watched and 'aria-label="Settlement"' in watched
