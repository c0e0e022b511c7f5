"""A finished round's replay on a phone (412 × 915): it opens at the deal in view at the
top of the round's page; the arrow keys and the slider step, play advances on its own
and pauses, and space plays or pauses (static/js/replay.js)."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.server import Site

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}

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
print(rnd.status, rnd.pk, rnd.version)
"""


@pytest.fixture
def finished_round(tmp_path):
    """A site with one round played to its end by the owner (on auto-play) and three
    computers: (url, round id, number of moves)."""
    site = Site(tmp_path, BOT_DELAY="0")
    site.prepare()
    status, round_id, moves = site.manage("shell", "-c", SETUP).stdout.split()[-3:]
    assert status == "ended"
    try:
        yield site.start(), int(round_id), int(moves)
    finally:
        site.stop_all()


def step_shown(page) -> int:
    text = page.locator("#replay-frame .replay-count").inner_text()
    return int(re.match(r"第 (\d+) / \d+ 步", text).group(1))


def at_step(page, step: int) -> None:
    """Waits for the frame of ``step`` (the page's CSP allows no evaluated strings)."""
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(step))


def waits_past(page, step: int, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while step_shown(page) <= step:
        assert time.monotonic() < deadline, f"the replay stayed at step {step}"
        page.wait_for_timeout(50)


def test_the_replay_steps_by_keys_and_slider_and_plays(browser, finished_round):
    url, round_id, moves = finished_round
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  locale="zh-CN")
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
    controls = (page.locator("#replay-frame .board"), slider, play,
                page.get_by_role("link", name="下一步"), page.get_by_label("速度"))

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
