"""The load benchmarks' simulated people (benchmarks/load/people.py) do what the page does
when its socket dies: what it sent and never heard back about is sent again on the next
socket (static/js/socket-retry.js). A fault test that kills a server process relies on it:
a ready lost with the process left its table waiting for ever."""

import asyncio
import json

from aiohttp import WSMsgType, web

from benchmarks.load.people import Person, Table
from benchmarks.load.run import Run


async def a_site_that_dies_once(received: list[list[dict]]):
    """A table's socket whose first connection closes, unanswered, on the first message
    it gets; a later connection answers every message with a fragment."""

    async def socket(request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        messages: list[dict] = []
        received.append(messages)
        first = len(received) == 1
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            messages.append(json.loads(message.data))
            if first:
                await ws.close(code=1011)  # the process went away before answering
                break
            await ws.send_str('<div id="table"></div>')
        return ws

    async def page(request):
        return web.Response(text="<html></html>", content_type="text/html")

    app = web.Application()
    app.router.add_get("/ws/table/X/", socket)
    app.router.add_get("/t/X/", page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    return runner, f"http://127.0.0.1:{port}"


async def test_a_ready_the_dying_socket_never_answered_is_sent_again_on_the_next_one():
    received: list[list[dict]] = []
    runner, base = await a_site_that_dies_once(received)
    run = Run(
        urls=[base],
        tables=1,
        think=0.0,
        seed=1,
        seconds=10,
        setup_concurrency=1,
        version_tokens=False,
    )
    table = Table(0, tokens=False)
    table.path, table.ws_path = "/t/X/", "/ws/table/X/"
    person = Person(run, table, 0, base, "key", {"session": "sid", "language": "lang"})
    try:
        await person.connect()
        person.ready_fields = {"type": "ready"}
        await person._ready_again()
        for _ in range(100):  # up to 5 s: the reconnect waits up to a second first
            if len(received) > 1 and received[-1]:
                break
            await asyncio.sleep(0.05)
        sockets = [[m.get("type") for m in messages] for messages in received]
        assert sockets[0] == ["ready"], sockets
        assert len(sockets) >= 2 and sockets[-1] == ["ready"], sockets
    finally:
        run.stopping = True
        await person.close()
        await runner.cleanup()
