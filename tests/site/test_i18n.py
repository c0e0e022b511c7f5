"""Simplified Chinese by default, English selectable from every page."""

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

PAGES = ["home", "accounts:login", "accounts:signup"]


@pytest.mark.parametrize("name", PAGES)
def test_pages_are_in_chinese_by_default(client, name):
    html = client.get(reverse(name)).content.decode()
    assert 'lang="zh-hans"' in html
    assert "大厅" in html  # "Lobby" in the navigation


@pytest.mark.parametrize("name", PAGES)
def test_every_page_offers_the_language_switch(client, name):
    html = client.get(reverse(name)).content.decode()
    assert reverse("set_language") in html
    assert 'value="en"' in html


def test_switching_to_english_and_back(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    html = client.get(reverse("home")).content.decode()
    assert 'lang="en"' in html
    assert "Lobby" in html and "大厅" not in html
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    assert "大厅" in client.get(reverse("home")).content.decode()


def test_a_browser_asking_for_english_gets_english(client):
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sign up" in html


def _po_entries(path: Path):
    """(context, msgid, msgstr) of a .po file, enough of the format for our own files
    (context None where the entry has no msgctxt)."""
    entries, key = [], None
    current = {"msgctxt": None, "msgid": "", "msgstr": ""}

    def finish():
        if current["msgid"]:
            entries.append((current["msgctxt"], current["msgid"], current["msgstr"]))
        return {"msgctxt": None, "msgid": "", "msgstr": ""}

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgctxt "):  # an entry's context comes before its msgid
            current = finish()
            current["msgctxt"], key, line = "", "msgctxt", line[len("msgctxt ") :]
        elif line.startswith("msgid "):
            if key != "msgctxt":
                current = finish()
            key, line = "msgid", line[len("msgid ") :]
        elif line.startswith("msgstr "):
            key, line = "msgstr", line[len("msgstr ") :]
        elif line.startswith("msgstr[0] "):  # Chinese has one plural form
            key, line = "msgstr", line[len("msgstr[0] ") :]
        elif line.startswith(("msgid_plural ", "msgstr[")):
            key = None
            continue
        elif not line.startswith('"') or key is None:
            continue
        current[key] += line.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n")
    finish()
    return entries


def test_every_chinese_translation_is_compiled_and_complete():
    po = Path(settings.BASE_DIR) / "locale/zh_Hans/LC_MESSAGES/django.po"
    entries = _po_entries(po)
    assert len(entries) > 20
    with translation.override("zh-hans"):
        for context, msgid, msgstr in entries:
            assert msgstr, f"untranslated: {msgid!r}"
            if "%(" not in msgid:
                found = (
                    translation.pgettext(context, msgid)
                    if context is not None
                    else translation.gettext(msgid)
                )
                assert found == msgstr, f"stale .mo for {msgid!r}"
