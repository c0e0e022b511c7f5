"""The table in a real browser: first-load size and the time from a click to the
updated table.

    .venv/bin/python -m benchmarks.bench_table [--clicks 40]

Starts the site (daphne, SQLite, in-memory layer) on a free port, signs a player up,
opens a room with three strong computer players and plays by clicking. Each click is
timed twice: by the browser, from the click's input event to the first frame drawn
with the move's own update (before any computer player moves) — the delay a person
sees; and from outside, from Playwright's click on the element (found beforehand) to the
new version in the page, which adds Playwright's own checks and round trips. It clicks,
as a person does, once the table is still (no animation running). Needs Debian's chromium.
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.browser import CHROMIUM, CHROMIUM_ARGS, play_against_computers
from harness.site import running_site

# No short animation running (the win banner's five seconds do not hold a person back).
STILL = """() => document.getAnimations().every(
  a => a.playState !== "running" || a.effect.getComputedTiming().duration > 1000)"""

# In the page: the click's input time, and the first frame drawn after the table's
# version changed (a task queued from the frame's animation callback runs once that
# frame is painted).
TIME_IN_PAGE = """() => {
  if (window.__clickTimes) return;
  window.__clickTimes = [];
  let clicked = null, version = document.querySelector('#table-version').dataset.version;
  document.addEventListener('click', e => { clicked = e.timeStamp; }, true);
  new MutationObserver(() => {
    const now = document.querySelector('#table-version');
    if (!now || now.dataset.version === version) return;
    version = now.dataset.version;
    if (clicked === null) return;
    const from = clicked; clicked = null;
    requestAnimationFrame(() => setTimeout(() => {
      window.__clickTimes.push(performance.now() - from); }, 0));
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ['data-version']});
}"""

TAKE_TIMES = """() => { const t = window.__clickTimes || []; window.__clickTimes = [];
  return t; }"""

FIRST_LOAD_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  return {
    document: nav.transferSize,
    resources: resources.reduce((sum, r) => sum + r.transferSize, 0),
    count: resources.length + 1,
  };
}"""


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="as a browser set to reduce motion (no slide or drop animations)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as workdir, running_site(Path(workdir), 0.3) as url:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(
                locale="zh-CN",
                viewport={"width": 412, "height": 915},
                reduced_motion="reduce" if args.reduced_motion else "no-preference",
            )
            table_url = play_against_computers(page, url, "bench")

            # First load of the table page, in a fresh context (empty cache).
            fresh = browser.new_context(locale="zh-CN", storage_state=page.context.storage_state())
            first = fresh.new_page()
            first.goto(table_url, wait_until="networkidle")
            sizes = first.evaluate(FIRST_LOAD_JS)
            fresh.close()

            timings, in_page = play_and_time(page, args.clicks)
            browser.close()
    total = sizes["document"] + sizes["resources"]
    print(
        f"first load of the table page: {total / 1024:.1f} KiB transferred in "
        f"{sizes['count']} requests (HTML {sizes['document'] / 1024:.1f} KiB)"
    )
    report("input to the painted update (in the browser)", in_page)
    report("Playwright's click to the new version in the page", timings)


def report(what: str, timings: list[float]) -> None:
    if timings:
        ordered = sorted(timings)
        print(
            f"{what}, over {len(timings)} clicks: median "
            f"{statistics.median(timings):.0f} ms, p90 {ordered[int(len(ordered) * 0.9)]:.0f} ms, "
            f"max {max(timings):.0f} ms"
        )


def play_and_time(page, clicks: int) -> tuple[list[float], list[float]]:
    """Times from outside and from inside the page (see the module's docstring)."""
    timings: list[float] = []
    in_page: list[float] = []
    page.evaluate(TIME_IN_PAGE)
    deadline = time.monotonic() + 300
    while len(timings) < clicks and time.monotonic() < deadline:
        if page.get_by_role("region", name="结算").count():
            in_page += page.evaluate(TAKE_TIMES)
            page.get_by_role("button", name="准备下一局").click()
            page.wait_for_timeout(500)
            page.evaluate(TIME_IN_PAGE)  # again, if the next round is a new page
            continue
        target = next_click(page)
        if target is None:
            page.wait_for_timeout(50)
            continue
        # A person clicks once the table is still: wait out a running animation (the
        # computers' discards slide into their rivers), so that it does not share the
        # measured time of the click.
        page.wait_for_function(STILL, polling=5, timeout=2000)
        before = page.locator("#table-version").get_attribute("data-version")
        # Found before the clock starts: Playwright's search by role and name computes
        # accessible names across the whole page, its own cost, not the player's.
        element = target.element_handle(timeout=2000)
        start = time.perf_counter()
        element.click()
        page.wait_for_function(
            "v => document.querySelector('#table-version').dataset.version !== v",
            arg=before,
            polling=5,
            timeout=10000,
        )
        timings.append((time.perf_counter() - start) * 1000)
    page.wait_for_timeout(200)
    return timings, in_page + page.evaluate(TAKE_TIMES)


def next_click(page):
    void = page.get_by_role("button", name="定缺：万")
    if void.count():
        return void
    for name in ("自摸", "胡", "过"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count():
            return button
    # Tiles the player may discard (a greyed tile, aria-disabled, only says why not).
    playable = page.get_by_role("group", name="我的手牌").locator(
        "button:enabled:not([aria-disabled=true])"
    )
    return playable.last if playable.count() else None


if __name__ == "__main__":
    main()
