"""A club in the browser (issue 47), as friends use one: the owner makes a club and sends
its invitation link, two friends join by it, the owner sets up a table (三人两房), a
friend opens a room from it, computers fill the free seat, the round is played to the
settlement, and the club's standings show it. On a phone in Chinese and on a laptop in
English; nothing lies over a button on the club's page. With XUEZHAN_SHOTS=<directory>
the owner's view of the club's page is photographed, for a person to look at."""

import os
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.people import SCREENS, person
from tests.e2e.round_moves import play_to_the_settlement
from tests.e2e.screen_checks import screen_problems

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", list(SCREENS))
def test_friends_make_a_club_play_at_its_table_and_see_the_standings(site_url, browser, language):
    suffix = int(time.time() * 1000) % 10**6
    owner = person(browser, site_url, f"quanzhu{suffix}", language)
    owner.goto(site_url + "/clubs/")
    owner.locator("form.club-form input[name=name]").fill(f"周五麻将{suffix}")
    owner.locator("form.club-form button[type=submit]").click()
    club_path = urlsplit(owner.url).path
    assert club_path.startswith("/clubs/") and club_path.rstrip("/").split("/")[-1].isdigit()
    owner.locator("#admin").evaluate("details => { details.open = true; }")
    owner.locator("#invites form button.primary").click()
    link = owner.locator("#invites .share").first.get_attribute("data-share-url")
    assert "/clubs/join/" in link

    friends = []
    for number in range(2):
        friend = person(browser, site_url, f"pengyou{number}x{suffix}", language)
        friend.goto(link)
        friend.locator("main form button.primary").click()
        assert urlsplit(friend.url).path == club_path
        friends.append(friend)

    owner.goto(f"{site_url}{club_path}tables/new/?preset=three_two_suits")
    owner.locator("#table-form input[name=name]").fill("三人两房")
    owner.locator("#table-form button.primary").click()
    assert urlsplit(owner.url).path == club_path

    player, watcher = friends
    watcher.goto(site_url + club_path)
    player.goto(site_url + club_path)
    player.locator("form[action$='/open/'] button").first.click()
    assert urlsplit(player.url).path.startswith("/t/")
    # The other friend's club page, open all along, shows the new room with who sits
    # there (over its socket, no reload), and its "Sit down" works from the live list.
    live_room = watcher.locator("#tables .room-item")
    expect(live_room).to_contain_text(f"pengyou0x{suffix}", timeout=10_000)
    live_room.locator("form[action$='/sit/'] button").click()
    assert urlsplit(watcher.url).path == urlsplit(player.url).path
    watcher.locator("#seating form[action$='/leave/'] button").click()
    watcher.wait_for_load_state()
    player.locator("button[name=level][value=strong]").first.click()
    player.wait_for_load_state()
    player.locator("button[name=level][value=strong]").first.click()
    player.wait_for_load_state()
    player.locator("#seating button.primary").click()
    play_to_the_settlement(player)
    # Between rounds the seating links back to the club (games.play.homes), over nothing.
    back = player.locator("#seating .seating-home a")
    expect(back).to_have_text("返回亲友圈" if language == "zh-hans" else "Back to the club")
    expect(back).to_have_attribute("href", club_path)
    problems = screen_problems(player, playing=False)
    assert not problems, problems
    if os.environ.get("XUEZHAN_SHOTS"):
        back.scroll_into_view_if_needed()
        player.screenshot(path=f"{os.environ['XUEZHAN_SHOTS']}/club-table-{language}.png")

    # The club's page: the standings name the player with the round they played.
    for page in (player, owner):
        page.goto(site_url + club_path)
        standings = page.locator("#standings")
        assert f"pengyou0x{suffix}" in standings.inner_text()
        problems = screen_problems(page, playing=False)
        assert not problems, problems
    # From the smallest phone to a desktop, in each language: nothing over a button.
    for width, height in ((360, 740), (1920, 1080)):
        owner.set_viewport_size({"width": width, "height": height})
        problems = screen_problems(owner, playing=False)
        assert not problems, (width, problems)
    if os.environ.get("XUEZHAN_SHOTS"):  # for a person to look at
        owner.locator("#admin").evaluate("details => { details.open = true; }")
        owner.screenshot(path=f"{os.environ['XUEZHAN_SHOTS']}/club-{language}.png", full_page=True)
    # Somebody outside the club sees nothing of it.
    stranger = person(browser, site_url, f"luren{suffix}", language)
    assert stranger.goto(site_url + club_path).status == 404
