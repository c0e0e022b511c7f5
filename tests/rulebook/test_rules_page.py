"""The rules page (/rules/): every pattern, extra, payment reason and room option the
engine knows, each checked against the engine's own tables and scores; and the links to
it from the table, the room form and the settlement."""

import random
import re
from dataclasses import fields
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.rulebook import options as option_words
from games.rulebook import patterns, payments
from games.rules import options as rules_options
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.scoring import EXTRA_KEYS, PATTERN_FAN
from games.words import labels
from games.words.settlement_sentences import REASON_TERMS, settlement_words
from games.words.settlement_words import KONG_TIMES, WIN_REASONS, amount_of, explain
from tests.rules.random_rounds import OPTION_SETS, pick

pytestmark = pytest.mark.django_db


def page(client, language="zh-hans") -> str:
    client.cookies["django_language"] = language
    response = client.get(reverse("rules"))
    assert response.status_code == 200
    return response.content.decode()


def item(html: str, anchor: str) -> str:
    """The markup of the page's list item with id ``anchor``."""
    match = re.search(rf'<li class="rule" id="{anchor}">(.*?)\n\s*</li>', html, re.S)
    assert match, f"no {anchor} on the rules page"
    return match.group(1)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def tile_pictures(html: str) -> list[str]:
    return re.findall(r'src="/static/tiles/(\w+)\.svg"', html)


def test_every_pattern_of_the_engine_is_shown_with_its_fan_and_an_example_it_scores(client):
    html = page(client)
    for key, fan in PATTERN_FAN.items():
        score = patterns.score_of(key)
        assert score.pattern == key and score.patterns[key] == fan, key
        shown = item(html, f"fan-{key}")
        with translation.override("zh-hans"):
            assert str(labels.PATTERNS[key]) in shown
        assert f"{fan} 番" in text(shown), key
        example = patterns.PATTERN_EXAMPLES[key]
        # The example's fourteen tiles, as pictures of the site's tiles.
        assert len(tile_pictures(shown)) == 14 + sum(
            1 for meld in example.melds if meld.split()[0] != "pong"
        ), key
    # 天胡 and 地胡 are on by default, but say that a room may turn them off.
    assert "仅限设置了 天胡 / 地胡：开 的房间" in text(item(html, "fan-dihu"))


def test_every_extra_fan_is_shown_with_what_the_engine_counts_for_it(client):
    html = page(client)
    assert [shown.key for shown in patterns.extras()] == list(EXTRA_KEYS)
    for key in EXTRA_KEYS:
        counted = patterns.score_of(key).patterns
        assert counted.get(key, 0) >= 1, f"the example for {key} does not count it"
        shown = item(html, f"fan-{key}")
        assert f"+{counted[key]} 番" in text(shown), key
        assert tile_pictures(shown), key
    # An extra that needs a room option says so.
    assert "海底捞月 / 海底炮" in text(item(html, "fan-haidilaoyue"))


def reasons_the_engine_makes() -> set[str]:
    """Every payment reason seen in bot rounds under every option set of the invariant
    tests, with the tables the settlement explains by."""
    seen = set(labels.REASONS) | set(REASON_TERMS) | set(WIN_REASONS) | set(KONG_TIMES)
    for options in OPTION_SETS:
        rng = random.Random(str(options))
        for number in range(12):
            state = Round.deal(f"rules-page-{number}", number % 4, RoomOptions.from_dict(options))
            while state.phase != "ended":
                state.apply(*pick(state, rng))
            seen.update(entry["reason"] for entry in state.ledger)
    return seen


def test_every_payment_reason_has_a_worked_example_played_by_the_engine(client):
    html = page(client)
    reasons = reasons_the_engine_makes()
    assert reasons == set(REASON_TERMS)
    names = [str(name) for name in labels.SEAT_WINDS]
    for reason in reasons:
        state = payments.played(reason)
        rows = [e for e in explain(state) if e.reason == reason]
        assert rows, f"the example for {reason} makes no such payment"
        for row in rows:  # each amount is the arithmetic shown
            assert amount_of(row.arithmetic) == row.amount
        shown = text(item(html, f"pay-{reason}"))
        with translation.override("zh-hans"):
            assert str(labels.REASONS[reason]) in shown
            words = settlement_words(state, names)
        lines = [
            line
            for line, entry in zip(words.payments, state["ledger"], strict=True)
            if entry["reason"] == reason
        ]
        assert len(lines) == len(rows)
        for line in lines:
            assert "".join(part for part, _ in line) in shown
    # The arithmetic of the rule book: 刮风 of an added kong is the base from each of
    # three players, a discard win 底分 × 2^番.
    assert text(item(html, "pay-kong_added")).count("底分 1 × 1 = 1") == 3
    assert "东 付给 南 4 分：点炮 清一色 2 番，底分 1 × 2² = 4" in text(item(html, "pay-ron"))
    assert "补差价" in text(item(html, "pay-ready_difference"))


def test_every_room_option_and_each_of_its_values_is_explained(client):
    html = page(client)
    names = [item.name for item in fields(RoomOptions)]
    assert [shown.key for shown in option_words.options()] == names
    for name in names:
        described = dict(option_words.OPTION_VALUES[name])
        default = getattr(rules_options.DEFAULT_OPTIONS, name)
        if isinstance(default, bool):
            assert set(described) == {True, False}, name
        shown = text(item(html, f"option-{name}"))
        with translation.override("zh-hans"):
            assert f"默认：{option_words.value_words(name, default)}" in shown, name
            for value, words in described.items():
                assert str(words) in shown, (name, value)
    for name, choices in (
        ("zimo_bonus", rules_options.ZIMO_BONUS),
        ("kong_bloom_from_discard", rules_options.KONG_BLOOM),
    ):
        assert set(choices) == set(dict(option_words.OPTION_VALUES[name])), name
    assert None in dict(option_words.OPTION_VALUES["cap"])  # no cap
    assert "cap" in dict(option_words.OPTION_VALUES["pig_fan"])


def test_the_chinese_page_shows_no_english_and_the_english_page_is_english(client):
    chinese = page(client)
    body = chinese.split('<main class="site-main">')[1].split("</main>")[0]
    assert re.findall(r"[A-Za-z]{3,}", text(body)) == []
    english = text(page(client, "en"))
    assert "Patterns" in english and "Pure suit" in english and "Room options" in english
    assert "East pays South 4: Discard win, Pure suit 2 fan, base 1 × 2² = 4" in english


@pytest.fixture
def owner():
    return User.objects.create_user("guize", password="x-long-password-1")


def rules_links(html: str) -> list[str]:
    return re.findall(r'href="/rules/(#\w+)?"', html)


def test_the_room_form_links_to_the_options_explained(client, owner):
    client.force_login(owner)
    html = client.get(reverse("create_room")).content.decode()
    form_card = html.split('<section class="card">')[1]
    assert "#options" in rules_links(form_card)


def test_the_table_settings_and_the_settlement_link_to_the_rules(client, owner, settings):
    from tests.history.played_rounds import play_rounds

    settings.BOT_DELAY_SECONDS = 0
    room, (rnd,) = play_rounds(owner, 1)
    client.force_login(owner)
    html = client.get(reverse("table", args=[room.code])).content.decode()
    prefs = html.split('id="table-prefs"')[1].split("</details>")[0]
    assert rules_links(prefs) == [""]
    settlement = html.split('id="settlement"')[1].split("</section>")[0]
    assert "#payments" in rules_links(settlement)
    # The round's own page shows the same settlement, with the same link.
    detail = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    assert "#payments" in rules_links(detail)
    # And the site's links, on every page: at the table, in the room bar's menu (☰).
    nav = html.split('class="menu-links"')[1].split("</nav>")[0]
    assert rules_links(nav) == [""]
