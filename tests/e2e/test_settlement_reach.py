"""The way on is within a screen's reach when a round ends: on a
412 × 915 phone and a 1280 × 800 laptop, in Chinese and English, the end panel opens on
the result cards and 准备下一局, both on screen without any scrolling, and the payments
come below them; while the panel scrolls, no line is drawn over its sticky 结算 bar. At a
match's end the final standings come first, then the cards, then the payments.

The rounds are real: played to their end by three computers and the owner on auto-play
(games.play.steps.run_bots), until one has eight payments or more, so that the panel has
something to scroll."""

import json

import pytest

from harness.site import Site

pytestmark = pytest.mark.e2e

SIZES = [(412, 915), (1280, 800)]
READY = {"zh-hans": "准备下一局", "en": "Ready for the next round"}
REGION = {"zh-hans": "结算", "en": "Settlement"}
PASSWORD = "x-long-password-1"

SETUP = """
import json
from django.contrib.auth.models import User
from games.play import steps
from games.rooms import seating

def play(room, owner):
    rnd = seating.set_ready(room=room, user=owner)
    seating.set_auto_play(room=room, user=owner, on=True)
    steps.run_bots(round_id=rnd.pk)
    seating.set_auto_play(room=room, user=owner, on=False)
    rnd.refresh_from_db()
    assert rnd.status == "ended", rnd.status
    return rnd

owner = User.objects.create_user("owner", password=PASSWORD)
found = {}
for name, options in (("long", {}), ("match", {"rounds": 1})):
    room = seating.create_room(owner=owner, name=name, options=options)
    for index in (1, 2, 3):
        seating.add_bot(room=room, user=owner, index=index, level="strong")
    for attempt in range(100):  # about one round in six has eight payments or more
        rnd = play(room, owner)
        if name == "match" or len(rnd.state["ledger"]) >= 8:
            break
    found[name] = [room.code, len(rnd.state["ledger"])]
print(json.dumps(found))
"""

# Where the parts of the open end panel stand, in the window's pixels.
LAYOUT = """() => {
  const panel = document.querySelector('.end-panel');
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const payments = [...panel.querySelectorAll('#settlement ol.payments li')];
  return {
    scrollY: window.scrollY, panelScroll: panel.scrollTop,
    panel: box(panel), bar: box(panel.querySelector(':scope > summary')),
    standings: box(panel.querySelector('#standings')),
    cards: box(panel.querySelector('.result-cards')),
    firstPayment: box(payments[0]), payments: payments.length,
    innerHeight: window.innerHeight,
  };
}"""

# Scrolls the panel from top to bottom in steps; at each step, what lies at the sticky
# bar's centre and at a point near its left end (the first thing a line would cover).
BAR_WHILE_SCROLLING = """async () => {
  const panel = document.querySelector('.end-panel');
  const bar = panel.querySelector(':scope > summary');
  const covered = [];
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  let steps = 0;
  for (let top = 0; ; top += 37) {
    panel.scrollTop = top;
    await frame();
    steps += 1;
    const r = bar.getBoundingClientRect();
    for (const x of [r.left + r.width / 2, r.left + 40]) {
      const hit = document.elementFromPoint(x, r.top + r.height / 2);
      if (!hit || !(hit === bar || bar.contains(hit))) {
        covered.push(`${panel.scrollTop}: ${hit ? hit.tagName + '.' + hit.className : 'nothing'}`);
      }
    }
    if (panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 1) break;
  }
  return {covered, steps, scrolled: panel.scrollTop};
}"""


@pytest.fixture(scope="module")
def ended_rooms(tmp_path_factory):
    """A site with two rooms of the owner: "long", whose last round ended with eight
    payments or more, and "match", a match of one round that is over."""
    site = Site(tmp_path_factory.mktemp("reach"), BOT_DELAY="0")
    site.prepare()
    setup = f"PASSWORD = {PASSWORD!r}\n" + SETUP
    found = json.loads(site.manage("shell", "-c", setup).stdout.strip().splitlines()[-1])
    assert found["long"][1] >= 8, found
    try:
        yield site.start(), found["long"][0], found["match"][0]
    finally:
        site.stop_all()


def open_table(browser, url, code, language, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN")
    page = context.new_page()
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="登录").click()
    page.wait_for_url(url + "/")
    if language == "en":
        context.add_cookies([{"name": "django_language", "value": "en", "url": url}])
    page.goto(f"{url}/t/{code}/")
    page.get_by_role("region", name=REGION[language]).wait_for()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return context, page


def visible_in(inner, outer) -> bool:
    return (
        inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
        and inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
    )


@pytest.mark.parametrize("language", ["zh-hans", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cards_and_the_ready_button_are_on_screen_and_the_payments_below(
    browser, ended_rooms, language, size
):
    url, code, _match = ended_rooms
    context, page = open_table(browser, url, code, language, size)
    layout = page.evaluate(LAYOUT)
    assert layout["scrollY"] == 0 and layout["panelScroll"] == 0
    assert layout["payments"] >= 8

    button = page.get_by_role("button", name=READY[language], exact=True)
    found = button.bounding_box()
    assert found is not None
    ready = {
        "top": found["y"],
        "bottom": found["y"] + found["height"],
        "left": found["x"],
        "right": found["x"] + found["width"],
    }
    window = {"top": 0, "bottom": size[1], "left": 0, "right": size[0]}
    # On screen without scrolling: inside the panel's visible box, under its bar, and
    # nothing lies over it.
    seen = dict(layout["panel"], top=layout["bar"]["bottom"])
    assert visible_in(ready, window) and visible_in(ready, seen), (ready, layout)
    centre = [(ready["left"] + ready["right"]) / 2, (ready["top"] + ready["bottom"]) / 2]
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('button')?.textContent.trim()", centre
    )
    assert hit == READY[language]
    # The cards first (on screen too), then the button, then the payments.
    assert layout["cards"]["top"] >= layout["bar"]["bottom"] - 0.5
    assert layout["cards"]["top"] < layout["panel"]["bottom"]
    assert layout["cards"]["bottom"] <= ready["top"] <= layout["firstPayment"]["top"]
    context.close()


@pytest.mark.parametrize("language", ["zh-hans", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_line_is_drawn_over_the_sticky_bar_while_the_panel_scrolls(
    browser, ended_rooms, language, size
):
    url, code, _match = ended_rooms
    context, page = open_table(browser, url, code, language, size)
    found = page.evaluate(BAR_WHILE_SCROLLING)
    assert found["steps"] > 3 and found["scrolled"] > 150, found  # it did scroll
    assert not found["covered"], found["covered"]
    context.close()


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_at_a_matchs_end_the_standings_then_the_cards_then_the_payments(
    browser, ended_rooms, language
):
    url, _long, code = ended_rooms
    context, page = open_table(browser, url, code, language, (412, 915))
    layout = page.evaluate(LAYOUT)
    assert layout["standings"] is not None
    assert not page.get_by_role("button", name=READY[language], exact=True).count()
    assert layout["bar"]["bottom"] - 0.5 <= layout["standings"]["top"]
    assert layout["standings"]["bottom"] <= layout["cards"]["top"] < layout["panel"]["bottom"]
    if layout["firstPayment"] is not None:
        assert layout["cards"]["bottom"] <= layout["firstPayment"]["top"]
    context.close()
