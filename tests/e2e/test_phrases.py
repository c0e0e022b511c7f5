"""Quick phrases in a real browser on a phone (412×915): the 💬 panel opens above the dock
without covering the hand and works from the keyboard, a phrase shows as a bubble at
the player's own seat and goes away after a few seconds, and the table setting turns
bubbles (and the 💬 button) off."""

import time

import pytest

from harness.browser import play_against_computers

pytestmark = pytest.mark.e2e


def test_phrases_from_the_dock_and_the_setting_that_hides_them(site_url, browser):
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
    play_against_computers(page, site_url, f"talk{int(time.time() * 1000) % 10**8}")
    toggle = page.locator("#me-phrases > summary")
    toggle.wait_for()
    assert toggle.inner_text().strip().endswith("快捷语")  # its name, hidden but read out

    # From the keyboard: open the panel, Tab to the first phrase, Enter sends it.
    toggle.focus()
    page.keyboard.press("Enter")
    panel = page.get_by_role("form", name="快捷语")
    panel.wait_for()
    hand = page.locator("#me-hand").bounding_box()
    box = panel.bounding_box()
    assert box["y"] + box["height"] <= hand["y"], "the panel covers the hand"
    assert box["x"] >= 0 and box["x"] + box["width"] <= 412
    assert page.get_by_role("button", name="笑哭").is_visible()  # an emoji, named
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    bubble = page.locator("#me .phrase-bubble")
    bubble.wait_for()
    assert "快点吧！" in bubble.inner_text()
    assert not panel.is_visible()  # closed once sent, the focus back on its button
    assert page.evaluate(
        "document.activeElement === document.querySelector('#me-phrases > summary')"
    )

    # Turned off in the table settings: the bubble and the 💬 button are hidden.
    settings = page.get_by_text("设置")
    settings.click()
    setting = page.get_by_label("快捷语和表情")
    assert setting.is_checked()
    setting.uncheck()
    assert bubble.count() == 1 and not bubble.is_visible()
    assert not toggle.is_visible()
    setting.check()
    assert toggle.is_visible()
    settings.click()  # closed again

    # A second one, with the pointer, once the rate limit allows (three seconds).
    page.wait_for_timeout(3100)
    toggle.click()
    page.get_by_role("button", name="笑哭").click()
    page.locator("#me .phrase-bubble", has_text="😂").wait_for()
    # It goes away by itself after a few seconds.
    page.locator("#me .phrase-bubble").wait_for(state="detached", timeout=6000)
    page.close()
