"""The end of an offer's pause costs no transaction (games.play.reveals): the process that
made the move shows it by a timer on its sockets' event loop, from the table in memory,
and the stored round already holds the next decision's deadline. Whoever reads the round
after the pause forgets the hold; a process without a loop (the worker) still ends it
with a step of its own."""

import asyncio
import json
import random
import re

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from games.models import Event, Round
from games.play import offers
from games.play.steps import advance_due_rounds
from games.rules.round import Round as EngineRound
from games.table import version_token
from tests.table.sockets import make_table, next_move, open_sockets, settle

pytestmark = pytest.mark.django_db(transaction=True)

PAUSE = 1.5
VERSION = re.compile(r'id="table-version" data-version="(\d+)"')


class Shown:
    """The version token each socket's page carries, as its frames arrive."""

    def __init__(self, sockets) -> None:
        self.sockets = sockets
        self.tokens = [None] * len(sockets)

    async def take(self, timeout: float) -> None:
        for index, socket in enumerate(self.sockets):
            while not await socket.receive_nothing(timeout=timeout):
                found = VERSION.findall(await socket.receive_from())
                if found:
                    self.tokens[index] = int(found[-1])


@sync_to_async
def stored(room) -> Round:
    return Round.objects.get(room=room)


@sync_to_async
def events_of(rnd) -> int:
    return Event.objects.filter(round=rnd).count()


async def until_a_held_discard(room, shown, rng) -> Round:
    """People play until a discard nobody may claim holds the table for its pause."""
    seats = [0, 1, 2, 3]
    for _ in range(300):
        move = await next_move(room, seats, rng)
        assert move is not None, "the round ended before a discard nobody took"
        index, action = move
        await shown.sockets[index].send_to(text_data=json.dumps({"kind": "action", **action}))
        await shown.take(timeout=0.1)
        rnd = await stored(room)
        if offers.held_until(rnd) is not None:
            return rnd
    raise AssertionError("no discard was held")


async def test_the_end_of_a_pause_shows_without_a_write(settings):
    settings.OFFER_PAUSE_SECONDS = PAUSE
    room, _users, cookies = await make_table()
    sockets = await open_sockets(room, cookies)
    for socket in sockets:
        await settle(socket)
    try:
        shown = Shown(sockets)
        held = await until_a_held_discard(room, shown, random.Random(5))
        reveal = offers.held_until(held)
        engine = EngineRound.from_json(held.state)
        # The next decision's clock is stored with the move: it starts when the pause ends.
        assert held.decision_started_at == reveal
        assert held.deadline == reveal + timezone.timedelta(seconds=engine.options.turn_seconds)
        hidden = version_token.encode(room.code, held.offer["version"], held=True)
        assert shown.tokens == [hidden] * 4  # every page still shows the tile on offer
        events = await events_of(held)

        await asyncio.sleep(max((reveal - timezone.now()).total_seconds(), 0))
        await shown.take(timeout=0.3)

        # Every page now shows the table as it is, with the version one may move on…
        assert shown.tokens == [version_token.encode(room.code, held.version)] * 4
        # …and nothing was written: the hold stays stored until the next move.
        after = await stored(room)
        assert (after.version, after.offer, after.deadline) == (
            held.version,
            held.offer,
            held.deadline,
        )
        assert await events_of(held) == events
        # The next person's move is taken at once, and writes the hold away.
        index, action = await next_move(room, [0, 1, 2, 3], random.Random(6))
        await sockets[index].send_to(text_data=json.dumps({"kind": "action", **action}))
        await settle(sockets[index])
        moved = await stored(room)
        assert moved.version == held.version + 1
        assert moved.offer is None or moved.offer["version"] == moved.version
    finally:
        for socket in sockets:
            await socket.disconnect()


@sync_to_async
def worker_step_after(room, when) -> Round:
    advance_due_rounds(now=when)
    return Round.objects.get(room=room)


async def test_without_a_loop_the_end_of_a_pause_is_a_step(settings):
    """The worker (no sockets, no event loop) stores the end of the pause as the deadline,
    and its due step shows it, with a write of its own."""
    from tests.play.timers import play_until_held, table_of

    settings.OFFER_PAUSE_SECONDS = PAUSE

    @sync_to_async
    def a_held_table():
        room, users, rnd = table_of(4)
        return room, play_until_held(rnd, users, random.Random(3))

    room, held = await a_held_table()
    reveal = offers.held_until(held)
    assert held.deadline == reveal
    after = await worker_step_after(room, reveal)
    assert after.offer is None and after.version == held.version
    assert after.deadline > reveal  # the next person's clock


async def test_the_end_of_a_pause_whose_timer_died_with_its_process_still_shows(
    settings, monkeypatch
):
    """A process killed during a pause takes its timer with it (games.play.reveals), and
    nothing stored changes when a pause ends. The pages that loaded the table instead of
    being handed it (told of the move by the channel layer; or opened during the pause,
    as every page of a killed process reconnects) end the pause themselves, on time:
    else the next player never saw their turn until its deadline, turn_seconds later."""
    from games.play import broadcast
    from tests.play.timers import play_until_held, table_of
    from tests.table.sockets import connect, session_cookie

    settings.OFFER_PAUSE_SECONDS = PAUSE
    # The moves are another process's: its sockets are not these, and it dies with the
    # timer that was to show the end of the pause.
    monkeypatch.setattr(broadcast, "local_delivery", lambda room_id, snapshot: False)
    monkeypatch.setattr(broadcast, "reveal", lambda room, held: None)

    room, users, rnd = await sync_to_async(table_of)(4)
    cookies = await sync_to_async(lambda: [session_cookie(u) for u in users])()
    sockets = await open_sockets(room, cookies[:3])  # the fourth opens during the pause
    try:
        for socket in sockets:
            await settle(socket)
        held = await sync_to_async(play_until_held)(rnd, users, random.Random(3))
        reveal = offers.held_until(held)
        late, connected = await connect(room.code, cookies[3])
        assert connected
        sockets.append(late)
        shown = Shown(sockets)
        await shown.take(timeout=0.2)
        assert timezone.now() < reveal, "the test's pause ended before its pages were shown it"
        hidden = version_token.encode(room.code, held.offer["version"], held=True)
        assert shown.tokens == [hidden] * 4  # every page shows the tile on offer

        await asyncio.sleep(max((reveal - timezone.now()).total_seconds(), 0))
        await shown.take(timeout=0.3)

        assert shown.tokens == [version_token.encode(room.code, held.version)] * 4
        after = await stored(room)
        assert (after.version, after.offer) == (held.version, held.offer)  # nothing written
    finally:
        for socket in sockets:
            await socket.disconnect()
