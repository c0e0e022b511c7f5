"""The site's markup as the simulated people read it: regexes, no HTML parser on the hot
path (forms a browser would submit, the table's ws-send commands and its version)."""

import html as htmllib
import re
from dataclasses import dataclass
from urllib.parse import urljoin

ATTR_RE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?""")
FORM_RE = re.compile(r"<form\b([^>]*)>(.*?)</form\s*>", re.S | re.I)
FIELD_RE = re.compile(r"<(input|select|textarea|button)\b([^>]*)>", re.I)
OPTION_RE = re.compile(r"<option\b([^>]*)>([^<]*)", re.I)
VERSION_RE = re.compile(r"""\bdata-version\s*=\s*["']?(\d+)""")
TABLE_ERROR_RE = re.compile(
    r"""<(?P<tag>[a-zA-Z][\w-]*)\b[^>]*\bid\s*=\s*["']table-error["'][^>]*>(?P<body>.*?)"""
    r"""</(?P=tag)\s*>""",
    re.S,
)
SETTLEMENT_RE = re.compile(r"""\bclass\s*=\s*["'](?:[^"']*\s)?settlement(?:\s[^"']*)?["']""")
WS_CONNECT_RE = re.compile(r"""\bws-connect\s*=\s*["']([^"']+)["']""")
TAG_RE = re.compile(r"<[^>]*>")


def parse_attrs(text: str) -> dict[str, str]:
    attrs: dict[str, str] = {}
    for match in ATTR_RE.finditer(text):
        name = match.group(1).lower()
        value = next((g for g in match.group(2, 3, 4) if g is not None), "")
        attrs.setdefault(name, htmllib.unescape(value))
    return attrs


def text_of(fragment: str) -> str:
    return " ".join(htmllib.unescape(TAG_RE.sub(" ", fragment)).split())


@dataclass
class Command:
    fields: dict[str, str]
    cls: str = ""  # the submit button's class (``void-tile`` marks a tile of the void suit)

    @property
    def kind(self) -> str:
        return self.fields.get("type", "")


def ws_commands(message: str, version_of) -> tuple[int | None, list[Command]]:
    """The commands of a message's ``<form ws-send>`` elements that carry a version, and
    that version, read by ``version_of`` (None when the message has no such form)."""
    commands: list[Command] = []
    versions: list[int] = []
    for form in FORM_RE.finditer(message):
        if "ws-send" not in parse_attrs(form.group(1)):
            continue
        hidden: dict[str, str] = {}
        buttons: list[dict[str, str]] = []
        for tag in FIELD_RE.finditer(form.group(2)):
            attrs = parse_attrs(tag.group(2))
            if tag.group(1).lower() == "button":
                if attrs.get("type", "submit").lower() == "submit" and "disabled" not in attrs:
                    buttons.append(attrs)
            elif (
                tag.group(1).lower() == "input"
                and attrs.get("type", "").lower() == "hidden"
                and attrs.get("name")
                and "disabled" not in attrs
            ):
                hidden[attrs["name"]] = attrs.get("value", "")
        if "version" not in hidden or not buttons:
            continue
        try:
            versions.append(version_of(int(hidden["version"])))
        except ValueError:
            continue
        plain = [b for b in buttons if not b.get("name")]
        if plain:
            commands.append(Command(dict(hidden), plain[0].get("class", "")))
        for button in buttons:
            if button.get("name"):
                commands.append(
                    Command(
                        {**hidden, button["name"]: button.get("value", "")}, button.get("class", "")
                    )
                )
    return (max(versions) if versions else None), commands


def ws_ready_fields(message: str) -> dict[str, str] | None:
    """The fields of a ``<form ws-send>`` whose hidden ``type`` is ``ready`` (the seating's
    ready button, sent over the socket as a browser with the page open does)."""
    for form in FORM_RE.finditer(message):
        if "ws-send" not in parse_attrs(form.group(1)):
            continue
        hidden = {}
        for tag in FIELD_RE.finditer(form.group(2)):
            attrs = parse_attrs(tag.group(2))
            if tag.group(1).lower() == "input" and attrs.get("type", "").lower() == "hidden":
                hidden[attrs.get("name", "")] = attrs.get("value", "")
        if hidden.get("type") == "ready":
            return hidden
    return None


@dataclass
class PageForm:
    attrs: dict[str, str]
    fields: list[tuple[str, str]]

    def action(self, page_url: str) -> str:
        return urljoin(page_url, self.attrs.get("action") or page_url)


def page_forms(page: str) -> list[PageForm]:
    """Every form of a page with the fields a browser would submit (no submit button)."""
    forms = []
    for form in FORM_RE.finditer(page):
        body = form.group(2)
        fields: list[tuple[str, str]] = []
        for tag in FIELD_RE.finditer(body):
            kind = tag.group(1).lower()
            attrs = parse_attrs(tag.group(2))
            name = attrs.get("name")
            if not name or "disabled" in attrs or kind == "button":
                continue
            if kind == "input":
                input_type = attrs.get("type", "text").lower()
                if input_type in ("submit", "button", "image", "reset", "file"):
                    continue
                if input_type in ("checkbox", "radio"):
                    if "checked" in attrs:
                        fields.append((name, attrs.get("value", "on")))
                    continue
                fields.append((name, attrs.get("value", "")))
            elif kind == "select":
                end = body.find("</select", tag.end())
                options = [
                    (parse_attrs(o.group(1)), o.group(2))
                    for o in OPTION_RE.finditer(body[tag.end() : end if end >= 0 else None])
                ]
                chosen = [o for o in options if "selected" in o[0]] or options[:1]
                for attrs_o, label in chosen[: None if "multiple" in attrs else 1]:
                    fields.append((name, attrs_o.get("value", htmllib.unescape(label).strip())))
            else:  # textarea
                end = body.find("</textarea", tag.end())
                fields.append((name, htmllib.unescape(body[tag.end() : end if end >= 0 else None])))
        forms.append(PageForm(parse_attrs(form.group(1)), fields))
    return forms


def find_form(page: str, action_suffix: str) -> PageForm | None:
    for form in page_forms(page):
        if form.attrs.get("method", "get").lower() != "post":
            continue
        action = form.attrs.get("action", "")
        if (action_suffix == "" and not action) or (
            action_suffix and action.endswith(action_suffix)
        ):
            return form
    return None
