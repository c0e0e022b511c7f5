"""When it becomes the player's turn: a chime and a vibration, and in a hidden tab a
title that flashes "Your turn" until they come back or the turn is over."""

import pytest
from playwright.sync_api import expect

from tests.e2e.table_client.page import SWAP, TITLE, cue, played, touch

pytestmark = pytest.mark.e2e

HIDE = """hidden => {
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  Object.defineProperty(document, "visibilityState", {configurable: true,
    get: () => hidden ? "hidden" : "visible"});
  document.dispatchEvent(new Event("visibilitychange"));
}"""

WATCH_TITLE = """() => {
  window.__titles = [];
  new MutationObserver(() => window.__titles.push(document.title))
    .observe(document.querySelector("title"), {childList: true, subtree: true,
                                               characterData: true});
}"""


@pytest.mark.parametrize(("language", "text"), [("zh-hans", "轮到你了"), ("en", "Your turn")])
def test_in_a_hidden_tab_the_title_flashes_when_it_becomes_my_turn(open_table, language, text):
    page = open_table(language)
    touch(page)
    page.evaluate(HIDE, True)
    page.evaluate(WATCH_TITLE)
    page.evaluate(SWAP, cue("discard", "k1", my_turn=False))
    page.wait_for_timeout(300)
    assert page.title() == TITLE  # somebody else's turn: nothing to say
    page.evaluate(SWAP, cue("discard", "k2", my_turn=True))
    page.wait_for_timeout(2300)
    assert page.evaluate("window.__titles")[:3] == [text, TITLE, text]
    assert played(page) == ["discard", "discard", "turn"]
    assert page.evaluate("window.__vibrations") == [200]
    # Still my turn in the next update: no second alert.
    page.evaluate(SWAP, cue("", "k3", my_turn=True))
    assert played(page) == ["discard", "discard", "turn"]
    # Back on the tab: the title is the room's again and stays so.
    page.evaluate(HIDE, False)
    assert page.title() == TITLE
    page.evaluate(WATCH_TITLE)
    page.wait_for_timeout(1200)
    assert page.evaluate("window.__titles") == []


def test_the_title_stops_flashing_when_the_turn_is_over(open_table):
    page = open_table()
    touch(page)
    page.evaluate(HIDE, True)
    page.evaluate(SWAP, cue("discard", "k1", my_turn=True))
    expect(page).to_have_title("轮到你了")
    page.evaluate(SWAP, cue("discard", "k2", my_turn=False))  # the computer played for me
    assert page.title() == TITLE
    page.wait_for_timeout(1200)
    assert page.title() == TITLE


def test_in_a_visible_tab_my_turn_chimes_and_leaves_the_title_alone(open_table):
    page = open_table()
    touch(page)
    page.evaluate(WATCH_TITLE)
    page.evaluate(SWAP, cue("pong", "k1", my_turn=True))
    page.wait_for_timeout(1200)
    assert page.evaluate("window.__titles") == []
    assert played(page) == ["pong", "turn"]
    assert page.evaluate("window.__vibrations") == [200]


def test_a_page_that_opens_on_my_turn_does_not_alert_again(open_table):
    page = open_table(my_turn=True)
    touch(page)
    page.evaluate(SWAP, cue("deal", "k0", my_turn=True))  # the same table, sent again
    page.wait_for_timeout(300)
    assert played(page) == [] and page.evaluate("window.__vibrations") == []
