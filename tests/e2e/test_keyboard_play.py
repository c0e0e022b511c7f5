"""Playing the table with the keyboard only (static/js/table-keys.js): the skip link, the
arrow keys along the hand, the focus kept in the hand across updates, the action keys,
the live region and the focus ring, and 换三张 by keyboard — in a real browser."""

import re
import time

import pytest
from django.utils import translation

from harness.browser import play_against_computers
from tests.e2e.screens import open_room_with_the_swap
from tests.e2e.table_client.page import SWAP, URL, hand, serve

pytestmark = pytest.mark.e2e

ACTIVE_TILE = """() => {
  const a = document.activeElement;
  return Boolean(a && a.matches("#me-hand button.tile") && !a.disabled);
}"""
ANNOUNCED = "t => document.querySelector('#table-announce').textContent === t"
POSITION = "[...document.querySelectorAll('#me-hand button.tile')].indexOf(a)"
ACTIVE_IN_HAND = "() => Boolean(document.activeElement.closest('#me-hand'))"


def active(page, expression):
    return page.evaluate(f"(() => {{ const a = document.activeElement; return {expression}; }})()")


def wait_for_my_discard(page, timeout=60):
    """Until a tile of the hand may be played, passing on any claim with the G key."""
    deadline = time.monotonic() + timeout
    playable = page.locator("#me-hand button.tile:enabled:not([aria-disabled=true])")
    while not playable.count():
        assert time.monotonic() < deadline, "my turn to discard did not come"
        if page.locator("#me-actions .verb-pass").count():
            before = page.locator("#table-version").get_attribute("data-version")
            page.keyboard.press("g")
            page.wait_for_function(
                "v => document.querySelector('#table-version').dataset.version !== v",
                arg=before,
                timeout=10000,
            )
        page.wait_for_timeout(100)


def turn_announcement(page):
    """What the live region says at my turn: that it is my turn, unless the turn also offers
    自摸 or a kong (a deal may, now and then, give one at the first turn); then the offer,
    which is what the player must decide first."""
    offers = page.locator("#me-actions").locator(".verb-zimo:visible, .verb-kong:visible")
    if not offers.count():
        return "轮到你出牌"
    page.wait_for_function(
        "() => document.querySelector('#table-announce').textContent.startsWith('你可以')"
    )
    return page.locator("#table-announce").text_content()


@pytest.mark.parametrize(
    "size", [(412, 915), (768, 1024), (1280, 800)], ids=["phone", "tablet", "desktop"]
)
def test_a_round_played_with_the_keyboard_only(site_url, browser, size):
    page = browser.new_page(locale="zh-CN", viewport={"width": size[0], "height": size[1]})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table_url = play_against_computers(page, site_url, f"keys{int(time.time() * 1000) % 10**8}")
    voids = page.get_by_role("button", name=re.compile("^定缺："))
    voids.first.wait_for(timeout=15000)
    assert voids.first.get_attribute("aria-label").startswith("定缺：")
    announce = page.locator("#table-announce")
    page.wait_for_function(ANNOUNCED, arg="请定缺")

    # The void, from a freshly opened page: Tab to the skip link, Enter, Enter.
    page.goto(table_url)
    voids.first.wait_for(timeout=15000)
    page.keyboard.press("Tab")
    assert active(page, "a.id") == "skip-to-hand"
    assert active(page, "a.textContent") == "跳到我的手牌"
    page.keyboard.press("Enter")
    assert active(page, "a.classList.contains('void-choice')")  # no tile to play yet
    page.keyboard.press("Enter")
    voids.first.wait_for(state="detached", timeout=15000)

    # My turn: the focus went back to the hand, and the live region says so.
    wait_for_my_discard(page)
    page.wait_for_function(ACTIVE_TILE, timeout=10000)
    page.wait_for_function(ANNOUNCED, arg=turn_announcement(page))
    assert announce.get_attribute("aria-live") == "polite"

    # A fresh page at my turn: one Tab (the skip link) and Enter reach a tile.
    page.goto(table_url)
    page.get_by_role("group", name="我的手牌").wait_for()
    wait_for_my_discard(page)
    tabs = 0
    while not page.evaluate(ACTIVE_TILE) and tabs < 5:
        page.keyboard.press("Tab")
        tabs += 1
        if active(page, "a.id") == "skip-to-hand":
            page.keyboard.press("Enter")
    assert tabs <= 2, tabs
    print(f"Tabs to a tile at {size}: {tabs} (then Enter on the skip link)")

    # The ring of a focused tile is at least 3 px.
    ring = active(page, "parseFloat(getComputedStyle(a).outlineWidth)")
    assert ring >= 3

    # One Tab stop for the hand; the arrows move along the focusable tiles.
    focusable = page.evaluate("""() => [...document.querySelectorAll('#me-hand button.tile')]
        .filter(b => !b.disabled).map(b => b.tabIndex)""")
    assert focusable.count(0) == 1 and len(focusable) > 1, focusable
    page.keyboard.press("Home")
    first = active(page, POSITION)
    page.keyboard.press("ArrowRight")
    second = active(page, POSITION)
    assert second > first
    page.keyboard.press("ArrowLeft")
    assert active(page, POSITION) == first

    # To a tile that may be played (the void suit first), and Enter discards it.
    for _ in range(20):
        if active(page, "a.getAttribute('aria-disabled') !== 'true'"):
            break
        page.keyboard.press("ArrowRight")
    before = page.locator("#table-version").get_attribute("data-version")
    count = page.locator("#me-hand button.tile").count()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('#me-hand button.tile').length < n",
        arg=count,
        timeout=10000,
    )
    assert page.locator("#table-version").get_attribute("data-version") != before
    # The hand was replaced; the focus stayed in it, and comes to a tile at my next turn.
    page.wait_for_function(ACTIVE_IN_HAND, timeout=5000)
    if not page.get_by_role("region", name="结算").count():
        wait_for_my_discard(page)
        page.wait_for_function(ACTIVE_TILE, timeout=10000)
    assert errors == []


CLICKS = """() => {
  window.__pressed = [];
  const actions = document.createElement("div");
  actions.id = "me-actions";
  for (const [verb, name] of [["pong", "碰"], ["kong", "杠"], ["win", "胡"], ["pass", "过"]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action verb-" + verb;
    button.textContent = name;
    button.addEventListener("click", () => window.__pressed.push(verb));
    actions.append(button);
  }
  const input = document.createElement("input");
  input.id = "typing";
  actions.append(input);
  document.querySelector("#table").prepend(actions);
}"""


def test_the_action_keys_and_the_focus_across_a_swap(browser):
    """On the test table (tests/e2e/table_client/): each key presses its button, but not
    while typing; the focus comes back to the same place after the hand is swapped."""
    context = browser.new_context(locale="zh-CN", viewport={"width": 412, "height": 915})
    context.route(URL + "**", lambda route: serve(route, "zh-hans", True))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(URL)
    page.evaluate(CLICKS)
    page.locator("h1").click()
    for key in ("p", "k", "h", "g", " "):
        page.keyboard.press(key)
    assert page.evaluate("window.__pressed") == ["pong", "kong", "win", "pass", "pass"]
    page.locator("#typing").focus()
    page.keyboard.press("p")
    assert page.evaluate("window.__pressed").count("pong") == 1

    # The 4th tile has the focus; the hand is swapped with one tile fewer.
    page.locator("#me-hand button.tile").nth(3).focus()
    page.keyboard.press("ArrowRight")
    index = "[...document.querySelectorAll('#me-hand button.tile')].indexOf(document.activeElement)"
    assert page.evaluate(index) == 4
    page.evaluate(SWAP, hand(["1m", "2m", "3m", "5m", "6m", "2p", "7p", "8p", "3s", "4s"], "9p"))
    page.wait_for_function(f"() => {index} === 4")
    assert page.evaluate("window.scrollY") == 0
    context.close()
    assert errors == []


FOCUSED_TILE = "() => document.activeElement.dataset.exchangeTile || null"


def test_the_swap_of_three_by_keyboard_only(site_url, browser):
    """换三张 without a pointer: the skip link brings the focus to the hand, ← → move along
    the tiles, Space toggles one; two suits make the 换三张 button (in the Tab order all
    along) say "三张须同一花色" and send nothing; three of one suit, Tab and Enter swap."""
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_room_with_the_swap(page, site_url, "zh-CN")
    tiles = page.locator("#me-hand [data-exchange-tile]")
    tiles.first.wait_for(timeout=15000)
    page.wait_for_timeout(1000)  # the computers' picks have come in
    codes = [tiles.nth(i).get_attribute("data-exchange-tile") for i in range(tiles.count())]
    suit = next(s for s in "mps" if sum(c.endswith(s) for c in codes) >= 3)
    same = [i for i, c in enumerate(codes) if c.endswith(suit)][:3]
    other = next(i for i, c in enumerate(codes) if not c.endswith(suit))

    page.keyboard.press("Tab")
    assert active(page, "a.id") == "skip-to-hand"
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED_TILE) is not None

    def toggle(index):
        page.keyboard.press("Home")
        for _ in range(index):
            page.keyboard.press("ArrowRight")
        assert active(page, POSITION) == index
        page.keyboard.press(" ")

    for index in same[:2] + [other]:
        toggle(index)
    assert page.locator("[data-exchange-tile][aria-pressed=true]").count() == 3
    with translation.override("zh-hans"):
        reason_text = translation.gettext("Three of one suit")
    reason = page.locator("[data-exchange-reason]")
    assert reason.is_visible() and reason.inner_text() == reason_text
    # Tab from the hand reaches the button, which waits and says why.
    page.keyboard.press("Tab")
    assert active(page, "a.matches('[data-exchange-submit]')")
    assert active(page, "a.getAttribute('aria-disabled')") == "true"
    assert active(page, "a.getAttribute('aria-describedby')") == "exchange-reason"
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert tiles.count() and reason.inner_text() == reason_text  # nothing was sent

    # Back into the hand (Shift+Tab), the other suit's tile off, the third tile on.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_TILE) is not None
    toggle(other)
    toggle(same[2])
    assert reason.is_hidden()
    page.keyboard.press("Tab")
    assert active(page, "a.getAttribute('aria-disabled')") == "false"
    page.keyboard.press("Enter")
    page.get_by_role("button", name=re.compile("^定缺：")).first.wait_for(timeout=15000)
    # The tiles that came are marked in the hand.
    assert page.locator("#me-hand button.tile.received").count() == 3
    assert errors == []
