import os

import pytest

from harness.browser import CHROMIUM, CHROMIUM_ARGS
from harness.site import running_site


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    # A tournament seats its few players with computers after a second, not half a minute,
    # and its tables show their settlement for three seconds, not eight.
    with running_site(
        tmp_path_factory.mktemp("site"),
        TOURNAMENT_FILL_SECONDS="1",
        TOURNAMENT_SETTLEMENT_SECONDS="3",
    ) as url:
        yield url


@pytest.fixture
def browser():
    if CHROMIUM is None:
        if os.environ.get("XUEZHAN_REQUIRE_SERVICES") == "1":
            pytest.fail("chromium is not installed (apt-get install chromium)")
        pytest.skip("needs Debian's chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
