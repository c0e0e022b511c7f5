"""Somebody without a seat watches a round live in a real browser: the table moves over
the WebSocket (no polling), and the player sees one watcher come and go."""

import time

import pytest

from harness.browser import play_against_computers, sign_up

pytestmark = pytest.mark.e2e


def test_a_watcher_follows_the_table_live_and_is_counted(site_url, browser):
    player = browser.new_context(locale="zh-CN").new_page()
    stamp = int(time.time() * 1000) % 10**8
    table_url = play_against_computers(player, site_url, f"host{stamp}")
    player.get_by_role("button", name="托管").click()  # the computer plays for them

    watcher = browser.new_context(locale="zh-CN", viewport={"width": 412, "height": 915}).new_page()
    requests = []
    watcher.on("request", lambda r: requests.append(r.url))
    sign_up(watcher, site_url, f"watcher{stamp}")
    watcher.goto(table_url)
    # No hand of their own, no button of a move: only the four seats as anyone sees them.
    assert not watcher.get_by_role("group", name="我的手牌").count()
    for _ in range(4):  # the table moves by itself, over the socket
        before = watcher.locator("#table-version").get_attribute("data-version")
        watcher.wait_for_function(
            "v => document.querySelector('#table-version').dataset.version !== v",
            arg=before,
            timeout=15000,
        )
    assert not [url for url in requests if "/fragment/" in url]  # no polling
    assert not watcher.get_by_role("button", name="胡", exact=True).count()
    # The player's page counts the watcher, live, and stops when they leave.
    counted = player.locator("#watchers")
    counted.filter(has_text="1 人观战").wait_for(timeout=10000)
    watcher.close()
    counted.wait_for(state="hidden", timeout=10000)
