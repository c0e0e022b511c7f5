"""A person signs up, opens a room with three computer players, plays a round to the
settlement by clicking, and starts the next round — in a real browser."""

import re
import time

import pytest

from harness.browser import play_one_move, sign_up

pytestmark = pytest.mark.e2e

ROUND_TIMEOUT = 240  # seconds


SAME_AS_A_FULL_RENDER = """async (url) => {
  const fresh = new DOMParser().parseFromString(await (await fetch(url)).text(), "text/html");
  // What legitimately differs: the CSRF token of each render, the running countdown, the
  // settlement's filter, whose buttons the page's script makes from the names sent, and a
  // round's last win's banner, which the page's script places (its style) and closes at
  // the end of its time (static/js/win-moment.js).
  const plain = (table) => {
    const copy = table.cloneNode(true);
    copy.querySelectorAll("#win-banner").forEach(b => {
      b.removeAttribute("style"); b.classList.remove("closed");
    });
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
