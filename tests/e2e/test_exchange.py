"""换三张 on a phone (412 × 915): a player opens a room with the swap, toggles three tiles
of one suit, sees "已选 3 / 3" and the 换三张 button come alive (two suits: it says
"三张须同一花色" and sends nothing), swaps, is told where the tiles went and what arrived,
and finds those tiles marked in the hand until their first discard; without JavaScript,
ticked boxes post the same pick. (By keyboard: tests/e2e/test_keyboard_play.py.)"""

import os
import re
import time

import pytest
from django.utils import translation

from harness.browser import sign_up

pytestmark = pytest.mark.e2e


def test_a_player_picks_three_tiles_and_sees_the_swap_on_a_phone(site_url, browser):
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
    sign_up(page, site_url, f"swap{int(time.time() * 1000) % 10**8}")
    page.goto(site_url + "/rooms/new/")
    page.get_by_label("换三张", exact=True).check()
    page.get_by_text("时限", exact=True).click()  # the folded section of the clocks
    page.get_by_label("换三张时限（秒）").fill("120")
    page.get_by_role("button", name="创建房间").click()
    for _ in range(3):
        page.get_by_role("button", name="加电脑（高手）").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="准备开始").click()

    hand = page.get_by_role("group", name="我的手牌")
    submit = page.get_by_role("button", name="换三张", exact=True)
    submit.wait_for(timeout=15000)
    count = page.locator("[data-exchange-count]")
    reason = page.locator("[data-exchange-reason]")
    with translation.override("zh-hans"):
        mixed = translation.gettext("Three of one suit")
        fewer = translation.gettext("Pick three tiles of one suit")
        swapped_in = translation.gettext("Swapped in")
    assert count.inner_text() == "已选 0 / 3"
    assert submit.get_attribute("aria-disabled") == "true" and reason.is_hidden()
    submit.click(force=True)  # too early (aria-disabled): it says what it waits for
    assert reason.inner_text() == fewer

    tiles = hand.locator("[data-exchange-tile]")
    codes = [tiles.nth(i).get_attribute("data-exchange-tile") for i in range(tiles.count())]
    suit = next(s for s in "mps" if sum(c.endswith(s) for c in codes) >= 3)
    other = next((i for i, c in enumerate(codes) if not c.endswith(suit)), None)
    chosen = [i for i, c in enumerate(codes) if c.endswith(suit)][:3]
    # Two of the suit and one of another: three chosen, but not of one suit.
    if other is not None:
        for i in chosen[:2] + [other]:
            tiles.nth(i).click()
        assert count.inner_text() == "已选 3 / 3"
        assert submit.get_attribute("aria-disabled") == "true"
        assert reason.is_visible() and reason.inner_text() == mixed
        submit.click(force=True)  # sends nothing
        page.wait_for_timeout(300)
        assert tiles.count() and tiles.nth(other).get_attribute("aria-pressed") == "true"
        tiles.nth(other).click()
        assert tiles.nth(other).get_attribute("aria-pressed") == "false"
    else:
        for i in chosen[:2]:
            tiles.nth(i).click()
    tiles.nth(chosen[2]).click()
    for i in chosen:
        assert tiles.nth(i).get_attribute("aria-pressed") == "true"
        # The tile keeps its name for a screen reader: 五万, 三筒…
        name = tiles.nth(i).get_attribute("aria-label")
        assert re.fullmatch(r"[一二三四五六七八九][万筒条]", name)
    assert count.inner_text() == "已选 3 / 3" and submit.is_enabled()
    assert submit.get_attribute("aria-disabled") == "false" and reason.is_hidden()
    # Everything still fits the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 412
    submit.click()

    # The computers pick at once; the tiles move and the table says where.
    note = page.locator(".exchange-note")
    note.filter(has_text=re.compile("换给[下上对]家")).wait_for(timeout=15000)
    text = note.inner_text()
    assert "换出" in text and "换入" in text
    assert page.get_by_role("button", name=re.compile("^定缺：")).count() == 3
    assert page.locator("#table-error").inner_text() == ""
    # The three tiles that came are marked in the hand, by name and by a badge.
    got = page.locator("#me-hand").get_attribute("data-received").split()
    marked = hand.locator("button.tile.received")
    assert marked.count() == 3 == len(got)
    for i in range(3):
        assert marked.nth(i).get_attribute("aria-description") == swapped_in
        assert (
            marked.nth(i).get_attribute("value") in got
            or marked.nth(i).locator("img").get_attribute("src").split("/")[-1].split(".")[0] in got
        )
        badge = marked.nth(i).evaluate("b => getComputedStyle(b, '::after').content")
        assert "⇄" in badge
    shots = os.environ.get("XUEZHAN_SCREENSHOTS")
    if shots:
        page.screenshot(path=f"{shots}/exchange-received-412x915.png")


def test_without_javascript_ticked_boxes_swap_the_tiles(site_url, browser):
    context = browser.new_context(
        locale="zh-CN", java_script_enabled=False, viewport={"width": 412, "height": 915}
    )
    page = context.new_page()
    sign_up(page, site_url, f"swapnojs{int(time.time() * 1000) % 10**8}")
    page.goto(site_url + "/rooms/new/")
    page.get_by_label("换三张", exact=True).check()
    page.get_by_role("button", name="创建房间").click()
    for _ in range(3):
        page.get_by_role("button", name="加电脑（高手）").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="准备开始").click()
    page.wait_for_load_state()
    page.reload()  # no socket brings the new round: the page is fetched again
    boxes = page.locator("input[type=checkbox][name=tiles]")
    codes = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
    suit = next(s for s in "mps" if sum(c.endswith(s) for c in codes) >= 3)
    for i in [i for i, c in enumerate(codes) if c.endswith(suit)][:3]:
        boxes.nth(i).check()
    page.get_by_role("button", name="换三张", exact=True).click()
    page.wait_for_load_state()
    for _ in range(20):  # the computers may still be picking: look again
        if (
            page.locator(".exchange-note").count()
            and "换入" in page.locator(".exchange-note").inner_text()
        ):
            break
        page.wait_for_timeout(250)
        page.reload()
    note = page.locator(".exchange-note").inner_text()
    assert re.search("换给[下上对]家", note) and "换出" in note and "换入" in note
    context.close()
