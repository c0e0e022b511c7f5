"""The table's settlement opens with a result card per player (games.words.settlement_cards):
the net and every line that makes it (each win with how and what it was worth, what the
player paid for others' wins, each kind of money received less paid), so that the lines
add up to the net on any round; and at a wall-empty end 花猪 / 下叫 / 未下叫; the viewer's
card first and marked, a spectator's in seat order. A plain win says its points, never
"0 番". The payment lines come after the cards, and carry their payer and payee for the
per-player filter, the viewer's own highlighted."""

import html as html_module
import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import translation

from games.models import Round
from games.play.snapshot import load_snapshot
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.table.parts import render_table
from games.words import labels, settlement_cards
from games.words.settlement_sentences import settlement_words
from tests.rules import payment_scenes as payments
from tests.rules import xueliu_scenes as xueliu
from tests.rules.random_rounds import OPTION_SETS, XUELIU_OPTION_SETS, pick
from tests.rules.tables import act, table
from tests.table.pages import part
from tests.tables import four_people

pytestmark = pytest.mark.django_db

IDLE = "1123456778899s"  # void s and only s tiles: never ready, never a pig


def mixed_round() -> EngineRound:
    """South wins a plain hand on East's 5p; West self-draws 清一色 + 1 根 (3 fan) at
    once; North draws and throws the last tile: the wall is empty. East still holds
    three suits (a pig), North holds one and is not ready."""
    engine = table(
        ["123m456p789s1122s5p", "123m456m789m111p5p", "123p456p789p999p7p", IDLE],
        wall="7p3s",
        voids="psss",
    )
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


def test_the_cards_show_each_players_net_and_the_lines_that_make_it_in_chinese():
    room, users = ended("c", mixed_round())
    found = cards(settlement(room, users[3], "zh-hans"))
    # The viewer (北, seat 3) first and marked, then 东 南 西 in turn order. Each line's
    # amount at its end; the lines add up to the net (+8 = −8 + 16).
    assert [cls for cls, _ in found] == [
        "result-card mine end-not_ready",
        "result-card end-pig",
        "result-card",
        "result-card",
    ]
    assert found[1][1] == "东 c0 −57 点炮 1 次 −1 {zimo} −8 花猪 −48 花猪".format(
        zimo=translated("zh-hans", "Others' self-drawn wins")
    )
    assert found[2][1] == "南 c1 +17 c0 点炮 +1 平胡 · 1 分 花猪 +16"
    assert found[3][1] == "西 c2 +32 自摸 +16 清一色 + 1 根 · 3 番 花猪 +16"
    assert found[0][1].startswith("北 c3 （你） +8 ")
    assert found[0][1].endswith(" −8 花猪 +16 未下叫")


def translated(language: str, message: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


def test_the_cards_in_english_for_a_spectator_in_seat_order():
    room, users = ended("e", mixed_round())
    found = cards(settlement(room, AnonymousUser(), "en"))
    assert found == [
        (
            "result-card end-pig",
            "East e0 −57 Dealt in once −1 Others' self-drawn wins −8 Flower pig −48 Flower pig",
        ),
        ("result-card", "South e1 +17 On e0's discard +1 Plain win · 1 point Flower pig +16"),
        ("result-card", "West e2 +32 Self-drawn win +16 Pure suit + 1 root · 3 fan Flower pig +16"),
        (
            "result-card end-not_ready",
            "North e3 +8 Others' self-drawn wins −8 Flower pig +16 Not ready at the end",
        ),
    ]
    assert "(you)" not in settlement(room, AnonymousUser(), "en")


def test_a_ready_player_at_a_wall_empty_end_is_marked_ready():
    room, users = ended("r", payments.ready_by_wall_empty())
    found = dict(
        (t.split()[1], (cls, t)) for cls, t in cards(settlement(room, users[1], "zh-hans"))
    )
    assert found["r0"][0] == "result-card end-ready" and found["r0"][1].endswith("下叫")
    assert found["r3"][0] == "result-card end-ready"
    assert found["r1"] == (
        "result-card mine end-not_ready",
        "南 r1 （你） +13 花猪 +16 查叫 −3 未下叫",
    )
    assert found["r2"] == ("result-card end-pig", "西 r2 −48 花猪 −48 花猪")
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
    assert len(re.findall(r"x0 点炮 \+\d+ 平胡 · 1 分", found[0][1])) == 2
    assert len(re.findall(r"自摸 \+\d+ 平胡 · 1 分", found[0][1])) == 1
    east = next(t for _, t in found if t.startswith("东 x0"))
    assert re.search(r"点炮 2 次 −\d+", east)


def test_each_payment_line_carries_its_payer_and_payee_and_the_viewers_are_marked():
    engine = mixed_round()
    room, users = ended("p", engine)
    section = settlement(room, users[3], "zh-hans")
    lines = re.findall(r'<li data-payer="(\d)" data-payee="(\d)"( class="mine")?>', section)
    assert [(int(a), int(b)) for a, b, _ in lines] == [
        (e["payer"], e["payee"]) for e in engine.ledger
    ]
    assert [bool(m) for _, _, m in lines] == [3 in (e["payer"], e["payee"]) for e in engine.ledger]
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


# --- the lines of a card add up to its net, on any round ---------------------------------

ROUNDS_PER_OPTION_SET = 25
AMOUNT = re.compile(r'<span class="amount[^"]*">([+−]?\d+)</span>')
NET = re.compile(r'<p class="net[^"]*">([+−]?\d+)</p>')


def number(text: str) -> int:
    return int(text.replace("−", "-"))


def rendered_cards(state: EngineRound, viewer: int | None, language: str) -> list[str]:
    """The settlement of ``state`` as the table renders it, one HTML string per card."""
    view = state.view(viewer)
    with translation.override(language):
        names = [labels.bot_name(seat, "strong") for seat in range(4)]
        winds = [str(w) for w in labels.SEAT_WINDS]
        words = settlement_words(view, names, state.options)
        html = render_to_string(
            "games/table/_settlement.html",
            {
                "words": words,
                "nets": (),
                "players": tuple(enumerate(names)),
                "cards": settlement_cards.cards(view, names, winds, viewer),
                "rows": settlement_cards.payment_rows(view, words.payments, viewer),
                "round_id": 1,
                "room_code": "CARDS1",
                "compared_at": None,
            },
        )
    return re.findall(r'<li class="result-card[^"]*">.*?\n    </li>', html, re.S)


def test_each_cards_lines_add_up_to_its_net_on_real_rounds():
    """Rounds of the invariants' driver (kongs and pongs whenever it can) under every
    option set, 血流成河 among them: on every card, rendered, the amounts of the lines add
    up to the net shown, and the net is the ledger's. A card with a win and a net below
    what the win brought (kong money paid, 查叫, 退税…) says so in a line of its own."""
    explained_losses = 0
    for options in OPTION_SETS + XUELIU_OPTION_SETS:
        rng = random.Random(f"cards {options}")
        for number_ in range(ROUNDS_PER_OPTION_SET):
            state = EngineRound.deal(
                f"cards-{number_}", number_ % 4, RoomOptions.from_dict(options)
            )
            while state.phase != "ended":
                state.apply(*pick(state, rng))
            nets = state.net()
            viewer = number_ % 5 if number_ % 5 < 4 else None  # a spectator too
            shown = rendered_cards(state, viewer, "zh-hans" if number_ % 2 else "en")
            order = settlement_cards.order(viewer, 4)
            for seat, card in zip(order, shown, strict=True):
                net = number(NET.search(card).group(1))
                amounts = [number(a) for a in AMOUNT.findall(card)]
                assert net == nets[seat] == sum(amounts), (options, number_, seat, card)
                assert "0 番" not in card and "0 fan" not in card
                wins = re.findall(r'<li class="card-line win">.*?</li>', card, re.S)
                won = sum(number(AMOUNT.search(w).group(1)) for w in wins)
                if wins and net < won:
                    assert len(amounts) > len(wins)
                    explained_losses += 1
    assert explained_losses > 20  # the "+1 win, net −1" is common enough


def test_the_cards_come_first_and_the_payments_below():
    """The settlement is two blocks: the cards (and a sealed table's link to its compared
    results) on top, then the payments; in the end panel the seating, with 准备下一局,
    stands between them (static/css/settlement.css)."""
    room, users = ended("o", mixed_round())
    Round.objects.filter(room=room).update(status=Round.Status.ENDED)  # the seats show
    with translation.override("zh-hans"):
        html = render_table(load_snapshot(room.pk), user=users[0], csrf="x").full()
    section = part(html, "settlement")
    top = section.index('<div class="settlement-top">')
    more = section.index('<div class="settlement-more">')
    assert top < section.index('class="result-cards"') < more
    assert more < section.index('<ol class="payments">') and more < section.index('class="nets"')
    panel = html[html.index('<details class="end-panel" open>') :]
    assert panel.index('id="settlement"') < panel.index('id="seating"')
    assert "准备下一局" in part(panel, "seating")
