"""Chromium for browser tests, benchmarks and tools (Debian's package), and a player in
it: signing up, a game against the computer players, and a move at the table."""

import re
import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def sign_up(page, url: str, name: str) -> None:
    page.goto(url + "/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "long-pass-phrase-9")
    page.fill("#id_password2", "long-pass-phrase-9")
    page.get_by_role("button", name="创建账户").click()
    page.wait_for_url(url + "/")


def play_against_computers(
    page, url: str, name: str, *, rounds: int | None = None, preset: str | None = None
) -> str:
    """As a new player does: sign ``name`` up, open a room (of the room form's ``preset``
    and a match of ``rounds`` rounds if given), fill its free seats with strong computer
    players (as many as the preset's table has) and press ready. Returns the table's
    address."""
    from games.rules.presets import PRESETS

    computers = PRESETS[preset or "book"].options["players"] - 1
    sign_up(page, url, name)
    page.goto(url + "/rooms/new/" + (f"?preset={preset}" if preset else ""))
    if rounds is not None:
        page.locator("select[name=rounds]").select_option(str(rounds))
    page.get_by_role("button", name="创建房间").click()
    table_url = page.url
    for _ in range(computers):
        page.get_by_role("button", name="加电脑（高手）").first.click()
        page.wait_for_load_state()
    page.get_by_role("button", name="准备开始").click()
    return table_url


def version(page) -> str:
    return page.locator("#table-version").get_attribute("data-version")


def choose_move(page):
    """What a patient player would click: a void, a win, a pass, else a tile (the drawn
    one, which sits last). None when nothing can be clicked (the computers are moving)."""
    void = page.get_by_role("button", name=re.compile("^定缺："))
    if void.count():
        return void.first
    for name in ("自摸", "胡", "过"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count():
            return button
    playable = page.get_by_role("group", name="我的手牌").locator(
        "button:enabled:not([aria-disabled=true])"
    )  # greyed tiles only say why not
    return playable.last if playable.count() else None


def play_one_move(page) -> bool:
    """Click one move and wait for the table it brings back. False when there was
    nothing to click, or the table changed under the pointer (a computer moved first)."""
    before = version(page)
    target = choose_move(page)
    if target is None:
        return False
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        target.click(timeout=2000)
    except PlaywrightTimeout:
        return False
    # The move comes back over the WebSocket as a new table.
    page.wait_for_function(
        "v => document.querySelector('#table-version').dataset.version !== v",
        arg=before,
        timeout=10000,
    )
    return True
