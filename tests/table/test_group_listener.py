"""One listener per process for the pages of one list (games.table.group_listener): a
change is rendered once per view, whatever the number of pages, and each live page is
sent its copy; a page that goes live while the change is rendered is sent it too (its
page may be older than the change), and a page that closed is sent nothing."""

import asyncio

import pytest
from channels.layers import InMemoryChannelLayer

from games.table.group_listener import GroupListener

pytestmark = pytest.mark.django_db(transaction=True)

CHANGED = "list.changed"


class Page:
    """A socket as the listener sees one: its layer, its view, whether it is live."""

    def __init__(self, layer, view: str, live: bool = True) -> None:
        self.channel_layer = layer
        self.view = view
        self.live = live
        self.sent: list[str] = []

    async def send(self, text_data: str) -> None:
        self.sent.append(text_data)


async def until(condition, seconds: float = 3.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within the time")


async def test_a_change_is_rendered_once_per_view_and_a_page_live_meanwhile_is_sent_it():
    layer = InMemoryChannelLayer()
    rendered: list[tuple] = []
    late = Page(layer, "en", live=False)  # its page is still loading

    def render(views):
        rendered.append(tuple(sorted(views)))
        late.live = True  # it goes live while the change is rendered
        return {view: f"<list {view} v{len(rendered)}>" for view in views}, len(views)

    listener = GroupListener("a-list", render, CHANGED)
    chinese = [Page(layer, "zh-hans") for _ in range(3)]
    english = Page(layer, "en")
    closed = Page(layer, "en", live=False)
    for page in [*chinese, english, late, closed]:
        await listener.join(page)

    await layer.group_send("a-list", {"type": CHANGED})
    await until(lambda: late.sent)
    assert rendered == [("en", "zh-hans")] and listener.renders == 2  # once per view
    assert [page.sent for page in chinese] == [["<list zh-hans v1>"]] * 3
    assert english.sent == late.sent == ["<list en v1>"]
    assert closed.sent == []

    for page in [*chinese, english, late, closed]:
        listener.leave(page)
    await until(lambda: not listener.listening)
