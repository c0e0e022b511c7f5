"""A settlement in words and numbers (games.words.settlement_words and settlement_sentences):
every payment says who paid whom, why, and the arithmetic of its amount, and that
arithmetic gives back the ledger's amount; terms explain themselves; Chinese reads as
Chinese (full-width punctuation, no nested parentheses)."""

import random
import re
from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.models import Round
from games.play.snapshot import load_snapshot
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from games.table.parts import render_table
from games.words import labels
from games.words.labels import seat_label
from games.words.settlement_sentences import settlement_words
from games.words.settlement_words import amount_of, explain
from tests.rules import payment_scenes as payments
from tests.rules.random_rounds import OPTION_SETS, pick
from tests.rules.tables import act, table
from tests.tables import four_people

IDLE = payments.IDLE


# --- rounds that make every kind of payment -------------------------------------------------


def ron_pure_suit():
    """East throws 5m; South waits on any Characters and wins: 清一色."""
    state = table(["5m2244668899p123p", "1112345678999m", IDLE, IDLE], wall="1s")
    act(state, 0, "discard", "5m")
    act(state, 1, "win")
    return state


def ron_capped():
    """South wins 清对 (3 fan) on East's 7m in a room capped at 2."""
    state = table(
        ["7m2244668899p123p", "111m333m555m77m99m", IDLE, IDLE], wall="1s", options={"cap": 2}
    )
    act(state, 0, "discard", "7m")
    act(state, 1, "win")
    return state


def zimo_with_base_bonus():
    state = table(
        [IDLE, "123m456m789m111p55p", IDLE, IDLE],
        current=1,
        wall="1s",
        options={"zimo_bonus": "base", "base": 3},
    )
    act(state, 1, "zimo")
    return state


def zimo_with_extra_fan():
    state = table(
        [IDLE, "123m456m789m111p55p", IDLE, IDLE],
        current=1,
        wall="1s",
        options={"zimo_bonus": "fan"},
    )
    act(state, 1, "zimo")
    return state


def robbed_kong():
    """East adds the fourth 5p to its pong; South, waiting on 4-6p, robs it."""
    state = table(
        ["5p1122334466m", "123m456m789m11p46p", IDLE, IDLE], wall="1s3s", melds={0: ["pong 555p"]}
    )
    act(state, 0, "added_kong", "5p")
    act(state, 1, "win")
    return state


def added_kong():
    state = table(["5p1122334466m", IDLE, IDLE, IDLE], wall="1s3s", melds={0: ["pong 555p"]})
    act(state, 0, "added_kong", "5p")
    return state


def refund():
    state = table(["5555m2244668899p", IDLE, IDLE, IDLE], wall="3s")
    act(state, 0, "concealed_kong", "5m")
    act(state, 0, "discard", "3s")
    return state


ROUNDS = {
    "ron": ron_pure_suit,
    "ron_capped": ron_capped,
    "zimo_base": zimo_with_base_bonus,
    "zimo_fan": zimo_with_extra_fan,
    "rob_kong": robbed_kong,
    "kong_added": added_kong,
    "kong_exposed_and_bloom": payments.bloom_table,
    "bloom_paid_by_feeder": lambda: payments.bloom_table(
        kong_bloom_from_discard="ron", zimo_bonus="base"
    ),
    "kong_concealed_and_transfer": payments.kong_then_discard,
    "pig_not_ready_difference": lambda: payments.ready_by_wall_empty(
        options={"ready_difference": True}
    ),
    "kong_refund": refund,
}


def ledger_of(state: EngineRound):
    return [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in state.ledger]


def test_the_rounds_here_make_every_kind_of_payment():
    reasons = {e[3] for build in ROUNDS.values() for e in ledger_of(build())}
    assert reasons == set(labels.REASONS)


@pytest.mark.parametrize("name", ROUNDS)
def test_every_payments_arithmetic_gives_the_ledgers_amount(name):
    state = ROUNDS[name]()
    explained = explain(state.to_json())
    assert [(e.payer, e.payee, e.amount, e.reason) for e in explained] == ledger_of(state)
    for e in explained:
        assert e.detailed, e
        assert amount_of(e.arithmetic) == e.amount, e
    # The table explains from a player's view, which carries no options: the room's.
    from_view = explain(state.view(0), state.options)
    assert from_view == explained


# --- the words --------------------------------------------------------------------------------


class Settlement(HTMLParser):
    """The text of each payment, of each end-of-round check, and the terms' titles."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.payments, self.checks, self.glossary, self.titles = [], [], [], {}
        self.text = []
        self._list, self._line = None, None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("ol", "ul") and attrs.get("class") in ("payments", "settlement-checks"):
            self._list = self.payments if attrs["class"] == "payments" else self.checks
        elif tag == "li" and self._list is not None:
            self._line = []
        elif tag == "abbr":
            assert "term" in attrs["class"] and attrs["title"]
            self._title = attrs["title"]
            self.text.append(attrs["title"])
        elif tag == "dt":
            self.glossary.append("")

    def handle_endtag(self, tag):
        if tag == "li" and self._line is not None:
            self._list.append("".join(self._line))
            self._line = None
        elif tag in ("ol", "ul"):
            self._list = None

    def handle_data(self, data):
        self.text.append(data)
        if self._line is not None:
            self._line.append(data)
        if self.lasttag == "abbr" and getattr(self, "_title", None):
            self.titles[data] = self._title
            self._title = None
        if self.lasttag == "dt" and self.glossary and not self.glossary[-1]:
            self.glossary[-1] = data


def rendered(state: EngineRound, language: str, names=None) -> Settlement:
    with translation.override(language):
        names = names or [str(w) for w in labels.SEAT_WINDS]
        words = settlement_words(state.to_json(), names)
        return Settlement(render_to_string("games/_settlement_words.html", {"words": words}))


EXPECTED = {
    "ron": {
        "zh-hans": ["东 付给 南 4 分：点炮 清一色 2 番，底分 1 × 2² = 4"],
        "en": ["East pays South 4: Discard win, Pure suit 2 fan, base 1 × 2² = 4"],
    },
    "ron_capped": {
        "zh-hans": ["东 付给 南 4 分：点炮 清对 3 番，封顶 2 番，底分 1 × 2² = 4"],
        "en": ["East pays South 4: Discard win, Pure all pongs 3 fan, cap 2 fan, base 1 × 2² = 4"],
    },
    "zimo_base": {
        "zh-hans": ["东 付给 南 6 分：自摸 平胡，底分 3 + 自摸加底 3 = 6"],
        "en": ["East pays South 6: Self-drawn win, Plain win, base 3 + self-drawn bonus 3 = 6"],
    },
    "zimo_fan": {
        "zh-hans": ["东 付给 南 2 分：自摸 平胡 + 自摸加番 1 番 = 1 番，底分 1 × 2¹ = 2"],
        "en": [
            "East pays South 2: Self-drawn win, Plain win + Self-drawn extra fan 1 fan = "
            "1 fan, base 1 × 2¹ = 2"
        ],
    },
    "rob_kong": {
        "zh-hans": ["东 付给 南 2 分：抢杠 平胡 + 抢杠胡 1 番 = 1 番，底分 1 × 2¹ = 2"],
        "en": [
            "East pays South 2: Robbed kong, Plain win + Robbing a kong 1 fan = 1 fan, "
            "base 1 × 2¹ = 2"
        ],
    },
    "kong_added": {
        "zh-hans": ["南 付给 东 1 分：刮风 补杠，底分 1 × 1 = 1"],
        "en": ["South pays East 1: Added kong (Wind), base 1 × 1 = 1"],
    },
    "kong_exposed_and_bloom": {
        "zh-hans": [
            "东 付给 南 2 分：刮风 直杠，底分 1 × 2 = 2",
            "东 付给 南 4 分：自摸 平胡 + 根 1 番 + 杠上花 1 番 = 2 番，底分 1 × 2² = 4",
        ],
        "en": [
            "East pays South 2: Exposed kong (Wind), base 1 × 2 = 2",
            "East pays South 4: Self-drawn win, Plain win + Root 1 fan + Bloom on a kong "
            "1 fan = 2 fan, base 1 × 2² = 4",
        ],
    },
    "bloom_paid_by_feeder": {
        # Paid as a discard win: the feeder alone, and no self-drawn bonus.
        "zh-hans": ["东 付给 南 4 分：点杠花 平胡 + 根 1 番 + 杠上花 1 番 = 2 番，底分 1 × 2² = 4"],
        "en": [
            "East pays South 4: Bloom on a fed kong, Plain win + Root 1 fan + Bloom on a "
            "kong 1 fan = 2 fan, base 1 × 2² = 4"
        ],
    },
    "kong_concealed_and_transfer": {
        "zh-hans": [
            "南 付给 东 2 分：下雨 暗杠，底分 1 × 2 = 2",
            "东 付给 南 2 分：点炮 平胡 + 杠上炮 1 番 = 1 番，底分 1 × 2¹ = 2",
            "东 付给 南 6 分：呼叫转移，这一轮的杠钱全数转给胡牌的人，"
            "下雨 暗杠 南 2 + 西 2 + 北 2 = 6",
        ],
        "en": [
            "East pays South 6: Call transfer of that turn's kong money, "
            "Concealed kong (Rain) South 2 + West 2 + North 2 = 6"
        ],
    },
    "pig_not_ready_difference": {
        "zh-hans": [
            "西 付给 东 16 分：花猪，西 三门牌都还在，按 4 番赔，底分 1 × 2⁴ = 16",
            "南 付给 东 1 分：查叫，东 听 五筒，最大是胡 五筒 的 平胡；南 没听牌，底分 1",
            "南 付给 北 2 分：查叫，北 听 九筒，最大是胡 九筒 的 对对胡 1 番；"
            "南 没听牌，底分 1 × 2¹ = 2",
            "东 付给 北 1 分：补差价，北 最大 对对胡 1 番，东 最大 平胡，底分 1 × 2¹ − 1 × 2⁰ = 1",
        ],
        "en": [
            "West pays East 16: Flower pig, West still held all three suits and pays 4 fan, "
            "base 1 × 2⁴ = 16",
            "South pays North 2: Ready check, North was ready on 9 Dots, at best All pongs "
            "1 fan with 9 Dots; South was not ready, base 1 × 2¹ = 2",
        ],
    },
    "kong_refund": {
        "zh-hans": [
            "东 付给 南 2 分：退税，东 没听牌，退回 南 付的 下雨 暗杠 杠钱，底分 1 × 2 = 2"
        ],
        "en": [
            "East pays South 2: Kong refund, East was not ready and gives back South's "
            "payment for Concealed kong (Rain), base 1 × 2 = 2"
        ],
    },
}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
@pytest.mark.parametrize("name", ROUNDS)
def test_each_payment_reads_with_its_arithmetic(name, language):
    state = ROUNDS[name]()
    shown = rendered(state, language)
    assert len(shown.payments) == len(state.ledger)
    for line in EXPECTED[name][language]:
        assert line in shown.payments
    # Every line ends on its amount worked out: "= 4", or the base itself for 平胡.
    for line, entry in zip(shown.payments, state.ledger, strict=True):
        assert re.search(rf"(= |底分 |base ){entry['amount']}$", line), line


TERMS_SHOWN = {
    "ron": {"点炮", "清一色", "底分"},
    "ron_capped": {"封顶", "清对"},
    "zimo_base": {"自摸", "平胡", "自摸加底"},
    "zimo_fan": {"自摸加番"},
    "rob_kong": {"抢杠", "抢杠胡"},
    "kong_added": {"刮风", "补杠"},
    "kong_exposed_and_bloom": {"刮风", "直杠", "根", "杠上花"},
    "bloom_paid_by_feeder": {"点杠花"},
    "kong_concealed_and_transfer": {"下雨", "暗杠", "杠上炮", "呼叫转移"},
    "pig_not_ready_difference": {"花猪", "查叫", "补差价", "对对胡"},
    "kong_refund": {"退税"},
}


@pytest.mark.parametrize("name", ROUNDS)
def test_terms_explain_themselves_and_the_glossary_lists_those_used(name):
    shown = rendered(ROUNDS[name](), "zh-hans")
    assert TERMS_SHOWN[name] <= set(shown.titles)
    for text in shown.titles.values():
        assert text.endswith("。") and len(text) < 90  # one sentence
    # The glossary names each term used once (a term may show shorter, 抢杠 for 抢杠胡).
    assert len(shown.glossary) == len(set(shown.glossary))
    assert TERMS_SHOWN[name] - {"抢杠"} <= set(shown.glossary)
    assert set(shown.glossary) <= set(shown.titles) | {"抢杠胡"}  # only the terms used


def test_a_call_transfer_names_each_kong_whose_money_it_moves():
    """East makes two concealed kongs in one turn and throws the 5p South wins on."""
    state = table(["2222p3333p446688m", payments.WAITS_5P, IDLE, IDLE], wall="3m5p1s")
    act(state, 0, "concealed_kong", "2p")
    act(state, 0, "concealed_kong", "3p")
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    assert ledger_of(state)[-1] == (0, 1, 12, "kong_transfer")
    transfer = rendered(state, "zh-hans").payments[-1]
    assert transfer.endswith("下雨 暗杠 南 2 + 西 2 + 北 2 + 下雨 暗杠 南 2 + 西 2 + 北 2 = 12")


def test_the_end_of_the_round_names_the_pigs_and_who_was_ready_on_what():
    state = payments.ready_by_wall_empty()
    assert rendered(state, "zh-hans").checks == [
        "花猪：西。",
        "听牌：东 听 五筒；北 听 九筒。",
        "没听牌：南。",
    ]
    assert rendered(state, "en").checks == [
        "Flower pig: West.",
        "Ready: East on 5 Dots; North on 9 Dots.",
        "Not ready: South.",
    ]


def test_a_plain_win_reads_as_its_points_not_as_zero_fan():
    state = table(
        [payments.DISCARDER, payments.WAITS_5P, IDLE, IDLE], wall="1s", options={"base": 2}
    )
    act(state, 0, "discard", "5p")
    act(state, 1, "win")
    (line,) = rendered(state, "zh-hans").payments
    assert line == "东 付给 南 2 分：点炮 平胡，底分 2" and "0 番" not in line
    with translation.override("en"):
        assert labels.win_worth(state.winners[0]) == "2 points"
    with translation.override("zh-hans"):
        assert labels.win_worth(state.winners[0]) == "2 分"
        assert labels.win_worth(dict(state.winners[0], fan=2, points=8)) == "2 番，8 分"


def test_a_pig_in_a_room_whose_pig_fan_is_0_pays_the_base_not_zero_fan():
    state = payments.ready_by_wall_empty(options={"pig_fan": 0})
    english = [line for line in rendered(state, "en").payments if "Flower pig" in line]
    assert english and all("pays the base, base 1" in line for line in english), english
    for language in ("zh-hans", "en"):
        text = " ".join(rendered(state, language).payments)
        assert "0 番" not in text and "0 fan" not in text


def parentheses_nest(text: str) -> bool:
    depth = 0
    for char in text:
        if char == "（":
            depth += 1
            if depth > 1:
                return True
        elif char == "）":
            depth -= 1
    return False


@pytest.mark.parametrize("name", ROUNDS)
def test_chinese_settlements_use_full_width_punctuation_and_never_nest_parentheses(name):
    # Computer players' names bring their own parentheses: 电脑南（高手）.
    with translation.override("zh-hans"):
        names = [labels.bot_name(seat, "strong") for seat in range(4)]
    for shown in (rendered(ROUNDS[name](), "zh-hans", names), rendered(ROUNDS[name](), "zh-hans")):
        text = "".join(shown.text)
        assert "(" not in text and ")" not in text
        assert not re.search(r"[\u4e00-\u9fff][,.:;?!]", text)  # 汉字 then , . : ; ? !
        assert not parentheses_nest(text)
    assert "（" not in text  # the sentences bring no parentheses of their own


def test_a_round_stored_without_the_settlements_details_is_explained_with_less():
    state = payments.ready_by_wall_empty(options={"ready_difference": True}).to_json()
    state["settlement"] = {
        k: v for k, v in state["settlement"].items() if k in ("pigs", "ready", "not_ready")
    }
    for e in explain(state):
        assert amount_of(e.arithmetic) == e.amount
    with translation.override("zh-hans"):
        lines = [
            ("".join(t for t, _ in line))
            for line in settlement_words(state, ["东", "南", "西", "北"]).payments
        ]
    assert "南 付给 北 2 分：查叫，北 听牌，最大 1 番；南 没听牌，底分 1 × 2¹ = 2" in lines

    refunded = refund().to_json()
    del refunded["settlement"]["refunds"]
    explained = explain(refunded)
    assert [e.detailed for e in explained] == [True] * 3 + [False] * 3
    assert [amount_of(e.arithmetic) for e in explained] == [e.amount for e in explained]


# --- on the table -----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_tables_settlement_shows_each_payment_with_its_arithmetic(language):
    room, users = four_people("words")
    ended = payments.kong_then_discard()
    act(ended, 3, "discard", "1s")  # and the wall has run out
    assert ended.end == "wall_empty"
    Round.objects.filter(room=room).update(state=ended.to_json())
    with translation.override(language):
        html = render_table(load_snapshot(room.pk), user=users[0], csrf="x").full()
        expected = settlement_words(
            ended.view(0),
            [seat_label(s) for s in room.seats.all().order_by("index")],
            ended.options,
        )
    region = re.search(
        r'<section id="settlement"[^>]*role="region"[^>]*>.*?</section>', html, re.S
    ).group(0)
    assert ('aria-label="结算"' if language == "zh-hans" else 'aria-label="Settlement"') in region
    shown = Settlement(region)
    assert shown.payments == ["".join(text for text, _ in line) for line in expected.payments]
    assert len(shown.payments) == len(ended.ledger) == 7
    word = "付给" if language == "zh-hans" else " pays "
    assert all(word in line for line in shown.payments)
    transfer = "呼叫转移" if language == "zh-hans" else "Call transfer"
    assert sum(transfer in line and line.endswith("= 6") for line in shown.payments) == 2
    assert "<summary>" + ("术语" if language == "zh-hans" else "Terms") + "</summary>" in region
    nets = [int(n) for n in re.findall(r'<td class="[a-z]*">(-?\d+)</td>', region)]
    assert nets == ended.net() and sum(nets) == 0


# --- any round at all -------------------------------------------------------------------------

ROUNDS_PER_OPTION_SET = 60


def test_every_payment_of_random_rounds_is_explained_and_sums_back():
    """Rounds of the invariants' driver (kongs and pongs whenever it can) under every
    option set, 420 in all (换三张 rounds among them): together they make every kind of
    payment but perhaps the rare robbed kong (about one round in 250; the scripted round
    above has one)."""
    reasons = set()
    for options in OPTION_SETS:
        rng = random.Random(f"words {options}")
        for number in range(ROUNDS_PER_OPTION_SET):
            state = EngineRound.deal(f"words-{number}", number % 4, RoomOptions.from_dict(options))
            while state.phase != "ended":
                state.apply(*pick(state, rng))
            explained = explain(state.to_json())
            assert [(e.payer, e.payee, e.amount, e.reason) for e in explained] == ledger_of(state)
            for e in explained:
                assert e.detailed and amount_of(e.arithmetic) == e.amount, (options, number, e)
            reasons.update(e.reason for e in explained)
            with translation.override("zh-hans"):
                words = settlement_words(state.view(None), labels.SEAT_WINDS, state.options)
            assert len(words.payments) == len(state.ledger)
    # The rare robbed kong may turn up too (it does among the 换三张 rounds).
    assert set(labels.REASONS) - {"rob_kong"} <= reasons <= set(labels.REASONS)
