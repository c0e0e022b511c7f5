"""血流成河 on a phone: a seat that has won twice shows 已胡×2 with both winning tiles,
and its locked hand, within the screen's width (static/css/table.css)."""

import pytest
from django.utils import translation

from games.play.snapshot import load_snapshot
from games.table.parts import render_table
from harness import ROOT
from tests.table.scenes import two_wins
from tests.tables import four_people

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

PHONE = {"width": 412, "height": 915}


@pytest.fixture
def table_page(tmp_path) -> str:
    """Rendered before the browser starts: Django's database calls refuse to run beside
    Playwright's event loop."""
    room, users = four_people("p")
    two_wins(room)
    with translation.override("zh-hans"):
        body = render_table(load_snapshot(room.pk), user=users[2], csrf="x").full()
    # The tile pictures from the site's static folder, as the page would load them.
    body = body.replace('src="/static/', f'src="{(ROOT / "static").as_uri()}/')
    sheets = "".join(
        f'<link rel="stylesheet" href="{(ROOT / "static/css" / name).as_uri()}">'
        for name in ("site.css", "table.css")
    )
    path = tmp_path / "table.html"
    path.write_text(
        f'<!doctype html><html lang="zh-Hans"><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width">{sheets}'
        f'<body class="table-body"><div class="table-page">{body}</div></body>'
        f"</html>",
        encoding="utf-8",
    )
    return path.as_uri()


def test_a_seat_with_two_wins_reads_won_twice_on_a_phone(table_page, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(table_page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    badge = page.locator("#seat-1-head .badge.won")
    assert badge.inner_text().startswith("已胡×2")
    tiles = badge.locator("img.won-tile")
    assert tiles.count() == 2
    for index in range(2):
        assert tiles.nth(index).get_attribute("alt") == "五筒"
        box = tiles.nth(index).bounding_box()
        assert box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # The locked hand is laid down for everyone to see.
    assert page.locator("#seat-1-hand.shown-hand img").count() == 13
