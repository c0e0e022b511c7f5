"""Filling the seats and sharing the table in a real browser on a phone (412×915).

One click fills the three empty seats with computers of the chosen level, without a page
load (htmx; the table comes over the socket); pressing ready then deals. The share
button copies the table's address and says so; a phone's share sheet gets the address
instead; without a clipboard the address is shown selected, to be copied by hand."""

import time

import pytest

from harness.browser import sign_up

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def open_room(page, site_url, name) -> str:
    sign_up(page, site_url, name)
    page.goto(site_url + "/rooms/new/")
    page.get_by_role("button", name="创建房间").click()
    page.get_by_role("button", name="分享链接").wait_for()  # share.js has run
    return page.url


def test_fill_every_seat_then_share_the_link(site_url, browser):
    context = browser.new_context(
        locale="zh-CN", viewport=PHONE, permissions=["clipboard-read", "clipboard-write"]
    )
    # This test is about the clipboard: no share sheet, as on a desktop browser.
    context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = context.new_page()
    table_url = open_room(page, site_url, f"fill{int(time.time() * 1000) % 10**8}")
    code = table_url.rstrip("/").rsplit("/", 1)[1]
    assert code in page.locator(".room-code").inner_text()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # Fill: one click, the level from the select, no page load.
    page.evaluate("window.samePage = true")
    page.get_by_label("电脑难度").select_option(label="普通")
    page.get_by_role("button", name="用电脑补满 3 个空位").click()
    rows = page.locator("#seating .seat-row")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#seating .seat-row .name')]"
        ".filter(n => n.textContent.includes('（普通）')).length === 3"
    )
    assert rows.count() == 4 and page.locator("#seating .name.empty").count() == 0
    assert page.get_by_role("button", name="用电脑补满 3 个空位").count() == 0
    assert page.evaluate("window.samePage === true")  # htmx, not a new page
    assert page.locator("#table-error").inner_text().strip() == ""
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # Share: the address is copied and the page says so.
    page.get_by_role("button", name="分享链接").click()
    status = page.locator(".share-status")
    status.filter(has_text="链接已复制").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == table_url
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # Four players: ready deals the round.
    page.get_by_role("button", name="准备开始").click()
    page.locator("#me-hand button.tile").first.wait_for(timeout=20000)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    context.close()


def test_a_phone_share_sheet_gets_the_address(site_url, browser):
    context = browser.new_context(locale="zh-CN", viewport=PHONE)
    # The share sheet of a phone, stood in for: it records what it was given.
    context.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    table_url = open_room(page, site_url, f"sheet{int(time.time() * 1000) % 10**8}")
    page.get_by_role("button", name="分享链接").click()
    page.locator(".share-status", has_text="链接已分享").wait_for()
    assert page.evaluate("window.shared.url") == table_url
    context.close()


def test_without_a_clipboard_the_link_is_shown_selected(site_url, browser):
    context = browser.new_context(locale="zh-CN", viewport=PHONE)
    context.add_init_script(
        "delete Navigator.prototype.share; delete navigator.share;"
        "Object.defineProperty(navigator, 'clipboard', {value: undefined});"
    )
    page = context.new_page()
    table_url = open_room(page, site_url, f"hand{int(time.time() * 1000) % 10**8}")
    link = page.get_by_label("本桌链接")
    assert not link.is_visible()  # hidden while the button can do the work
    page.get_by_role("button", name="分享链接").click()
    page.locator(".share-status", has_text="请手动复制链接").wait_for()
    assert link.is_visible() and link.input_value() == table_url
    assert (
        page.evaluate(
            "window.getSelection().toString() || "
            "document.activeElement.value.substring("
            "document.activeElement.selectionStart,"
            " document.activeElement.selectionEnd)"
        )
        == table_url
    )
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    context.close()
