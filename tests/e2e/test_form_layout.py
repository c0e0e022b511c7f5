"""The room form's yes-or-no options (换三张, 允许使用教练) are boxes a thumb can hit,
on one line with their words: they were 13 px boxes on a line of their own under the
label."""

import time

import pytest

from harness.browser import sign_up

pytestmark = pytest.mark.e2e

BOX_AND_LABEL = """(name) => {
  const box = document.querySelector(`input[name=${name}]`);
  const label = document.querySelector(`label[for=${box.id}]`);
  const b = box.getBoundingClientRect(), l = label.getBoundingClientRect();
  return {width: b.width, height: b.height, boxMiddle: b.top + b.height / 2,
          labelTop: l.top, labelBottom: l.bottom, boxRight: b.right, labelLeft: l.left};
}"""


@pytest.mark.parametrize("size", [(412, 915), (1280, 800)])
def test_the_options_are_big_boxes_beside_their_words(site_url, browser, size):
    page = browser.new_page(locale="zh-CN", viewport={"width": size[0], "height": size[1]})
    sign_up(page, site_url, f"form{size[0]}{int(time.time() * 1000) % 10**7}")
    page.goto(site_url + "/rooms/new/")
    for name in ("exchange_three", "coaching"):
        found = page.evaluate(BOX_AND_LABEL, name)
        assert found["width"] >= 24 and found["height"] >= 24, found
        assert found["labelTop"] <= found["boxMiddle"] <= found["labelBottom"], found
        assert found["boxRight"] <= found["labelLeft"], found  # the box, then its words
        page.locator(f"label[for=id_{name}]").click()
        assert page.locator(f"input[name={name}]").is_checked()
    page.close()
