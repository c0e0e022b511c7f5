"""Two daphne processes on PostgreSQL and Redis serve one room: a player connected to
one process sees at once the moves of a player connected to the other."""

import re
import time

import pytest
from django.conf import settings

from harness.browser import sign_up
from harness.site import Site, postgres_database

pytestmark = [pytest.mark.e2e, pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def fresh_postgres_database():
    """A database of its own for the two processes (not pytest's test database)."""
    with postgres_database("multi") as url:
        yield url


def test_players_on_two_processes_see_each_others_moves(tmp_path, fresh_postgres_database, browser):
    redis_url = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]["address"]
    site = Site(
        tmp_path, DATABASE_URL=fresh_postgres_database, REDIS_URL=redis_url, BOT_DELAY="0.05"
    )
    site.prepare()
    try:
        first, second = site.start(), site.start()
        alice_page = browser.new_context(locale="zh-CN").new_page()
        bob_page = browser.new_context(locale="zh-CN").new_page()
        stamp = int(time.time() * 1000) % 10**7
        alice, bob = f"alice{stamp}", f"bob{stamp}"
        sign_up(alice_page, first, alice)
        sign_up(bob_page, second, bob)

        alice_page.get_by_role("link", name="新建房间").click()
        alice_page.get_by_role("button", name="创建房间").click()
        code = alice_page.url.rstrip("/").split("/")[-1]
        bob_page.goto(f"{second}/t/{code}/")
        bob_page.get_by_role("button", name="坐这里").first.click()
        for _ in range(2):
            alice_page.get_by_role("button", name="加电脑（高手）").first.click()
        alice_page.get_by_role("button", name="准备开始").click()
        bob_page.get_by_role("button", name="准备开始").click()

        # Alice's page is served by the first process and learns of the round that Bob's
        # click started on the second one.
        alice_page.get_by_role("button", name=re.compile("^定缺：")).first.wait_for(timeout=15000)
        bob_page.get_by_role("button", name=re.compile("^定缺：")).first.wait_for(timeout=15000)
        alice_page.get_by_role("button", name="定缺：万").click()
        alice_on_bobs_page = bob_page.locator(f'section[aria-label*="{alice}"]')
        alice_on_bobs_page.get_by_text(re.compile("已定缺|缺万")).wait_for(timeout=5000)

        bob_page.get_by_role("button", name="定缺：筒").click()
        bob_on_alices_page = alice_page.locator(f'section[aria-label*="{bob}"]')
        bob_on_alices_page.get_by_text("缺筒").wait_for(timeout=5000)
    finally:
        site.stop_all()
