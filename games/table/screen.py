"""What one viewer's browser shows, so that an update carries only what changed.

Each table socket keeps a ``Screen``. Given a new ``RenderedTable`` it answers the
message that brings the browser there: the whole ``#table`` when the layout changed (or
on the first render), otherwise only the parts whose HTML differs, each swapped in by
its id (htmx ``hx-swap-oob``), or nothing at all. Every message also clears the error
line, as a whole-table update always did.
"""

from games.table.parts import RenderedTable

CLEAR_ERROR = '<div id="table-error" hx-swap-oob="true" role="alert" class="table-error"></div>'


def out_of_band(html: str) -> str:
    """``<tag id=…>`` → ``<tag hx-swap-oob="true" id=…>``: swap it by its id."""
    space = html.index(" ")
    return f'{html[:space]} hx-swap-oob="true"{html[space:]}'


class Screen:
    def __init__(self) -> None:
        self.layout: tuple | None = None
        self.parts: dict = {}

    def update(self, table: RenderedTable) -> str | None:
        """The message to send for ``table``, or None when the browser shows it already."""
        if table.layout != self.layout:
            self.layout, self.parts = table.layout, dict(table.parts)
            return table.full(oob=True) + CLEAR_ERROR
        changed = [html for key, html in table.parts.items() if self.parts.get(key) != html]
        if not changed:
            return None
        self.parts = dict(table.parts)
        return "".join(out_of_band(html) for html in changed) + CLEAR_ERROR
