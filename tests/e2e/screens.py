"""Pages the browser tests look at on every screen size: a room at the swap, and where the
win card sits."""

import time

from harness.browser import sign_up

WIN_CARD_IN_THE_MIDDLE_ROW = """() => {
  const banner = document.querySelector('#win-banner');
  const card = banner && banner.querySelector('.win-card');
  if (!card || !card.checkVisibility({visibilityProperty: true})) return true;  // gone
  if (document.querySelector('.end-panel')) return true;  // under the settlement
  const middle = document.querySelector('.middle').getBoundingClientRect();
  const board = document.querySelector('.board').getBoundingClientRect();
  const place = getComputedStyle(banner), moved = getComputedStyle(card).translate;
  const left = parseFloat(place.left) + card.offsetLeft + (parseFloat(moved) || 0);
  const top = parseFloat(place.top) + card.offsetTop;
  return top >= middle.top - 1 && top + card.offsetHeight <= middle.bottom + 1 &&
    left >= board.left - 1 && left + card.offsetWidth <= board.right + 1;
}"""


def open_room_with_the_swap(page, url, language):
    sign_up(page, url, f"size{language[:2]}{int(time.time() * 1000) % 10**7}")
    if language == "en":
        page.context.add_cookies([{"name": "django_language", "value": "en", "url": url}])
    page.goto(url + "/rooms/new/")
    page.locator("input[name=exchange_three]").check()
    page.locator("form.room-form button[type=submit]").click()
    for _ in range(3):
        page.locator("button[name=level][value=strong]").first.click()
        page.wait_for_load_state()
    page.locator("#seating button.primary").click()
