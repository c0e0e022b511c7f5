"""The room form's presets in a real browser: choosing one fills every option at once
(static/js/room-presets.js), each stays adjustable, and the room gets those options;
without JavaScript the chooser's button does the same by reloading the page."""

import time

import pytest

from harness.browser import sign_up

pytestmark = pytest.mark.e2e


def test_a_preset_fills_the_form_at_once_and_the_room_keeps_it(site_url, browser):
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    sign_up(page, site_url, f"preset{int(time.time() * 1000) % 10**8}")
    page.goto(site_url + "/rooms/new/")
    assert not page.get_by_role("button", name="使用这套规则").is_visible()  # not needed
    assert page.get_by_label("番数表").input_value() == "chengdu"
    # The offered name follows the way to play, from the mode and from a preset.
    assert page.get_by_label("房间名称").input_value() == "血战到底"
    page.get_by_label("玩法").select_option("xueliu")
    assert page.get_by_label("房间名称").input_value() == "血流成河"
    page.get_by_label("预设规则").select_option(label="本站默认")
    assert page.get_by_label("房间名称").input_value() == "血战到底"
    page.get_by_label("预设规则").select_option(label="网络血战·血流成河")
    assert page.get_by_label("房间名称").input_value() == "血流成河"

    page.evaluate("window.samePage = true")
    page.get_by_label("预设规则").select_option(label="QQ 血战（成都）")
    assert page.get_by_label("番数表").input_value() == "video"
    assert page.get_by_label("最后几张").input_value() == "active"
    assert page.get_by_label("暗杠亮一张牌").is_checked()
    assert page.evaluate("window.samePage === true")  # no page load
    assert page.url.endswith("?preset=qq")

    page.get_by_label("预设规则").select_option(label="四川麻将·血战到底")
    assert page.get_by_label("底分").input_value() == "6"
    assert page.get_by_label("番数表").input_value() == "chengdu"
    assert not page.get_by_label("补杠收钱（不限时）").is_checked()

    page.get_by_text("更多规则：番数、付分与牌墙结束").click()  # the folded section
    page.get_by_label("番数表").select_option("video")  # still adjustable
    page.get_by_label("房间名称").fill("周五的局")
    page.get_by_label("玩法").select_option("xueliu")
    assert page.get_by_label("房间名称").input_value() == "周五的局"  # a typed name stays
    page.get_by_role("button", name="创建房间").click()
    page.wait_for_url("**/t/**")
    context.close()


def test_without_javascript_the_button_fills_the_form(site_url, browser):
    context = browser.new_context(locale="zh-CN", java_script_enabled=False)
    page = context.new_page()
    sign_up(page, site_url, f"nojs{int(time.time() * 1000) % 10**8}")
    page.goto(site_url + "/rooms/new/")
    page.get_by_label("预设规则").select_option(label="网络血战·血流成河")
    page.get_by_role("button", name="使用这套规则").click()
    page.wait_for_url("**preset=online_xueliu")
    assert page.get_by_label("玩法").input_value() == "xueliu"
    assert page.get_by_label("血流成河的杠").input_value() == "fan"
    context.close()
