import pytest

from tests.e2e.table_client.page import URL, serve


@pytest.fixture
def open_table(browser):
    """open_table(language="zh-hans", my_turn=False, **context options) -> a page of the
    test table, in a fresh browser profile. At the end of the test no page may have
    logged an error: a script that failed, or anything the Content-Security-Policy
    refused."""
    contexts, errors = [], []

    def open_(language="zh-hans", my_turn=False, **options):
        context = browser.new_context(
            locale="zh-CN", viewport={"width": 412, "height": 915}, **options
        )
        context.route(URL + "**", lambda route: serve(route, language, my_turn))
        # A phone's vibration, as the page asks for it; and the sounds the page plays,
        # by kind, as it announces them (static/js/table-sounds.js).
        context.add_init_script("""
            window.__vibrations = [];
            navigator.vibrate = (ms) => { window.__vibrations.push(ms); return true; };
            window.__soundsHeard = [];
            document.addEventListener("xuezhan:sound",
                                      (event) => window.__soundsHeard.push(event.detail.kind));
        """)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(URL)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert errors == []
