"""The win moment in the browser, on the real site: after a win the table holds
still for the win's pause and the banner shows for all of it — one line on a phone, in
the board's middle row, over no control at any size — then the next draw comes; a tap
closes it sooner on that screen without speeding the table up; the player's own win is
a bigger card with their hand. The positions a step before the win are put on the site's
table by tests/e2e/win_scenes.py."""

import time

import pytest

from harness.browser import play_against_computers
from harness.site import Site
from tests.e2e.screen_checks import screen_problems
from tests.e2e.screens import WIN_CARD_IN_THE_MIDDLE_ROW
from tests.e2e.win_scenes import set_scene

pytestmark = pytest.mark.e2e

PAUSE = 4.0  # the site's WIN_PAUSE: room for the checks at five sizes within it
SIZES = [(360, 740), (412, 915), (915, 412), (1280, 800), (1920, 1080)]
PHONES = [(360, 740), (412, 915)]

# Every part of the card's first line on one line: their middles at one height.
ONE_LINE = """() => {
  const line = document.querySelector('#win-banner .win-line');
  const parts = [...line.children].filter(el => el.getBoundingClientRect().width > 0);
  const middles = parts.map(el => { const r = el.getBoundingClientRect();
    return r.top + r.height / 2; });
  return parts.length >= 3 && Math.max(...middles) - Math.min(...middles) < 8;
}"""
WALL = "() => document.querySelector('#center .wall').textContent.trim()"


@pytest.fixture(scope="module")
def win_site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("win"), WIN_PAUSE=str(PAUSE))
    site.prepare()
    try:
        yield site, site.start()
    finally:
        site.stop_all()


def open_scene(browser, win_site, scene, language="zh", **context):
    """A new player's table against three computers, put a step before ``scene``."""
    site, url = win_site
    page = browser.new_context(
        locale="zh-CN", viewport={"width": 360, "height": 740}, **context
    ).new_page()
    name = f"w{scene[:3]}{language}{int(time.time() * 1000) % 10**7}"
    table_url = play_against_computers(page, url, name)
    page.locator("#me-hand").wait_for()
    if language == "en":
        page.context.add_cookies([{"name": "django_language", "value": "en", "url": url}])
    set_scene(site, table_url.rstrip("/").rsplit("/", 1)[-1], scene)
    page.reload()
    page.locator("#me-hand button.tile").first.wait_for()
    page.wait_for_timeout(500)  # the table's socket opens
    return page


def check_every_size(page):
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        assert page.locator("#win-banner .win-card").is_visible(), (width, height)
        problems = screen_problems(page)
        assert not problems, f"{width}×{height} at the win: {problems}"
        assert page.evaluate(WIN_CARD_IN_THE_MIDDLE_ROW), (width, height)
        if (width, height) in PHONES:
            assert page.evaluate(ONE_LINE), f"the win's line wraps at {width}×{height}"


def wait_for_the_next_draw(page, wall: str, since: float) -> float:
    """Seconds from ``since`` until the wall gives its next tile."""
    page.wait_for_function(f"w => ({WALL})() !== w", arg=wall, timeout=15000)
    return time.monotonic() - since


@pytest.mark.parametrize("language, motion", [("zh", "no-preference"), ("en", "reduce")])
def test_another_players_win_is_shown_for_the_pause_and_play_waits(
    browser, win_site, language, motion
):
    page = open_scene(browser, win_site, "theirs", language, reduced_motion=motion)
    wall = page.evaluate(WALL)
    clicked = time.monotonic()
    page.locator("#me-hand button.tile[value='5p']").click()
    card = page.locator("#win-banner .win-card")
    card.wait_for(state="visible", timeout=5000)
    banner = page.locator("#win-banner")
    assert "mine" not in banner.get_attribute("class")
    assert page.locator("#win-banner .win-word").inner_text() == (
        "胡" if language == "zh" else "Win"
    )
    # The winner, on my right, glows (unmoving when motion is reduced).
    winner = page.locator(f"#seat-{banner.get_attribute('data-seats')}")
    assert "seat-right" in winner.get_attribute("class")
    assert winner.evaluate("el => getComputedStyle(el).animationName") == (
        "win-seat" if motion == "no-preference" else "win-seat-still"
    )
    check_every_size(page)
    # Still there near the end of the pause, and the next player has not drawn.
    page.wait_for_timeout(max(0, (clicked + PAUSE - 0.6 - time.monotonic()) * 1000))
    assert card.is_visible() and page.evaluate(WALL) == wall
    assert wait_for_the_next_draw(page, wall, clicked) >= PAUSE - 0.05
    # Its time is the pause: it goes with the next draw.
    card.wait_for(state="hidden", timeout=2000)


def test_two_wins_on_one_discard_share_one_card_that_fits_every_screen(browser, win_site):
    # 一炮多响: the 5p the person discards is won by the two computers after them.
    page = open_scene(browser, win_site, "several")
    page.locator("#me-hand button.tile[value='5p']").click()
    page.locator("#win-banner .win-card").wait_for(state="visible", timeout=5000)
    banner = page.locator("#win-banner")
    assert "several" in banner.get_attribute("class")
    assert len(banner.get_attribute("data-seats").split()) == 2
    check_every_size(page)


def test_my_own_win_is_a_bigger_card_with_my_hand_and_a_tap_closes_it(browser, win_site):
    page = open_scene(browser, win_site, "mine")
    wall = page.evaluate(WALL)
    clicked = time.monotonic()
    page.get_by_role("button", name="自摸").click()
    card = page.locator("#win-banner .win-card")
    card.wait_for(state="visible", timeout=5000)
    assert "mine" in page.locator("#win-banner").get_attribute("class")
    assert page.locator("#win-banner .win-word").inner_text() == "自摸"
    hand = page.locator("#win-banner .win-hand li")
    assert hand.count() == 14 and page.locator("#win-banner .win-hand .win-tile").count() == 1
    assert (
        page.evaluate("getComputedStyle(document.getElementById('me')).animationName") == "win-seat"
    )  # my seat glows
    check_every_size(page)
    page.set_viewport_size({"width": 360, "height": 740})
    card.click()
    assert not page.locator("#win-banner").is_visible()  # closed on this screen at once
    assert page.evaluate("getComputedStyle(document.getElementById('me')).animationName") == "none"
    # The table does not go on sooner for it: the pause is everybody's.
    assert time.monotonic() - clicked < PAUSE and page.evaluate(WALL) == wall
    assert wait_for_the_next_draw(page, wall, clicked) >= PAUSE - 0.05
    # The hand's accessible name and the controls' are as before.
    assert page.get_by_role("group", name="我的手牌").count() == 1
