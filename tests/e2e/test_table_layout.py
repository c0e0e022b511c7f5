"""The table's layout in a real browser, at a phone (412×915), a phone held sideways
(915×412) and a desktop (1366×768): tile sizes, seats in turn order, a hand that never
moves, nothing to scroll sideways, the void rule explained on a click, and the settlement
in view when it opens."""

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.server import play_against_computers
from tests.e2e.test_play_in_the_browser import play_one_move

pytestmark = pytest.mark.e2e

ROUND_TIMEOUT = 240
SIZES = {"phone": (412, 915), "landscape": (915, 412), "desktop": (1366, 768)}
# Every discard at least this wide; your own tiles at least this wide and tall.
RIVER_MIN_W, HAND_MIN_W, HAND_MIN_H = 20, 28, 40

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const seats = {};
  document.querySelectorAll(".board > .seat").forEach(s => {
    seats[s.className.match(/seat-(top|left|right|bottom)/)[1]] = {
      box: box(s), label: s.getAttribute("aria-label")}; });
  return {
    // A tile under the pointer is lifted (a transform): its place in the row is offsetTop.
    hand: [...document.querySelectorAll("#me-hand button.tile")].map(
      el => ({...box(el), y: el.offsetTop})),
    hand_area: box(document.querySelector("#me-hand")),
    river: [...document.querySelectorAll(".discards img")].map(box),
    centre: box(document.querySelector("#center")),
    seats, me_wind: document.querySelector("#me-head .wind").textContent,
    scroll_w: document.documentElement.scrollWidth, view_w: window.innerWidth,
    scroll_h: document.documentElement.scrollHeight, view_h: window.innerHeight,
  };
}"""


def start_round(browser, site_url, size):
    width, height = SIZES[size]
    page = browser.new_page(locale="zh-CN", viewport={"width": width, "height": height})
    play_against_computers(page, site_url, f"{size}{int(time.time() * 1000) % 10**8}")
    return page


def check_turn_order(seats, me_wind):
    """You at the bottom, 下家 (next in turn) on the right, 对家 at the top, 上家 on the
    left: 东 南 西 北 around the table."""
    order = "东南西北"
    me = order.index(me_wind)
    expected = {"right": order[(me + 1) % 4], "top": order[(me + 2) % 4],
                "left": order[(me + 3) % 4]}
    for position, wind in expected.items():
        assert seats[position]["label"].startswith(wind), (position, seats[position]["label"])
    top, left, right = (seats[p]["box"] for p in ("top", "left", "right"))
    assert left["x"] + left["w"] <= right["x"] + 1  # left of the right-hand seat
    assert top["y"] <= min(left["y"], right["y"]) + 1  # nothing above the top seat


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_fits_the_screen_and_the_hand_never_moves(site_url, browser, size):
    page = start_round(browser, site_url, size)
    settlement = page.get_by_role("region", name="结算")
    page.get_by_role("group", name="我的手牌").wait_for()
    page.get_by_role("button", name="定缺：万").click()

    hand_tops, checked_sizes, void_explained = set(), False, False
    deadline = time.monotonic() + ROUND_TIMEOUT
    while not settlement.count():
        assert time.monotonic() < deadline, "the round did not reach the settlement"
        boxes = page.evaluate(BOXES)
        assert boxes["scroll_w"] <= boxes["view_w"], "the page scrolls sideways"
        if size != "phone":
            # Sideways phone and desktop: the whole table without scrolling.
            assert boxes["scroll_h"] <= boxes["view_h"] + 1, "the table needs scrolling"
        hand_tops.add(round(boxes["hand_area"]["y"]))
        hand = boxes["hand"]
        if len(hand) == 14 and not checked_sizes:
            assert len({round(b["y"]) for b in hand}) == 1, "the hand wraps"
            assert min(b["w"] for b in hand) >= HAND_MIN_W - 0.01
            assert min(b["h"] for b in hand) >= HAND_MIN_H - 0.01
            check_turn_order(boxes["seats"], boxes["me_wind"])
            checked_sizes = True
        if boxes["river"]:
            assert min(b["w"] for b in boxes["river"]) >= RIVER_MIN_W - 0.01
        blocked = page.locator("#me-hand button.blocked")
        if not void_explained and blocked.count():
            try:
                # aria-disabled: greyed, yet it answers
                blocked.first.click(force=True, timeout=2000)
            except PlaywrightError:
                continue  # the table was swapped under the pointer: try the new one
            error = page.locator("#table-error")
            error.filter(has_text=re.compile("缺")).wait_for(timeout=5000)
            void_explained = True
            continue
        if not play_one_move(page):
            page.wait_for_timeout(100)
    assert checked_sizes
    # The hand stood in one place the whole round (a pixel of rounding allowed).
    assert max(hand_tops) - min(hand_tops) <= 1, hand_tops
    box = settlement.bounding_box()
    assert box is not None and 0 <= box["y"] < SIZES[size][1], "the settlement is out of view"
