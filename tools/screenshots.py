"""Screenshots of the site's pages at the phone, landscape-phone and desktop sizes, in
Chinese and English, for a person to look at.

    .venv/bin/python -m tools.screenshots [--out /tmp/shots] [--moves 12]

Starts the site (daphne, SQLite, in-memory layer) on a free port, signs a player up,
opens a match of one round with three computer players, plays ``--moves`` clicks and
photographs the table; then plays the round out and photographs the settlement (with the
match's standings), the lobby, the room form, the history, the round's page with its
replay, the room's scoreboard, the rules page and the ranking. Needs Debian's chromium
(and fonts-noto-cjk for Chinese).
"""

import argparse
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

from benchmarks.bench_table import next_click
from harness.browser import CHROMIUM, CHROMIUM_ARGS, play_against_computers
from harness.site import running_site

SIZES = {
    "phone": (412, 915),
    "landscape": (915, 412),
    "laptop": (1280, 800),
    "desktop": (1366, 768),
}
MORE_SIZES = {"phone360": (360, 740), "hd": (1920, 1080)}
LANGUAGES = {"zh": "zh-hans", "en": "en"}


def play(page, moves: int, *, until_end: bool = False) -> None:
    deadline = time.monotonic() + 240
    done = 0
    while time.monotonic() < deadline and (until_end or done < moves):
        if page.get_by_role("region", name="结算").count():
            return
        target = next_click(page)
        if target is None:
            page.wait_for_timeout(100)
            continue
        try:
            target.click(timeout=2000)
            done += 1
        except Exception:  # the table changed under the pointer; look again
            continue
        page.wait_for_timeout(150)


def shoot(browser, state, url: str, out: Path, name: str, sizes=None) -> None:
    for size, (width, height) in (sizes or SIZES).items():
        for short, language in LANGUAGES.items():
            context = browser.new_context(
                storage_state=state, locale="zh-CN", viewport={"width": width, "height": height}
            )
            # The cookie for the whole site (path /): the table's socket must get it too.
            context.add_cookies(
                [
                    {
                        "name": "django_language",
                        "value": language,
                        "path": "/",
                        "domain": urlsplit(url).hostname,
                    }
                ]
            )
            page = context.new_page()
            page.goto(url, wait_until="networkidle")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"{name}-{size}-{short}.png"))
            context.close()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument(
        "--preset", help="the room form's preset, e.g. three_two_suits (RULES.md section 14)"
    )
    parser.add_argument(
        "--sizes",
        help="comma-separated: " + ", ".join(SIZES) + ", phone360, hd (default: the four)",
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    every = {**SIZES, **MORE_SIZES}
    sizes = {key: every[key] for key in args.sizes.split(",")} if args.sizes else SIZES
    with tempfile.TemporaryDirectory() as workdir, running_site(Path(workdir), 0.3) as url:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
            table_url = play_against_computers(page, url, "shots", rounds=1, preset=args.preset)
            play(page, args.moves)
            state = page.context.storage_state()
            shoot(browser, state, table_url, args.out, "table", sizes)
            play(page, 0, until_end=True)
            page.get_by_role("region", name="结算").wait_for(timeout=120000)
            shoot(browser, state, table_url, args.out, "settlement", sizes)
            page.goto(url + "/history/")
            round_path = urlsplit(
                page.locator("table a[href^='/rounds/']").first.get_attribute("href", timeout=10000)
            ).path
            for name, path in (
                ("lobby", "/"),
                ("room-form", "/rooms/new/"),
                ("history", "/history/"),
                ("round", round_path),
                ("scores", urlsplit(table_url).path + "scores/"),
                ("rules", "/rules/"),
                ("ranking", "/ranking/"),
            ):
                shoot(browser, state, url + path, args.out, name, sizes)
            browser.close()
    print(f"screenshots in {args.out}")


if __name__ == "__main__":
    main()
