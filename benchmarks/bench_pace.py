"""How long a round takes: one person and three computer players, at the site's own
default pace (the computers' delay and the pause every discard stays on offer).

    .venv/bin/python -m benchmarks.bench_pace [--rounds 10]
    .venv/bin/python -m benchmarks.bench_pace --offer-pause 1.0 --bot-delay 0.6  # another pace

Starts the site (daphne, SQLite, in-memory layer) on a free port with the defaults of
xuezhan/settings.py unless told otherwise, signs a player up, opens a room with three
strong computer players and plays round after round in a real browser as a quick person
does: every move at once (a void, a win, a pass, else the drawn tile). A round runs from
the click on "ready" to the settlement on screen. Reports the median and p90 over the
rounds. Needs Debian's chromium.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.browser import CHROMIUM, CHROMIUM_ARGS, play_against_computers, play_one_move
from harness.site import Site

ROUND_TIMEOUT = 400


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--offer-pause", type=float, help="seconds (default: the site's)")
    parser.add_argument("--bot-delay", type=float, help="seconds (default: the site's)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as workdir:
        site = Site(Path(workdir))
        # The test site's quick pace is not what is measured here: the site's defaults
        # are, unless a pace is given.
        for name, value in (("OFFER_PAUSE", args.offer_pause), ("BOT_DELAY", args.bot_delay)):
            if value is None:
                site.env.pop(name, None)
            else:
                site.env[name] = str(value)
        site.prepare()
        try:
            url = site.start()
            lengths = play_rounds(url, args.rounds)
        finally:
            site.stop_all()
    ordered = sorted(lengths)
    print(
        f"offer pause {args.offer_pause or 'default'}, computer delay "
        f"{args.bot_delay or 'default'}: {len(lengths)} rounds, median "
        f"{statistics.median(lengths):.1f} s, p90 {ordered[int(len(ordered) * 0.9)]:.1f} s, "
        f"min {ordered[0]:.1f} s, max {ordered[-1]:.1f} s"
    )


def play_rounds(url: str, rounds: int) -> list[float]:
    lengths = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(locale="zh-CN", viewport={"width": 412, "height": 915})
        # Signs up, opens a room of three strong computers and presses ready: round 1 runs
        # from here (the sign-up and the room's set-up are not part of it).
        play_against_computers(page, url, "pace")
        settlement = page.get_by_role("region", name="结算")
        for number in range(rounds):
            start = time.monotonic()
            if number:
                page.get_by_role("button", name="准备下一局").click()
                settlement.wait_for(state="detached", timeout=15000)  # the last round's
            page.get_by_role("group", name="我的手牌").wait_for()
            while not settlement.count():
                if time.monotonic() - start > ROUND_TIMEOUT:
                    raise RuntimeError(f"round {number + 1} did not end")
                if not play_one_move(page):
                    page.wait_for_timeout(50)
            lengths.append(time.monotonic() - start)
            print(f"round {number + 1}: {lengths[-1]:.1f} s", flush=True)
        browser.close()
    return lengths


if __name__ == "__main__":
    main()
