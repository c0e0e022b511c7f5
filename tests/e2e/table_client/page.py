"""A table page as the server renders it, for the browser tests of the table's sounds,
alerts, motion and settings (the files that templates/games/table/_client_assets.html
and _prefs.html bring to the table).

The page is page.html, rendered by Django in the player's language with the site's own
static files and served under the site's Content-Security-Policy. The table's updates
are played the way htmx applies them: an element replaced by one with the same id.
"""

import mimetypes
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.loader import get_template
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games.words import display

ROOT = Path(__file__).resolve().parents[3]
URL = "http://table.test/"
PAGE = (Path(__file__).parent / "page.html").read_text(encoding="utf-8")
TITLE = "Room 1 · Xuezhan Daodi"
SERVER_HAND = ["1m", "5m", "2p", "2p", "7p", "3s", "4s", "6m", "8p", "9p", "1s", "2m", "3m"]

# Replace the element with the id of the new one, as htmx does with hx-swap-oob, and
# tell the countdown (static/js/table-prefs.js) about it as htmx would (htmx:load).
SWAP = """html => {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const fresh = template.content.firstElementChild;
  document.getElementById(fresh.id).replaceWith(fresh);
  fresh.dispatchEvent(new CustomEvent("htmx:load", {bubbles: true}));
}"""


def hand(tiles, drawn=None, void="s", language="zh-hans"):
    """#me-hand as the server sends it: the tiles in the server's order, the void suit's
    marked, the drawn tile last and apart."""

    def button(tile, extra=""):
        classes = "tile" + (" void-tile" if tile[1] == void else "") + extra
        name = escape(display.tile_name(tile))
        return (
            f'<button type="submit" name="tile" value="{tile}" class="{classes}" '
            f'aria-label="{name}" title="{name}"><img src="/static/tiles/{tile}.svg" '
            f'alt="" class="tile-img" width="60" height="80"></button>'
        )

    label = "我的手牌" if language == "zh-hans" else "Your hand"
    with translation.override(language):
        buttons = "".join(button(t) for t in tiles)
        if drawn:
            buttons += '<span class="drawn-gap"></span>' + button(drawn, " drawn")
    return (
        f'<div id="me-hand" class="hand" role="group" aria-label="{label}">'
        f'<form class="tile-form"><input type="hidden" name="type" value="discard">'
        f"{buttons}</form></div>"
    )


def cue(kind, key, my_turn=False):
    """#table-cue: what just happened (kind), its key, whether it is my decision now."""
    return (
        f'<span id="table-cue" data-cue="{kind}" data-cue-key="{key}" '
        f'data-my-turn="{int(my_turn)}" hidden></span>'
    )


def prefs_panel(language="zh-hans"):
    """The settings panel as the server renders it (nothing chosen in its markup)."""
    with translation.override(language):
        return get_template("games/table/_prefs.html").render({})


def render_page(language, my_turn=False):
    """The page as it opens: the round just dealt (cue k0), my turn or not."""
    with translation.override(language):
        return (
            engines["django"]
            .from_string(PAGE)
            .render(
                {
                    "language": language,
                    "hand": mark_safe(hand(SERVER_HAND, drawn="5p", language=language)),
                    "cue": mark_safe(cue("deal", "k0", my_turn)),
                }
            )
        )


def serve(route, language, my_turn=False):
    """The page at /, the site's static files under /static/, with the site's CSP."""
    path = route.request.url.removeprefix(URL.rstrip("/"))
    headers = {"Content-Security-Policy": settings.CONTENT_SECURITY_POLICY}
    if path == "/":
        route.fulfill(
            status=200,
            headers=headers,
            content_type="text/html; charset=utf-8",
            body=render_page(language, my_turn),
        )
        return
    file = ROOT / "static" / path.removeprefix("/static/").split("?")[0]
    if not path.startswith("/static/") or not file.is_file():
        route.fulfill(status=404, body="")
        return
    kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    route.fulfill(status=200, headers=headers, content_type=kind, body=file.read_bytes())


def played(page):
    """The sounds the page has played, by kind: the "xuezhan:sound" events of
    static/js/table-sounds.js, which the open_table fixture's init script records."""
    return page.evaluate("window.__soundsHeard")


def touch(page):
    """A press on the page: browsers start audio only after one."""
    page.locator("h1").click()


def open_settings(page, name="设置"):
    page.get_by_text(name, exact=True).click()


def html_classes(page):
    return set(page.evaluate("document.documentElement.className").split())
