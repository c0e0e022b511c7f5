"""The server process is killed (SIGKILL) in the middle of a round and started again:
the round finishes, its event log replays to the stored state, its ledger is complete,
and a browser that was at the table reconnects by itself and sees the current table."""

import sqlite3
import time

import pytest

from harness.ports import free_port
from harness.site import Site

pytestmark = pytest.mark.e2e

SETUP = """
from django.contrib.auth.models import User
from games.play import steps
from games.rooms import seating
owner = User.objects.create_user("owner", password="x-long-password-1")
room = seating.create_room(owner=owner, name="restart", options={})
seating.set_auto_play(room=room, user=owner, on=True)
for index in (1, 2, 3):
    seating.add_bot(room=room, user=owner, index=index, level="strong")
rnd = seating.set_ready(room=room, user=owner)
seating.set_auto_play(room=room, user=owner, on=True)
print(room.code, rnd.pk)
"""


def round_row(db, round_id):
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT version, status FROM games_round WHERE id = ?", (round_id,)
        ).fetchone()


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def log_in(page, url):
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "x-long-password-1")
    page.get_by_role("button", name="登录").click()


def test_a_round_survives_a_killed_server(tmp_path, browser):
    # The owner sits at the table on auto-play, watching from a browser.
    site = Site(tmp_path, BOT_DELAY="0.1", NEXT_ROUND_PAUSE="0")
    db = tmp_path / "site.sqlite3"
    site.prepare()
    code, round_id = site.manage("shell", "-c", SETUP).stdout.split()[-2:]
    round_id = int(round_id)
    port = free_port()
    try:
        url = site.start(port)
        page = browser.new_page(locale="zh-CN")
        log_in(page, url)
        page.goto(f"{url}/t/{code}/")
        wait_for(lambda: round_row(db, round_id)[0] >= 12, 60, "a dozen moves")
        site.kill(site.processes[0])
        shown = page.locator("#table-version").get_attribute("data-version")
        version, status = round_row(db, round_id)
        assert status == "playing", "the round ended before the kill: nothing was tested"
        time.sleep(0.5)
        assert round_row(db, round_id) == (version, status)  # nobody plays while it is down

        site.start(port)  # the same address: the open page reconnects by itself
        page.wait_for_function(
            "v => document.querySelector('#table-version').dataset.version !== v",
            arg=shown,
            timeout=30000,
        )
        wait_for(lambda: round_row(db, round_id)[1] == "ended", 120, "the round to end")
        page.get_by_role("region", name="结算").wait_for(timeout=15000)
    finally:
        site.stop_all()
    report = site.manage("verify_rounds", "--round", str(round_id)).stdout
    assert "ok" in report and "MISMATCH" not in report
    with sqlite3.connect(db) as conn:
        payments = conn.execute(
            "SELECT payer_seat, SUM(amount) FROM games_ledgerentry WHERE round_id = ? "
            "GROUP BY payer_seat",
            (round_id,),
        ).fetchall()
        events = conn.execute(
            "SELECT COUNT(*) FROM games_event WHERE round_id = ? AND kind = 'payment'", (round_id,)
        ).fetchone()[0]
        ledger = conn.execute(
            "SELECT COUNT(*) FROM games_ledgerentry WHERE round_id = ?", (round_id,)
        ).fetchone()[0]
    assert ledger == events  # every payment event has its ledger row
    assert payments or ledger == 0
