"""The table's sounds: one for each new event, none for an event seen before, none
before the player has touched the page or after they muted it, and a tick for each of
the last five seconds of their own clock."""

import pytest
from playwright.sync_api import expect

from tests.e2e.table_client.page import SWAP, cue, open_settings, played, touch

pytestmark = pytest.mark.e2e


def test_each_new_event_plays_its_own_sound_once(open_table):
    page = open_table()
    # Before the player has touched the page the browser allows no audio: nothing plays.
    page.evaluate(SWAP, cue("discard", "k1"))
    assert played(page) == []
    touch(page)
    for number, kind in enumerate(["discard", "pong", "kong", "win", "zimo", "deal"], 2):
        page.evaluate(SWAP, cue(kind, f"k{number}"))
    assert played(page) == ["discard", "pong", "kong", "win", "zimo", "deal"]
    # The same event sent again, as after a reconnect, and an update with no news.
    page.evaluate(SWAP, cue("deal", "k7"))
    page.evaluate(SWAP, cue("", "k8"))
    assert len(played(page)) == 6


def test_the_table_a_page_opens_with_is_quiet(open_table):
    page = open_table()
    touch(page)
    page.evaluate(SWAP, cue("deal", "k0"))  # what the page showed when it opened
    assert played(page) == []


def test_sound_is_on_by_default_and_muting_it_holds_across_reloads(open_table):
    page = open_table()
    open_settings(page)
    switch = page.get_by_role("checkbox", name="声音效果")
    assert switch.is_checked()
    switch.uncheck()
    page.reload()
    open_settings(page)
    assert not page.get_by_role("checkbox", name="声音效果").is_checked()
    touch(page)
    page.evaluate(SWAP, cue("pong", "k1"))
    page.evaluate(SWAP, cue("discard", "k2", my_turn=True))
    assert played(page) == []
    open_settings(page)  # the touch outside closed them
    page.get_by_role("checkbox", name="声音效果").check()
    page.evaluate(SWAP, cue("kong", "k3"))
    assert played(page) == ["kong"]


def test_the_last_five_seconds_of_my_own_clock_tick(open_table):
    page = open_table()
    touch(page)
    # Somebody else's clock is not mine to worry about.
    page.evaluate(
        SWAP,
        '<div id="clock"><p class="countdown" data-seconds-left="2">Time: '
        '<span class="seconds">2</span> s</p></div>',
    )
    page.wait_for_timeout(2600)
    assert played(page) == []
    page.evaluate(
        SWAP,
        '<div id="clock"><p class="countdown my-clock" data-seconds-left="3">'
        'Your time: <span class="seconds">3</span> s</p></div>',
    )
    expect(page.locator(".countdown .seconds")).to_have_text("0")
    page.wait_for_timeout(400)
    assert played(page) == ["tick", "tick", "tick"]
