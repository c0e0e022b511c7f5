"""A person signs up, opens a room with three computer players, plays a round to the
settlement by clicking, and starts the next round — in a real browser."""

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.server import sign_up

pytestmark = pytest.mark.e2e

ROUND_TIMEOUT = 240  # seconds


SAME_AS_A_FULL_RENDER = """async (url) => {
  const fresh = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
  // What legitimately differs: the CSRF token of each render, the running countdown, and
  // the settlement's filter, whose buttons the page's script makes from the names sent.
  const plain = (table) => {
    const copy = table.cloneNode(true);
    copy.querySelectorAll(".settlement-filter").forEach(f => f.remove());
    copy.querySelectorAll("input[name=csrfmiddlewaretoken]")
      .forEach(i => i.setAttribute("value", ""));
    copy.querySelectorAll("[data-seconds-left]").forEach(c => {
      c.removeAttribute("data-ends-at"); c.classList.remove("urgent");
      c.dataset.secondsLeft = "N"; c.querySelector(".seconds").textContent = "N";
    });
    return copy.outerHTML;
  };
  return plain(document.querySelector("#table")) === plain(fresh.querySelector("#table"));
}"""


def version(page) -> str:
    return page.locator("#table-version").get_attribute("data-version")


def choose_move(page):
    """What a patient player would click: a void, a win, a pass, else a tile (the drawn
    one, which sits last). None when nothing can be clicked (the computers are moving)."""
    void = page.get_by_role("button", name=re.compile("^定缺："))
    if void.count():
        return void.first
    for name in ("自摸", "胡", "过"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count():
            return button
    playable = page.get_by_role("group", name="我的手牌").locator(
        "button:enabled:not([aria-disabled=true])")  # greyed tiles only say why not
    return playable.last if playable.count() else None


def play_one_move(page) -> bool:
    """Click one move and wait for the table it brings back. False when there was
    nothing to click, or the table changed under the pointer (a computer moved first)."""
    before = version(page)
    target = choose_move(page)
    if target is None:
        return False
    try:
        target.click(timeout=2000)
    except PlaywrightTimeout:
        return False
    # The move comes back over the WebSocket as a new table.
    page.wait_for_function(
        "v => document.querySelector('#table-version').dataset.version !== v", arg=before,
        timeout=10000,
    )
    return True


def test_a_new_player_plays_a_round_against_three_computers(site_url, browser):
    page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
    posted_moves = []
    page.on("request", lambda r: posted_moves.append(r.url) if "/act/" in r.url else None)
    sign_up(page, site_url, f"player{int(time.time() * 1000) % 10**8}")
    page.get_by_role("link", name="新建房间").click()
    page.get_by_role("button", name="创建房间").click()
    for _ in range(3):
        page.get_by_role("button", name="加电脑（高手）").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="准备开始").click()
    settlement = page.get_by_role("region", name="结算")
    hand = page.get_by_role("group", name="我的手牌")
    hand.wait_for()

    deadline = time.monotonic() + ROUND_TIMEOUT
    clicks = 0
    while not settlement.count():
        assert time.monotonic() < deadline, "the round did not reach the settlement"
        if play_one_move(page):
            clicks += 1
        else:
            page.wait_for_timeout(100)
    assert clicks >= 2
    # Moves travel over the WebSocket; a plain POST is only the fallback before it opens.
    assert len(posted_moves) < clicks
    assert page.locator("#table-error").inner_text() == ""
    nets = [int(cell) for cell in settlement.locator(".nets td").all_inner_texts()]
    assert len(nets) == 4 and sum(nets) == 0
    payments = settlement.locator(".payments li").all_inner_texts()
    assert all("付给" in line for line in payments)
    # A whole round of partial updates left the page exactly as a fresh full render.
    assert page.evaluate(SAME_AS_A_FULL_RENDER, page.url + "fragment/")

    page.get_by_role("button", name="准备下一局").click()
    page.get_by_role("button", name=re.compile("^定缺：")).first.wait_for(timeout=15000)
    assert not page.get_by_role("region", name="结算").count()
