"""On a phone, a settlement's terms explain themselves when tapped, without any script,
and the settlement fits the screen's width (static/css/settlement.css)."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.words import labels
from games.words.settlement_sentences import settlement_words
from harness import ROOT
from tests.rules import payment_scenes as payments

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}


def settlement_page(tmp_path) -> str:
    """A page with the settlement of a round that ran out of wall (花猪, 查叫, 补差价), in
    Chinese, styled by the site's own style sheets."""
    state = payments.ready_by_wall_empty(options={"ready_difference": True})
    with translation.override("zh-hans"):
        names = [labels.bot_name(seat, "strong") for seat in range(4)]
        words = settlement_words(state.to_json(), names)
        body = render_to_string("games/_settlement_words.html", {"words": words})
    sheets = "".join(
        f'<link rel="stylesheet" href="{(ROOT / "static/css" / name).as_uri()}">'
        for name in ("site.css", "settlement.css")
    )
    path = tmp_path / "settlement.html"
    path.write_text(
        f'<!doctype html><html lang="zh-Hans"><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width">{sheets}'
        f'<main class="card">{body}</main></html>',
        encoding="utf-8",
    )
    return path.as_uri()


def explanation_shown(term) -> str:
    return term.evaluate("t => getComputedStyle(t, '::after').content")


def test_a_tapped_term_shows_its_explanation_within_the_screen(browser, tmp_path):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(settlement_page(tmp_path))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    term = page.locator("ol.payments abbr.term", has_text="查叫").first
    title = term.get_attribute("title")
    assert title.startswith("查叫：") and title.endswith("。")
    assert explanation_shown(term) == "none"
    term.tap()
    assert explanation_shown(term) == f'"{title}"'
    line = term.locator("xpath=ancestor::li[1]").bounding_box()
    assert line["x"] >= 0 and line["x"] + line["width"] <= PHONE["width"]

    # Tapping elsewhere puts it away; the glossary opens on a tap too.
    page.touchscreen.tap(2, 2)
    assert explanation_shown(term) == "none"
    glossary = page.locator("details.glossary")
    glossary.locator("summary").tap()
    assert glossary.evaluate("d => d.open")
    assert glossary.locator("dt", has_text="查叫").is_visible()
    context.close()
