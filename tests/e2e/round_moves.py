"""What a patient player clicks at the table, whatever the language, for the browser
tests that play a round to its end: 换三张's pick, then a void, a win, a pong or a pass,
else the tile just drawn."""

import time

from playwright.sync_api import Error as PlaywrightError


def swap_three(page) -> None:
    tiles = page.locator("[data-exchange-tile]")
    codes = [tiles.nth(i).get_attribute("data-exchange-tile") for i in range(tiles.count())]
    suit = next(s for s in "mps" if sum(code.endswith(s) for code in codes) >= 3)
    for i in [i for i, code in enumerate(codes) if code.endswith(suit)][:3]:
        tiles.nth(i).click()
    page.locator("button.exchange-submit").click()


def one_move(page, *, pong: bool = True) -> None:
    """A void, a win, a pong (unless ``pong`` is off), a pass, else the drawn tile."""
    verbs = ("void-choice", "verb-zimo", "verb-win", "verb-pong", "verb-pass")
    for selector in (f"button.{verb}" for verb in verbs if pong or verb != "verb-pong"):
        button = page.locator(selector)
        if button.count():
            button.first.click(timeout=2000)
            return
    playable = page.locator("#me-hand button.tile:enabled:not([aria-disabled=true])")
    if playable.count():
        playable.last.click(timeout=2000)


def play_to_the_settlement(page, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while not page.locator(".end-panel").count():
        assert time.monotonic() < deadline, "the round did not reach the settlement"
        try:
            if page.locator("[data-exchange-tile]").count():
                swap_three(page)
            else:
                one_move(page)
        except PlaywrightError:
            pass  # the table changed under the pointer: look again
        page.wait_for_timeout(60)
