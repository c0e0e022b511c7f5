"""What one change of the lobby costs, against the number of lobby sockets open.

    .venv/bin/python -m benchmarks.bench_lobby [--sockets 1,1000] [--changes 5] [--rooms 30]

In one process, as ``make run`` serves (a scratch SQLite database in a temporary folder,
the in-memory channel layer, no server): opens N lobby sockets through the site's own
ASGI application (``channels.testing.WebsocketCommunicator``; half of them ask for the
page in Chinese, half in English), then makes changes one after another (a room opens,
as the service does it) and, for each, times from the change until every socket has
received the new list. It reports, per socket count, the seconds per change (median and
worst) and how many times the list was rendered per change (the template
``games/_room_list.html``, counted with Django's test signal ``template_rendered``).
"""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time

from benchmarks import scratch_site


def setup_django(folder: str) -> None:
    from django.test.utils import setup_test_environment

    # Many sockets from one address, not logged in: no limit in the way here.
    scratch_site.setup_django(
        folder, ANONYMOUS_LOBBY_SOCKETS_PER_ADDRESS=1_000_000, OPEN_ROOMS_PER_USER=1_000_000
    )
    setup_test_environment()  # templates tell ``template_rendered`` when rendered


HEADERS = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
LANGUAGES = [b"zh-hans", b"en"]


async def open_sockets(count: int) -> list:
    from channels.testing import WebsocketCommunicator

    from xuezhan.asgi import application

    sockets = []
    for i in range(count):
        headers = HEADERS + [(b"accept-language", LANGUAGES[i % 2])]
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
        communicator.scope["client"] = [f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}", 50000]
        connected, _ = await communicator.connect(timeout=30)
        assert connected, "a lobby socket was refused"
        sockets.append(communicator)
    return sockets


async def one_change(sockets, owner, number: int, renders: list) -> tuple[float, int]:
    """Open a room; the seconds until every socket has the new list, and the renders."""
    from asgiref.sync import sync_to_async

    from games.rooms.seating import create_room

    before = len(renders)
    started = time.perf_counter()
    room = await sync_to_async(create_room)(owner=owner, name=f"bench {number}", options={})
    messages = await asyncio.gather(*(s.receive_from(timeout=600) for s in sockets))
    elapsed = time.perf_counter() - started
    assert all(room.code in m for m in messages), "a socket was sent an old list"
    # A change may send more than one message (none here): take them all.
    await asyncio.sleep(0.2)
    for s in sockets:
        while not s.output_queue.empty():
            s.output_queue.get_nowait()
    return elapsed, len(renders) - before


async def measure(count: int, changes: int, owner, renders: list) -> tuple[list, list]:
    sockets = await open_sockets(count)
    times, counts = [], []
    try:
        for number in range(changes):
            elapsed, rendered = await one_change(sockets, owner, number, renders)
            times.append(elapsed)
            counts.append(rendered)
    finally:
        for s in sockets:
            await s.disconnect()
    return times, counts


def run(args) -> None:
    from asgiref.sync import async_to_sync
    from django.contrib.auth.models import User
    from django.test.signals import template_rendered

    from games.rooms.seating import create_room

    renders: list = []

    def count(sender, template, **kwargs):
        if template.name == "games/_room_list.html":
            renders.append(1)

    template_rendered.connect(count, weak=False)
    owner = User.objects.create_user("bench", password="x-long-password-1")
    for i in range(args.rooms):  # a lobby with something in it
        create_room(owner=owner, name=f"table {i}", options={})
    print(
        f"python {sys.version.split()[0]}; {args.rooms} rooms open; "
        f"{args.changes} changes per socket count"
    )
    for count_ in args.sockets:
        times, counts = async_to_sync(measure)(count_, args.changes, owner, renders)
        print(
            f"{count_:6d} sockets: change to every socket median "
            f"{statistics.median(times):8.3f} s, worst {max(times):8.3f} s; "
            f"renders per change median {statistics.median(counts):g} "
            f"(min {min(counts)}, max {max(counts)})"
        )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sockets", default="1,1000", help="comma-separated socket counts (default 1,1000)"
    )
    parser.add_argument("--changes", type=int, default=5)
    parser.add_argument("--rooms", type=int, default=30)
    args = parser.parse_args(argv)
    args.sockets = [int(n) for n in args.sockets.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        run(args)


if __name__ == "__main__":
    main()
