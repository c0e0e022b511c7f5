"""An arena in the browser (issue 48), as two friends use one: one makes a private arena
and signs up, sends the link, the other signs up by it, the maker starts it at once; the
clock seats the two with computers in the free seats, each page takes its player to the
table by itself. The friend puts the computer on (托管) and closes the page; the round is
played to the settlement, which shows the way back to the tournament; once it has been
shown, the maker's page goes back there by itself and on to the next table, where the
friend, seated again, shows as on the way (入座中), not offline. The tournament's
leaderboard shows both with their round. On a phone in Chinese and on a laptop in
English; nothing lies over a button on the tournament's page, 360 to 1920 px.
With XUEZHAN_SHOTS=<directory> the leaderboard is photographed, for a person to look at."""

import os
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.people import SCREENS, person
from tests.e2e.round_moves import play_to_the_settlement
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e


def header_cut_off(page) -> list[str]:
    """The header's visible links and buttons that reach past the window's right edge."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.site-header a, .site-header button')]
          .filter((el) => el.offsetParent !== null)
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.textContent.trim())"""
    )


@pytest.mark.parametrize("language", list(SCREENS))
def test_two_friends_play_an_arena_with_computers_filling(site_url, browser, language):
    suffix = int(time.time() * 1000) % 10**6
    maker = person(browser, site_url, f"saizhu{suffix}", language)
    maker.goto(site_url + "/tournaments/new/")
    maker.locator("input[name=name]").fill(f"周末赛{suffix}")
    maker.locator("form.club-form button[type=submit]").click()
    path = urlsplit(maker.url).path
    assert path.startswith("/tournaments/") and path != "/tournaments/new/"
    maker.locator("form[action$='/join/'] button").click()

    friend = person(browser, site_url, f"saiyou{suffix}", language)
    friend.goto(site_url + path)
    friend.locator("form[action$='/join/'] button").click()
    expect(maker.locator("#leaderboard")).to_contain_text(f"saiyou{suffix}", timeout=10_000)
    for page in (maker, friend):
        problems = screen_problems(page, playing=False)
        assert not problems, problems
        # The header's links (ten and a name when logged in) fit, or go behind the ☰.
        for width in (1024, 1280, 1366):
            page.set_viewport_size({"width": width, "height": 800})
            assert not header_cut_off(page), (width, header_cut_off(page))
        page.set_viewport_size(dict(zip(("width", "height"), SCREENS[language], strict=True)))

    # The maker starts it: the clock seats both with computers, and each page goes to
    # the table by itself.
    maker.locator("form[action$='/start/'] button").click()
    for page in (maker, friend):
        page.wait_for_url("**/t/*/", timeout=30_000)
    assert urlsplit(maker.url).path == urlsplit(friend.url).path
    friend.locator("#me-auto button").click()  # the friend lets the computer play
    # and closes the page: the next table still expects them, and shows them on the way.
    friend.close()
    first_table = urlsplit(maker.url).path
    play_to_the_settlement(maker)
    assert_the_next_table_follows(maker, first_table, language)
    assert_a_player_on_the_way_is_arriving(maker, language)

    # The leaderboard, as anybody with the link sees it (the two players are seated
    # again at once, and their pages follow them): both with their round, at every size.
    width, height = SCREENS[language]
    watcher = browser.new_page(locale="zh-CN", viewport={"width": width, "height": height})
    watcher.context.add_cookies([{"name": "django_language", "value": language, "url": site_url}])
    watcher.goto(site_url + path)
    board = watcher.locator("#leaderboard")
    for name in (f"saizhu{suffix}", f"saiyou{suffix}"):
        expect(board.locator("tr", has_text=name).locator("td").nth(2)).to_have_text(
            "1", timeout=10_000
        )
    for width, height in ((360, 740), SCREENS[language], (1920, 1080)):
        watcher.set_viewport_size({"width": width, "height": height})
        problems = screen_problems(watcher, playing=False)
        assert not problems, (width, problems)
    if os.environ.get("XUEZHAN_SHOTS"):
        watcher.set_viewport_size({"width": SCREENS[language][0], "height": SCREENS[language][1]})
        watcher.screenshot(
            path=f"{os.environ['XUEZHAN_SHOTS']}/tournament-{language}.png", full_page=True
        )
    assert_changes_are_applied(watcher)  # last: it gives the board a made-up order


def assert_the_next_table_follows(page, table_path: str, language: str) -> None:
    """The settlement shows the way back to the tournament (nothing over it); once it
    has been shown, the page goes back there by itself (table-home.js), and from there to
    the player's next table (tournament-live.js), never back to the table it left."""
    home = page.locator("#seating a[data-follow-home]")
    expect(home).to_be_visible()
    expect(home).to_have_text("返回比赛" if language == "zh-hans" else "Back to the tournament")
    problems = screen_problems(page, playing=False)
    assert not problems, problems
    if os.environ.get("XUEZHAN_SHOTS"):
        page.screenshot(path=f"{os.environ['XUEZHAN_SHOTS']}/tournament-table-{language}.png")
    page.wait_for_url("**/tournaments/*/", timeout=20_000)
    page.wait_for_url(
        lambda url: urlsplit(url).path.startswith("/t/") and urlsplit(url).path != table_path,
        timeout=30_000,
    )


def assert_a_player_on_the_way_is_arriving(page, language: str) -> None:
    """At a new table, a player who has not come yet is shown on the way (入座中), not
    offline (tournaments.tables.expected_by), with nothing over a button."""
    arriving = page.locator(".seat-head .badge.arriving")
    expect(arriving).to_have_count(1)
    expect(arriving).to_have_text("入座中" if language == "zh-hans" else "Arriving")
    expect(page.locator(".seat-head .badge.offline")).to_have_count(0)
    problems = screen_problems(page)
    assert not problems, problems
    if os.environ.get("XUEZHAN_SHOTS"):
        page.screenshot(path=f"{os.environ['XUEZHAN_SHOTS']}/tournament-arriving-{language}.png")


def assert_changes_are_applied(page) -> None:
    """The socket's changes (tournaments.board_changes) as tournament-live.js applies them:
    a changed row replaces its own, and the order puts every row in its place with its
    rank. Given here as the socket gives them, so that the outcome is known."""
    before = page.eval_on_selector_all("#leaderboard tbody tr", "rows => rows.map(r => r.id)")
    assert len(before) >= 2, before
    page.evaluate(
        """(ids) => {
          const changes = document.getElementById('leaderboard-changes');
          const row = document.getElementById(ids[0]).cloneNode(true);
          row.querySelector('td.num').textContent = '99';
          changes.innerHTML = '<table><tbody></tbody></table>';
          changes.querySelector('tbody').appendChild(row);
          const order = ids.slice().reverse().map((id, i) => id.slice(3) + ':' + (i + 1));
          changes.setAttribute('data-order', order.join(' '));
          document.dispatchEvent(new CustomEvent('htmx:oobAfterSwap'));
        }""",
        before,
    )
    after = page.eval_on_selector_all(
        "#leaderboard tbody tr",
        "rows => rows.map(r => [r.id, r.querySelector('td.lb-rank').textContent,"
        " r.querySelector('td.num').textContent])",
    )
    assert [row[0] for row in after] == before[::-1]
    assert [row[1] for row in after] == [str(n) for n in range(1, len(before) + 1)]
    assert after[-1][2] == "99"  # the changed row, now last
    assert page.locator("#leaderboard-changes tr").count() == 0
