"""A discard slides into its river, a meld drops in, the win banner pops in and goes;
nothing moves under the system's reduced motion or with animations turned off."""

import pytest

from tests.e2e.table_client.page import SWAP, open_settings

pytestmark = pytest.mark.e2e

NEWS = [
    '<div id="seat-2-river" class="river"><ol class="discards"><li>'
    '<img src="/static/tiles/1s.svg" alt="" class="tile-img"></li><li class="just-played">'
    '<img src="/static/tiles/4p.svg" alt="" class="tile-img"></li></ol></div>',
    '<div id="me-river" class="river"><ol class="discards"><li class="just-played">'
    '<img src="/static/tiles/3m.svg" alt="" class="tile-img"></li></ol></div>',
    '<section id="seat-1" class="seat"><ul class="melds"><li class="meld just-melded">'
    '<img src="/static/tiles/9p.svg" alt="" class="tile-img"></li></ul>'
    '<div id="win-banner" class="win-banner">西家 胡了</div></section>',
]

ANIMATIONS = """() => Object.fromEntries(
  ["#seat-2-river .just-played", "#me-river .just-played", ".just-melded", "#win-banner"]
    .map(s => [s, getComputedStyle(document.querySelector(s)).animationName]))"""

STILL = {
    "#seat-2-river .just-played": "none",
    "#me-river .just-played": "none",
    ".just-melded": "none",
    "#win-banner": "table-banner-still",
}

END_ANIMATIONS = "document.querySelector('#win-banner').getAnimations().forEach(a => a.finish())"


def show_news(page):
    for html in NEWS:
        page.evaluate(SWAP, html)


def test_discards_melds_and_the_win_banner_move_in(open_table):
    page = open_table()
    show_news(page)
    assert page.evaluate(ANIMATIONS) == {
        "#seat-2-river .just-played": "table-slide-down",
        "#me-river .just-played": "table-slide-up",
        ".just-melded": "table-drop-in",
        "#win-banner": "table-banner",
    }
    # The banner goes after a few seconds.
    assert page.locator("#win-banner").is_visible()
    page.evaluate(END_ANIMATIONS)
    assert not page.locator("#win-banner").is_visible()


def test_nothing_moves_when_the_player_turns_animations_off(open_table):
    page = open_table()
    open_settings(page)
    page.get_by_role("checkbox", name="动画效果").uncheck()
    show_news(page)
    assert page.evaluate(ANIMATIONS) == STILL
    # Without motion the banner still goes, all at once.
    assert page.locator("#win-banner").is_visible()
    page.evaluate(END_ANIMATIONS)
    assert not page.locator("#win-banner").is_visible()


def test_nothing_moves_when_the_system_asks_for_reduced_motion(open_table):
    page = open_table(reduced_motion="reduce")
    show_news(page)
    assert page.evaluate(ANIMATIONS) == STILL
