"""The table settings: a gear opens them, every choice holds across reloads and shows
from the first paint, in Chinese and English."""

import pytest

from tests.e2e.table_client.page import SWAP, html_classes, open_settings, prefs_panel

pytestmark = pytest.mark.e2e

CHOSEN = {"pref-pool", "pref-tiles-large", "pref-motion-off", "pref-sound-off"}


def test_preferences_hold_across_reloads_and_show_from_the_first_paint(open_table):
    page = open_table()
    hand_tile = page.get_by_role("group", name="我的手牌").get_by_role("button").first
    normal_width = hand_tile.bounding_box()["width"]
    assert page.locator("#seat-2-river .discards").is_visible()
    assert not page.locator("#pool").is_visible()
    assert not html_classes(page) & CHOSEN

    open_settings(page)
    page.get_by_role("radio", name="牌池（按出牌顺序）").check()
    page.get_by_role("radio", name="大").check()
    page.get_by_role("checkbox", name="动画效果").uncheck()
    page.get_by_role("checkbox", name="声音效果").uncheck()
    assert CHOSEN <= html_classes(page)

    # The classes are on <html> before the browser has read a line of the body.
    page.add_init_script("""
        new MutationObserver((changes, observer) => {
          if (document.body) {
            window.__classesAtBody = document.documentElement.className;
            observer.disconnect();
          }
        }).observe(document, {childList: true, subtree: true});
    """)
    page.reload()
    assert CHOSEN <= set(page.evaluate("window.__classesAtBody").split())
    # One pool in the order played instead of each seat's river; larger tiles.
    assert page.locator("#pool").is_visible()
    assert not page.locator("#seat-2-river .discards").is_visible()
    assert not page.locator("#me-river .discards").is_visible()
    assert hand_tile.bounding_box()["width"] == pytest.approx(normal_width * 1.25, abs=1)
    open_settings(page)
    assert page.get_by_role("radio", name="牌池（按出牌顺序）").is_checked()
    assert page.get_by_role("radio", name="大").is_checked()
    assert not page.get_by_role("checkbox", name="动画效果").is_checked()
    assert not page.get_by_role("checkbox", name="声音效果").is_checked()

    page.get_by_role("radio", name="按座位").check()
    page.get_by_role("radio", name="标准").check()
    assert not html_classes(page) & {"pref-pool", "pref-tiles-large"}
    assert page.locator("#seat-2-river .discards").is_visible()
    assert hand_tile.bounding_box()["width"] == pytest.approx(normal_width, abs=1)


def test_the_settings_speak_english_too_and_start_from_the_defaults(open_table):
    page = open_table("en")
    open_settings(page, "Settings")
    for name in ("Sound effects", "Animations"):
        assert page.get_by_role("checkbox", name=name).is_checked()
    for name in ("Characters, Dots, Bamboo; void suit last", "By seat", "Normal"):
        assert page.get_by_role("radio", name=name).is_checked()
    for name in (
        "Void suit first",
        "Bamboo, Dots, Characters; void suit last",
        "One pool, in the order played",
        "Large",
    ):
        assert not page.get_by_role("radio", name=name).is_checked()


@pytest.mark.parametrize("width", [412, 1366])
def test_the_open_settings_stay_on_the_screen(open_table, width):
    page = open_table()
    page.set_viewport_size({"width": width, "height": 800})
    open_settings(page)
    box = page.locator(".prefs-body").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    # Every choice can be reached and pressed.
    page.get_by_role("checkbox", name="动画效果").uncheck()
    assert "pref-motion-off" in html_classes(page)


def test_a_panel_that_arrives_later_shows_the_choices_made(open_table):
    page = open_table()
    open_settings(page)
    page.get_by_role("radio", name="大").check()
    page.get_by_role("checkbox", name="声音效果").uncheck()
    page.evaluate(SWAP, prefs_panel())  # the panel sent again with the table
    open_settings(page)
    assert page.get_by_role("radio", name="大").is_checked()
    assert not page.get_by_role("radio", name="标准").is_checked()
    assert not page.get_by_role("checkbox", name="声音效果").is_checked()
