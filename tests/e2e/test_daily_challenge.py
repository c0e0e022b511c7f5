"""The daily challenge in a real browser: from the lobby to the day's deal, played (the
computer playing for the person, 托管) to its end, then the result beside the par, the
day's ranking and 大师's replay; on a phone in Chinese and a laptop in English, with
nothing over a button."""

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.browser import sign_up
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e


def shoot(page, name: str) -> None:
    shots = os.environ.get("XUEZHAN_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png", full_page=True)


def test_the_challenge_from_the_lobby_to_the_result(site_url, browser):
    phone = browser.new_context(
        locale="zh-CN", viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    name = f"tiaozhan{int(time.time() * 1000) % 10**8}"
    sign_up(page, site_url, name)
    page.locator(".lobby-actions").get_by_role("link", name="每日挑战").click()
    page.wait_for_url(site_url + "/challenge/")
    expect(page.get_by_text(re.compile("复式计分去掉了牌运"))).to_be_visible()
    commitment = page.locator(".challenge-commitment code").first.inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    assert screen_problems(page, playing=False) == []
    page.get_by_role("button", name="开始今日挑战").click()
    page.wait_for_url(re.compile(r"/t/\w+/$"))
    table_url = page.url
    expect(page.get_by_role("group", name="我的手牌")).to_be_visible()
    # A second start (another tab) goes back to the same table.
    second = phone.new_page()
    second.goto(site_url + "/challenge/")
    second.get_by_role("link", name="回到你的牌局").click()
    second.wait_for_url(table_url)
    second.close()
    page.get_by_role("button", name="托管").click()  # the computer plays the person's seat
    expect(page.get_by_role("region", name="结算")).to_be_attached(timeout=120_000)
    # The table's final standings lead to the result.
    to_result = page.get_by_role("link", name="你的得分与标准分，以及大家的成绩")
    to_result.scroll_into_view_if_needed()
    assert screen_problems(page) == []
    shoot(page, "challenge-table-end-412x915-zh")
    to_result.click()
    page.wait_for_url(site_url + "/challenge/#result")
    result = page.get_by_role("region", name="你的牌局")
    expect(result.get_by_text("你的得分")).to_be_visible()
    expect(result.get_by_text("标准分（大师坐你的位置）")).to_be_visible()
    ranking = page.locator("#day-ranking")
    expect(ranking.locator("tr.me")).to_contain_text(name)
    assert screen_problems(page, playing=False) == []
    shoot(page, "challenge-result-412x915-zh")

    laptop = browser.new_context(locale="en", viewport={"width": 1280, "height": 800})
    english = laptop.new_page()
    english.on("pageerror", lambda error: errors.append(str(error)))
    english.goto(site_url + "/accounts/login/")
    english.fill("#id_username", name)
    english.fill("#id_password", "long-pass-phrase-9")
    english.locator("form button[type=submit]").last.click()
    english.wait_for_url(site_url + "/")
    english.goto(site_url + "/challenge/")
    expect(english.get_by_text(re.compile("luck of the deal"))).to_be_visible()
    expect(
        english.get_by_role("region", name="Your game").get_by_text("Against the par").first
    ).to_be_visible()
    assert screen_problems(english, playing=False) == []
    shoot(english, "challenge-result-1280x800-en")
    english.get_by_role("link", name="大师's game of this deal (replay)").click()
    english.wait_for_url(re.compile(r"/rounds/\d+/$"))
    expect(english.locator("#replay-frame")).to_be_attached()
    assert errors == []
    phone.close()
    laptop.close()


def test_friends_make_a_set_of_deals_and_compare(site_url, browser):
    phone = browser.new_context(
        locale="zh-CN", viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    name = f"tongpai{int(time.time() * 1000) % 10**8}"
    sign_up(page, site_url, name)
    page.goto(site_url + "/challenge/")
    page.get_by_role("link", name=re.compile("和朋友打同样的牌")).click()
    page.fill("#id_name", "周五牌局")
    page.select_option("#id_deals", "1")
    page.get_by_role("button", name="生成牌局").click()
    page.wait_for_url(re.compile(r"/challenge/friends/\w+/$"))
    set_url = page.url
    assert screen_problems(page, playing=False) == []
    page.get_by_role("button", name="打这组牌").click()
    page.wait_for_url(re.compile(r"/t/\w+/$"))
    page.get_by_role("button", name="托管").click()
    expect(page.get_by_role("region", name="结算")).to_be_attached(timeout=120_000)
    page.get_by_role("link", name="你的得分与标准分，以及大家的成绩").click()
    page.wait_for_url(set_url)
    expect(page.locator("#deal-results tr.me")).to_contain_text(name)
    assert "?" not in page.locator("#deal-results tr.par").inner_text()  # played: par shown
    assert screen_problems(page, playing=False) == []
    shoot(page, "friends-412x915-zh")

    laptop = browser.new_context(locale="en", viewport={"width": 1280, "height": 800})
    english = laptop.new_page()
    english.goto(site_url + "/accounts/login/")
    english.fill("#id_username", name)
    english.fill("#id_password", "long-pass-phrase-9")
    english.locator("form button[type=submit]").last.click()
    english.wait_for_url(site_url + "/")
    english.goto(set_url)
    expect(english.get_by_role("link", name="Go to your table")).to_be_visible()
    assert screen_problems(english, playing=False) == []
    shoot(english, "friends-1280x800-en")
    assert errors == []
    phone.close()
    laptop.close()
