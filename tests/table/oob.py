"""A browser's page in miniature, for tests: holds the table's HTML and applies the
socket's messages the way htmx's WebSocket extension does (each top-level element of a
message replaces the element with the same id, ``hx-swap-oob="true"``, or only its
content, ``hx-swap-oob="innerHTML"``)."""

from html.parser import HTMLParser

VOID_TAGS = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class _Elements(HTMLParser):
    """Where each element starts and ends in the text, with its id and depth."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.line_starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self.line_starts.append(index + 1)
        self.stack: list = []
        self.found: list = []  # (depth, id, start, end)
        self.feed(text)
        self.close()

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag, attrs):
        start = self._offset()
        element_id = dict(attrs).get("id")
        if tag in VOID_TAGS:
            end = start + len(self.get_starttag_text())
            self.found.append((len(self.stack), element_id, start, end))
        else:
            self.stack.append((tag, element_id, start))

    def handle_startendtag(self, tag, attrs):
        start = self._offset()
        self.found.append(
            (len(self.stack), dict(attrs).get("id"), start, start + len(self.get_starttag_text()))
        )

    def handle_endtag(self, tag):
        end = self.text.index(">", self._offset()) + 1
        while self.stack:
            open_tag, element_id, start = self.stack.pop()
            self.found.append((len(self.stack), element_id, start, end))
            if open_tag == tag:
                break


def top_level(html: str) -> list[tuple[str, str]]:
    """The top-level elements of a message: (id, HTML without hx-swap-oob)."""
    parsed = _Elements(html)
    return [
        (element_id, html[start:end].replace(' hx-swap-oob="true"', "", 1))
        for depth, element_id, start, end in sorted(parsed.found, key=lambda f: f[2])
        if depth == 0
    ]


class Page:
    """The ``#table`` a browser shows, its error line and its watch count (beside the
    table, in the page's header)."""

    def __init__(self) -> None:
        self.table = ""
        self.error = ""
        self.watchers = ""

    def apply(self, message: str) -> None:
        for element_id, html in top_level(message):
            if ' hx-swap-oob="innerHTML"' in html[: html.index(">")]:
                self.table = self._replace_inside(element_id, html)
            elif element_id == "table-error":
                self.error = html
            elif element_id == "watchers":
                self.watchers = html
            elif element_id == "table":
                self.table = html
            else:
                self.table = self._replace(element_id, html)

    def _replace_inside(self, element_id: str, html: str) -> str:
        """``hx-swap-oob="innerHTML"``: the element stays, its content is the message's."""
        start, end = self._span(element_id)
        inside = html[html.index(">") + 1 : html.rindex("</")]
        target = self.table[start:end]
        return (
            self.table[:start]
            + target[: target.index(">") + 1]
            + inside
            + target[target.rindex("</") :]
            + self.table[end:]
        )

    def _span(self, element_id: str) -> tuple[int, int]:
        spans = [
            (start, end)
            for _d, found, start, end in _Elements(self.table).found
            if found == element_id
        ]
        if len(spans) != 1:
            raise AssertionError(f"the page has {len(spans)} elements #{element_id}")
        return spans[0]

    def _replace(self, element_id: str, html: str) -> str:
        spans = [
            (start, end)
            for _d, found, start, end in _Elements(self.table).found
            if found == element_id
        ]
        if len(spans) != 1:
            raise AssertionError(f"the page has {len(spans)} elements #{element_id}")
        start, end = spans[0]
        return self.table[:start] + html + self.table[end:]
