"""The coach (教练) in the browser, on a phone (412×915) and a laptop (1280×800), in Chinese
and English: a room created with the coach allowed shows so in its bar; the switch in 设置
turns the panel on; at the player's turn the panel ranks the discards (大师's marked),
between the board and the dock, its ★ tile marked in the hand too, and nothing lies over
any button (screen_checks)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from harness.browser import sign_up
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e

SIZES = [(412, 915), (1280, 800)]


def settle(page) -> None:
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def check_sizes(page, language: str) -> None:
    """At each size: the panel shows above the dock and nothing covers a button."""
    names = {"zh": ("教练", "我的手牌"), "en": ("Coach", "Your hand")}[language]
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        panel = page.get_by_role("region", name=names[0])
        expect(panel).to_be_visible()
        expect(panel.locator("tr.chosen")).to_have_count(1)
        expect(page.get_by_role("group", name=names[1])).to_be_visible()
        # The ★ tile is marked in the hand too: one tile, the one the panel names.
        chosen = panel.locator("tr.chosen th").inner_text().replace("★", "").strip()
        starred = page.locator("#me-hand button.tile.coach-pick")
        expect(starred).to_have_count(1)
        assert starred.get_attribute("aria-label") == chosen
        assert "★" in starred.evaluate("b => getComputedStyle(b, '::after').content")
        box, dock = panel.bounding_box(), page.locator(".dock").bounding_box()
        assert box["y"] + box["height"] <= dock["y"] + 1, (width, box, dock)
        assert box["height"] < 0.16 * height, (width, box)  # compact
        problems = screen_problems(page)
        assert not problems, f"{language} {width}×{height}: {problems}"
        shots = os.environ.get("XUEZHAN_SCREENSHOTS")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{shots}/coach-{language}-{width}x{height}.png")


def test_the_coach_panel_at_the_player_s_turn_covers_no_button(site_url, browser):
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915}, has_touch=True)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(page, site_url, "coach-e2e")
    page.goto(site_url + "/rooms/new/")
    box = page.get_by_label("允许使用教练")
    box.check()
    expect(page.get_by_text(re.compile("不计入排行榜"))).to_be_visible()
    # Time enough to look at the turn at both sizes and in both languages.
    page.locator("input[name=turn_seconds]").evaluate("el => el.value = '120'")
    page.get_by_role("button", name="创建房间").click()
    table_url = page.url
    for _ in range(3):
        page.get_by_role("button", name="加电脑（高手）").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="准备开始").click()
    expect(page.locator(".table-header .coach-badge")).to_be_visible()

    # 设置: the switch, server-side; off until turned on.
    page.locator(".table-prefs > summary").click()
    switch = page.get_by_label("轮到我决定时显示大师的建议")
    expect(switch).not_to_be_checked()
    switch.check()
    # The server's answer replaces the switch, on.
    expect(page.locator("#coach-switch input[type=checkbox]")).to_be_checked()
    page.locator(".table-prefs > summary").click()  # closed again

    # 定缺, then play on, passing any claim and discarding 大师's choice (the row marked
    # ★), until a turn has the panel's four rows: its tallest.
    candidates = page.locator("#me-coach table.coach-candidates")
    rows = candidates.locator("tbody tr")
    for _ in range(400):
        try:
            if candidates.count() and rows.count() >= 4:
                break
            if candidates.count():
                chosen = rows.first.locator("th").inner_text(timeout=1000)
                name = chosen.replace("★", "").strip()
                page.locator(f'#me-hand button[aria-label="{name}"]').last.click(timeout=1000)
            for selector in ("button.void-choice.suggested", "button.verb-pass"):
                button = page.locator(selector)
                if button.count():
                    button.first.click(timeout=1000)
        except PlaywrightError:
            pass  # the table changed under the pointer: look again
        page.wait_for_timeout(150)
    expect(rows).to_have_count(4)
    check_sizes(page, "zh")

    # The same turn in English (the site's language switch, remembered by a cookie).
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": site_url}])
    page.goto(table_url)
    expect(page.locator("#me-coach table.coach-candidates")).to_be_visible()
    expect(page.locator("#coach-switch input[type=checkbox]")).to_be_checked()
    check_sizes(page, "en")
    assert errors == []
