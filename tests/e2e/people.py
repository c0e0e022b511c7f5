"""A person in the browser tests: a page of their own at one of the screens, signed up,
reading the site in one language."""

from harness.browser import sign_up

# The two screens the browser tests play on: a phone in Chinese, a laptop in English.
SCREENS = {"zh-hans": (412, 915), "en": (1280, 800)}


def person(browser, url: str, name: str, language: str):
    width, height = SCREENS[language]
    page = browser.new_page(locale="zh-CN", viewport={"width": width, "height": height})
    sign_up(page, url, name)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    return page
