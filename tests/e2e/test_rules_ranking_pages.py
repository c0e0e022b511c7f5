"""The rules page and the ranking on a phone: one column that fits the screen's width,
every tile picture loaded, nothing refused by the Content-Security-Policy."""

import pytest

pytestmark = pytest.mark.e2e

PHONE = {"width": 412, "height": 915}
ROWS_OF_TILES = "ul => new Set([...ul.querySelectorAll('img')].map(i => i.offsetTop)).size"


@pytest.mark.parametrize("path", ["/rules/", "/ranking/"])
def test_the_page_fits_a_phone_and_loads_its_pictures(browser, site_url, path):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="zh-CN")
    page = context.new_page()
    problems = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text) if message.type in ("error", "warning") else None
        ),
    )
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert (
        page.evaluate("""[...document.images].filter(
        i => !i.complete || i.naturalWidth === 0).map(i => i.src)""")
        == []
    )
    if path == "/rules/":
        assert page.evaluate("document.querySelectorAll('.rule-hand img').length") > 300
        # A hand of thirteen stays on one line, in an example's box too.
        for selector in ("#fan-qingyise .shown-hand", "#pay-ron .shown-hand"):
            tops = page.eval_on_selector(selector, ROWS_OF_TILES)
            assert tops == 1, selector
    assert problems == []
    context.close()
