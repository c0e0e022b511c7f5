"""The review (复盘) on a finished round's page, on a phone and a laptop, in Chinese and
English: it lists the person's decisions that differed from 大师's, nothing lies over a
link or a button, on a laptop 大师's candidates are whole (no column cut off behind a
sideways scroll), and a move's link opens the replay at the board before that move,
drawn and seen (tests/e2e/board_checks.py)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.site import Site
from tests.e2e.board_checks import replay_board_problems
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e

SIZES = {"phone": {"width": 412, "height": 915}, "laptop": {"width": 1280, "height": 800}}

# The owner plays their own seat (the easy level's choices, sent as their own moves) with
# three computers, to the round's end. The deal is a fixed one (its seed and the first
# dealer, East, the owner) in which the review's widest table has three waits beside
# each opponent's chance: in English, the widest a laptop's column has to hold.
WIDE_DEAL = "review-wide-27"
SETUP = f"""
from unittest import mock
from django.contrib.auth.models import User
from games.rooms import seating
from tests.tables import play_by_hand
owner = User.objects.create_user("owner", password="x-long-password-1")
room = seating.create_room(owner=owner, name="复盘", options={{}})
for index in (1, 2, 3):
    seating.add_bot(room=room, user=owner, index=index, level="strong")
with mock.patch("games.play.dealing.secrets.token_hex", return_value="{WIDE_DEAL}"), \\
        mock.patch("games.play.dealing.secrets.randbelow", return_value=0):
    rnd = seating.set_ready(room=room, user=owner)
rnd = play_by_hand(rnd, "easy", seed=2)
print(rnd.status, rnd.pk)
"""

# Every table of 大师's candidates, as wide as its content and as the column it has.
CANDIDATE_TABLES = r"""() => [...document.querySelectorAll("table.review-candidates")].map((t) => {
  const box = t.getBoundingClientRect();
  const cells = [...t.querySelectorAll("th, td")];
  return {
    scrolls: t.scrollWidth > t.clientWidth + 1,
    cut: cells.filter((c) => c.getBoundingClientRect().right > box.right + 1)
      .map((c) => c.textContent.trim()),
    // The most waits in one row (the fourth column: "二筒 (1, 0) 五筒 (2, 0)").
    waits: Math.max(0, ...[...t.rows].map((row) => row.cells.length > 3 ?
      (row.cells[3].textContent.match(/\(\d+, \d+\)/g) || []).length : 0)),
  };
})"""


@pytest.fixture(scope="module")
def reviewed_round(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("review"), BOT_DELAY="0")
    site.prepare()
    status, round_id = site.manage("shell", "-c", SETUP).stdout.split()[-2:]
    assert status == "ended"
    try:
        yield site.start(), int(round_id)
    finally:
        site.stop_all()


@pytest.mark.parametrize("language", ["zh-CN", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_review_reads_and_links_to_the_replay(browser, reviewed_round, size, language):
    url, round_id = reviewed_round
    context = browser.new_context(
        viewport=SIZES[size], locale=language, is_mobile=size == "phone", has_touch=size == "phone"
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "x-long-password-1")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(url + "/")
    page.goto(f"{url}/rounds/{round_id}/")
    chinese = language == "zh-CN"
    review = page.get_by_role("region", name="复盘" if chinese else "Review (复盘)")
    review.scroll_into_view_if_needed()
    expect(review.get_by_text(re.compile("个决定中有" if chinese else "decisions"))).to_be_visible()
    move_link = re.compile(r"^第 \d+ 步$" if chinese else r"^Move \d+$")
    first = review.get_by_role("link", name=move_link).first
    first.scroll_into_view_if_needed()
    assert screen_problems(page, playing=False) == []
    shots = os.environ.get("XUEZHAN_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/review-{size}-{language}.png")
    if size == "laptop":
        tables = page.evaluate(CANDIDATE_TABLES)
        # The deal still holds a wide table (else the check below says nothing: choose
        # another WIDE_DEAL whose review shows a candidate with three waits or more).
        assert max(t["waits"] for t in tables) >= 3, f"no wide table in {WIDE_DEAL}'s review"
        assert [t for t in tables if t["scrolls"] or t["cut"]] == []
    move = int(re.search(r"\d+", first.inner_text()).group())
    first.click()
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(move - 1))
    # The link leads to a board a person can see, not one squeezed into a strip 19-32 px high.
    assert replay_board_problems(page) == []
    assert errors == []
    context.close()
