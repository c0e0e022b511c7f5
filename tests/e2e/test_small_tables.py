"""Tables for three and for two (RULES.md section 14) in the browser, as a person plays
them: 三人两房 on a phone in Chinese and 两人麻将 on a laptop in English, each with 换三张,
from the room form's preset to the settlement and the round's replay. The board draws
three players with the top side empty and two face to face, and at every moment (the
swap, a claim, a win, the settlement) and every size from 360 px to 1920 px nothing lies
over a control, nothing scrolls sideways and the hand's tiles are big enough
(tests/e2e/screen_checks.py); the rivers' tiles are larger than a four-player table's.

With XUEZHAN_SHOTS=<directory> the test also photographs each moment at each size, for a
person to look at (XUEZHAN_SHOTS_LANGUAGE=en or zh-hans plays both tables in that
language instead)."""

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from harness.browser import sign_up
from tests.e2e.board_checks import replay_board_problems
from tests.e2e.round_moves import one_move, swap_three
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e

ROUND_TIMEOUT = 240
MOMENTS = """() => ({
  exchange: !!document.querySelector('[data-exchange-tile]'),
  claim: !!document.querySelector('button.verb-pass'),
  win: !!document.querySelector('#win-banner .win-line'),
  settlement: !!document.querySelector('.end-panel'),
})"""
# How the board is drawn: the positions of the seats, and the width of a river's tile.
BOARD = """() => {
  const board = document.querySelector('.stage > .board');
  const seats = [...board.querySelectorAll(':scope > .seat')];
  const tile = board.querySelector('.discards .tile-img, .hidden-hand .tile-back');
  return {
    seats: seats.map(s => [...s.classList].find(c => c.startsWith('seat-') && c !== 'seat')),
    boardClass: board.className,
    riverTile: tile ? tile.getBoundingClientRect().width : 0,
  };
}"""

TABLES = {
    # preset, language, sizes (the first is the one played at), the seats' positions
    "three_two_suits": (
        "zh-hans",
        [(412, 915), (360, 740), (915, 412), (768, 1024), (1280, 800)],
        {"seat-bottom", "seat-right", "seat-left"},
    ),
    "two_players": (
        "en",
        [(1280, 800), (1920, 1080), (1366, 768), (390, 844), (360, 740)],
        {"seat-bottom", "seat-top"},
    ),
}


def open_table(page, url: str, preset: str, language: str) -> int:
    """Sign up, make the preset's room with 换三张, fill the free seats with computers and
    press ready. Returns how many sit at the table."""
    sign_up(page, url, f"small{preset[:3]}{int(time.time() * 1000) % 10**7}")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page.goto(f"{url}/rooms/new/?preset={preset}")
    players = int(page.locator("select[name=players]").input_value())
    page.locator("input[name=exchange_three]").check()
    page.locator("form.room-form button[type=submit]").click()
    for _ in range(players - 1):
        page.locator("button[name=level][value=strong]").first.click()
        page.wait_for_load_state()
    assert not page.locator("button[name=level][value=strong]").count()  # no seat left
    page.locator("#seating button.primary").click()
    return players


def look(page, size, where: str, shots: Path | None, name: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    problems = screen_problems(page)
    assert not problems, f"{size[0]}×{size[1]} at {where}: {problems}"
    if shots is not None:
        page.screenshot(path=str(shots / f"{name}-{where}-{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("preset", list(TABLES))
def test_a_small_table_is_played_to_the_settlement_at_every_size(site_url, browser, preset):
    language, sizes, positions = TABLES[preset]
    language = os.environ.get("XUEZHAN_SHOTS_LANGUAGE", language)
    shots = Path(os.environ["XUEZHAN_SHOTS"]) if os.environ.get("XUEZHAN_SHOTS") else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    width, height = sizes[0]
    page = browser.new_page(locale="zh-CN", viewport={"width": width, "height": height})
    players = open_table(page, site_url, preset, language)
    page.locator("#me-hand").wait_for()

    board = page.evaluate(BOARD)
    assert f"seats-{players}" in board["boardClass"]
    assert set(board["seats"]) == positions  # mine at the bottom (#me), the others around
    assert page.locator("#me.seat-bottom").count() == 1

    seen, step = set(), 0
    deadline = time.monotonic() + ROUND_TIMEOUT
    while "settlement" not in seen:
        assert time.monotonic() < deadline, "the round did not reach the settlement"
        moments = page.evaluate(MOMENTS)
        for moment in [m for m, shown in moments.items() if shown and m not in seen]:
            seen.add(moment)
            for size in sizes:
                look(page, size, moment, shots, preset)
            page.set_viewport_size({"width": width, "height": height})
        step += 1
        try:
            if moments["exchange"]:
                swap_three(page)
            elif not moments["settlement"]:
                one_move(page)
        except PlaywrightError:
            pass  # the table changed under the pointer: look again
        page.wait_for_timeout(60)
    assert {"exchange", "settlement"} <= seen
    # The settlement has a card per player, and says which table this was.
    settlement = page.locator("#settlement")
    assert settlement.locator(".result-card").count() == players
    table_words = {
        ("three_two_suits", "zh-hans"): "三人两房",
        ("three_two_suits", "en"): "3 players, 2 suits",
        ("two_players", "zh-hans"): "两人三房",
        ("two_players", "en"): "2 players, 3 suits",
    }[preset, language]
    assert table_words in settlement.locator(".settlement-title").inner_text()
    assert table_words in page.locator(".end-panel > summary").inner_text()  # seen on its bar

    # The round's page: its replay draws the same table, every seat's tiles in view.
    page.goto(
        site_url + page.locator("#settlement a[href^='/rounds/']").first.get_attribute("href")
    )
    assert table_words in page.locator(".round-page > p.muted").first.inner_text()
    problems = replay_board_problems(page, deal=True, seats=players, min_tiles=13 * players)
    assert problems == [], problems
    if shots is not None:
        page.screenshot(path=str(shots / f"{preset}-round-page.png"), full_page=True)


RIVER_TILE = """() => parseFloat(getComputedStyle(
  document.querySelector('.seat-top .discards')).gridTemplateColumns)"""


def test_the_rivers_of_a_table_for_two_are_larger_than_at_four(site_url, browser):
    """The room a missing seat frees goes to the tiles: at 412×915 a table for two draws
    the river opposite with tiles a fifth larger than a table for four does (the width
    of the river's columns, which are a tile wide)."""
    widths = {}
    for preset in ("book", "two_players"):
        page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
        open_table(page, site_url, preset, "zh-hans")
        deadline = time.monotonic() + 60
        while not page.locator(".seat-top .discards").count():  # until the top discards
            assert time.monotonic() < deadline, "nobody discarded opposite"
            try:
                if page.locator("[data-exchange-tile]").count():
                    swap_three(page)
                else:
                    one_move(page)
            except PlaywrightError:
                pass  # the table changed under the pointer: look again
            page.wait_for_timeout(100)
        widths[preset] = page.evaluate(RIVER_TILE)
        page.close()
    assert widths["two_players"] >= widths["book"] * 1.2, widths
