"""A finished round's replay on a phone (412 × 915): it opens at the deal in view at the
top of the round's page; the arrow keys and the slider step, play advances on its own
and pauses, and space plays or pauses (static/js/replay.js). On a phone and a laptop, in
Chinese and English, on a round's page and on 大师's game of the daily deal, the board
is drawn whole from the deal to the end: tiles a person can see, not only tiles in the
page (tests/e2e/board_checks.py)."""

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.site import Site
from tests.e2e.board_checks import replay_board_problems

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}
SIZES = {"phone": PHONE, "laptop": {"width": 1280, "height": 800}}

SETUP = """
from django.contrib.auth.models import User
from games.play import steps
from games.rooms import seating
owner = User.objects.create_user("owner", password="x-long-password-1")
room = seating.create_room(owner=owner, name="replay", options={})
for index in (1, 2, 3):
    seating.add_bot(room=room, user=owner, index=index, level="strong")
rnd = seating.set_ready(room=room, user=owner)
seating.set_auto_play(room=room, user=owner, on=True)
steps.run_bots(round_id=rnd.pk)
rnd.refresh_from_db()
# The day's challenge, played to its end: 大师's own game of the deal opens to the owner.
from challenge import days
from tests.tables import play_by_hand
attempt = days.start(owner)
play_by_hand(attempt.round, "strong", seed=5, person_seat=attempt.challenge.seat)
master = attempt.challenge.expert_round
print(rnd.status, rnd.pk, rnd.version, master.pk, master.version)
"""


@pytest.fixture(scope="module")
def finished_rounds(tmp_path_factory):
    """A site with one round played to its end by the owner (on auto-play) and three
    computers, and the day's challenge played by the owner: (url, round id, number of
    moves, 大师's round id, its number of moves)."""
    site = Site(tmp_path_factory.mktemp("replay"), BOT_DELAY="0")
    site.prepare()
    status, *numbers = site.manage("shell", "-c", SETUP).stdout.split()[-5:]
    assert status == "ended"
    round_id, moves, master_id, master_moves = map(int, numbers)
    try:
        yield site.start(), round_id, moves, master_id, master_moves
    finally:
        site.stop_all()


@pytest.fixture
def finished_round(finished_rounds):
    """(url, round id, number of moves) of the owner's round."""
    return finished_rounds[:3]


def log_in(page, url: str) -> None:
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "x-long-password-1")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(url + "/")


def step_shown(page, pattern: str = r"第 (\d+) / \d+ 步") -> int:
    text = page.locator("#replay-frame .replay-count").inner_text()
    return int(re.match(pattern, text).group(1))


def at_step(page, step: int) -> None:
    """Waits for the frame of ``step`` (the page's CSP allows no evaluated strings)."""
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(step))


def waits_past(page, step: int, seconds: float = 5, pattern: str = r"第 (\d+) / \d+ 步") -> None:
    deadline = time.monotonic() + seconds
    while step_shown(page, pattern) <= step:
        assert time.monotonic() < deadline, f"the replay stayed at step {step}"
        page.wait_for_timeout(50)


def test_the_replay_steps_by_keys_and_slider_and_plays(browser, finished_round):
    url, round_id, moves = finished_round
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="zh-CN")
    page = context.new_page()
    errors = []  # a script error or a CSP violation is a failure
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "x-long-password-1")
    page.get_by_role("button", name="登录").click()
    page.wait_for_url(url + "/")
    page.goto(f"{url}/rounds/{round_id}/")

    # At the deal, the board and its controls in view without scrolling.
    assert page.locator("#replay-frame .replay-count").inner_text() == f"第 0 / {moves} 步"
    play = page.get_by_role("button", name="播放")
    slider = page.get_by_role("slider", name="步数")
    controls = (
        page.locator("#replay-frame .board"),
        slider,
        play,
        page.get_by_role("link", name="下一步"),
        page.get_by_label("速度"),
    )

    def all_in_view(controls=controls):
        for control in controls:
            box = control.bounding_box()
            assert box is not None and box["y"] >= 0
            assert box["y"] + box["height"] <= PHONE["height"], control
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    all_in_view()
    assert page.locator("#replay-seat-0-hand img").count() in (13, 14)

    # ← → step (the focus anywhere on the page but a field).
    page.keyboard.press("ArrowRight")
    at_step(page, 1)
    assert slider.input_value() == "1" and "step=1" in page.url
    assert page.locator(".replay-said").inner_text().startswith(f"第 1 / {moves} 步")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    at_step(page, 1)
    page.get_by_role("link", name="上一步").click()
    at_step(page, 0)

    # The slider jumps to a step.
    slider.fill("20")
    at_step(page, 20)
    assert slider.get_attribute("aria-valuetext") == f"第 20 / {moves} 步"

    # Play advances on its own at the speed chosen, and pauses.
    page.get_by_label("速度").select_option("4")
    play.click()
    pause = page.get_by_role("button", name="暂停")
    pause.wait_for()
    waits_past(page, 23)
    pause.click()
    stopped = step_shown(page)
    page.wait_for_timeout(700)
    assert step_shown(page) == stopped and play.is_visible()

    # Space plays and pauses too.
    page.locator("h1").click()
    page.keyboard.press(" ")
    waits_past(page, stopped)
    page.keyboard.press(" ")
    assert page.get_by_role("button", name="播放").is_visible()

    # At the last move, with the most tiles on the board, the controls have not moved
    # (they sit above the board, which grows below them).
    page.get_by_role("link", name="跳到最后").click()
    at_step(page, moves)
    all_in_view(controls[1:])
    assert errors == []
    context.close()


# The controls' names, as a person reads them.
WORDS = {
    "zh-CN": {
        "next": "下一步",
        "play": "播放",
        "pause": "暂停",
        "end": "跳到最后",
        "step": "步数",
        "count": r"第 (\d+) / \d+ 步",
    },
    "en": {
        "next": "Next move",
        "play": "Play",
        "pause": "Pause",
        "end": "To the end",
        "step": "Step",
        "count": r"Step (\d+) of \d+",
    },
}


def shoot(page, name: str) -> None:
    shots = os.environ.get("XUEZHAN_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png")


@pytest.mark.parametrize("language", ["zh-CN", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_board_is_seen_whole_from_the_deal_to_the_end(browser, finished_rounds, size, language):
    """The board has a real size and its tiles are seen at the deal (13 or 14 face up in
    every hand), after 下一步, in the middle of the round (by the slider), while playing
    and at the end; on the owner's round and on 大师's game of the daily deal."""
    url, round_id, moves, master_id, master_moves = finished_rounds
    phone = size == "phone"
    context = browser.new_context(
        viewport=SIZES[size], locale=language, is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    words = WORDS[language]
    log_in(page, url)

    def shown(step: int) -> None:
        at_step(page, step)

    def checked(what: str, **kwargs) -> None:
        problems = replay_board_problems(page, **kwargs)
        assert problems == [], f"{what} ({size}, {language}), {len(problems)}: {problems[:6]}"

    page.goto(f"{url}/rounds/{round_id}/")
    shown(0)
    checked("the deal", deal=True)
    page.get_by_role("link", name=words["next"]).click()
    shown(1)
    checked("after the first move")
    middle = moves // 2
    page.get_by_role("slider", name=words["step"]).fill(str(middle))
    shown(middle)
    checked("the middle of the round")
    shoot(page, f"replay-mid-{size}-{language}")
    # Play moves the board on, and it is still seen once paused (checked while still:
    # a frame swapped in the middle of the looking would be measured half gone).
    before = page.locator("#replay-frame").inner_html()
    page.get_by_role("button", name=words["play"]).click()
    waits_past(page, middle + 1, pattern=words["count"])
    page.get_by_role("button", name=words["pause"]).click()
    page.get_by_role("button", name=words["play"]).wait_for()
    page.wait_for_timeout(500)  # a frame asked for before the pause lands
    assert page.locator("#replay-frame").inner_html() != before
    checked("after playing")
    page.get_by_role("link", name=words["end"]).click()
    shown(moves)
    checked("the end")

    # 大师's game of the day's deal: the same board, from the deal on.
    page.goto(f"{url}/rounds/{master_id}/")
    shown(0)
    checked("大师's deal", deal=True)
    page.goto(f"{url}/rounds/{master_id}/?step={master_moves // 2}#replay")
    shown(master_moves // 2)
    checked("大师's game in its middle")
    shoot(page, f"replay-master-mid-{size}-{language}")
    page.get_by_role("link", name=words["next"]).click()
    shown(master_moves // 2 + 1)
    checked("大师's game a move on")
    page.get_by_role("link", name=words["end"]).click()
    shown(master_moves)
    checked("大师's game at its end")
    assert errors == []
    context.close()
