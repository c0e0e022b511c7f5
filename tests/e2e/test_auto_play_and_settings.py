"""Two things a player meets at the table, in a real browser.

托管: after two missed deadlines (or the 托管 button) the computer plays the seat. The
dock then says so across its width, "电脑正在替你打 · 收回", on the page and again after the
player went away and came back (where the note on return says the computer goes on),
and that one button takes the seat back. In English at a laptop's size too.

The settings: open, they lie under the room's bar across the page and the table moves
down (on a phone, a sheet in the board's place down to the dock): nothing lies over any
control; Escape closes them (the focus back on the gear), and so does a press outside."""

import os
import re
import time
from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import expect

from harness.browser import play_against_computers
from harness.site import running_site
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e

SETTLE = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def words(language: str, *messages: str) -> list[str]:
    with translation.override(language):
        return [translation.gettext(m) for m in messages]


def shoot(page, name: str) -> None:
    shots = os.environ.get("XUEZHAN_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png")


@pytest.fixture(scope="module")
def slow_site(tmp_path_factory):
    """A site whose computers take their time (0.4 s a move): the round is still being
    played when a player who left comes back after the grace period (5 s)."""
    with running_site(tmp_path_factory.mktemp("slow-site"), bot_delay=0.4) as url:
        yield url


def prompt(page, language: str):
    playing, take_back = words(language, "The computer is playing for you", "Take back")
    return page.get_by_role("button", name=f"{playing} · {take_back}")


def test_the_computer_playing_for_you_is_said_and_taken_back_in_one_press(slow_site, browser):
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table_url = play_against_computers(page, slow_site, f"auto{int(time.time() * 1000) % 10**8}")
    auto = page.get_by_role("button", name="托管", exact=True)
    auto.wait_for(timeout=15000)
    auto.click()
    take_back = prompt(page, "zh-hans")
    expect(take_back).to_be_visible()
    assert take_back.evaluate("b => Boolean(b.closest('.dock'))")
    assert not screen_problems(page)

    # Away for longer than the grace period, then back: the note and the prompt.
    page.goto(slow_site + "/")
    page.wait_for_timeout(6500)
    page.goto(table_url)
    note = page.locator("#away-note")
    (still,) = words(
        "zh-hans",
        "The computer is still playing for you: press “Take back” below to play yourself.",
    )
    expect(note).to_contain_text(still, timeout=10000)
    expect(take_back).to_be_visible()
    page.evaluate(SETTLE)
    assert not screen_problems(page)
    shoot(page, "auto-return-zh-412x915")

    # One press: the seat is the player's again, the small 托管 button back.
    take_back.click()
    expect(auto).to_be_visible(timeout=10000)
    expect(take_back).to_have_count(0)
    expect(page.locator("#me-head .badge.auto")).to_have_count(0)

    # In English at a laptop's size.
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": slow_site}])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(table_url)
    page.get_by_role("button", name="Auto-play (托管)").click()
    english = prompt(page, "en")
    expect(english).to_have_text(re.compile(r"The computer is playing for you\s*·\s*Take back"))
    page.evaluate(SETTLE)
    assert not screen_problems(page)
    shoot(page, "auto-en-1280x800")
    english.click()
    expect(page.get_by_role("button", name="Auto-play (托管)")).to_be_visible(timeout=10000)
    assert errors == []


PANEL_AND_BOARD = """() => {
  const panel = document.querySelector('#table-prefs .prefs-body').getBoundingClientRect();
  const seats = [...document.querySelectorAll('.board > .seat')]
    .filter(s => s.checkVisibility({visibilityProperty: true}))
    .map(s => s.getBoundingClientRect());
  return {bottom: panel.bottom, top: panel.top,
          seatsTop: seats.length ? Math.min(...seats.map(r => r.top)) : null};
}"""


@pytest.mark.parametrize("size", [(412, 915), (360, 740), (1280, 800)])
def test_the_settings_cover_no_control_and_close_on_escape_or_a_press_outside(
    site_url, browser, size
):
    page = browser.new_page(locale="zh-CN", viewport={"width": size[0], "height": size[1]})
    play_against_computers(page, site_url, f"prefs{int(time.time() * 1000) % 10**8}")
    page.get_by_role("button", name=re.compile("^定缺：")).first.wait_for(timeout=15000)
    gear = page.locator("#table-prefs > summary")
    body = page.locator("#table-prefs .prefs-body")

    gear.click()
    expect(body).to_be_visible()
    page.evaluate(SETTLE)
    problems = screen_problems(page)
    assert not problems, f"{size} with the settings open: {problems}"
    boxes = page.evaluate(PANEL_AND_BOARD)
    if boxes["seatsTop"] is not None:  # a seat shown: below the panel, never under it
        assert boxes["seatsTop"] >= boxes["bottom"] - 1, boxes
    # The dock and its buttons stay, and answer.
    expect(page.get_by_role("group", name="我的手牌")).to_be_visible()
    shoot(page, f"settings-open-{size[0]}x{size[1]}")

    # Escape closes them, the focus back on the gear.
    page.get_by_role("radio", name="标准").focus()
    page.keyboard.press("Escape")
    expect(body).to_be_hidden()
    assert page.evaluate("() => document.activeElement.matches('#table-prefs > summary')")
    page.evaluate(SETTLE)
    assert not screen_problems(page)

    # A press outside closes them too, and presses nothing else.
    gear.click()
    expect(body).to_be_visible()
    page.locator(".scoreboard").click()
    expect(body).to_be_hidden()
    # Pressing the gear again toggles them as before.
    gear.click()
    expect(body).to_be_visible()
    gear.click()
    expect(body).to_be_hidden()
