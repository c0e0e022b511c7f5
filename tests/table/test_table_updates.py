"""Partial table updates: after any sequence of them, each player's page is exactly the
table a fresh full render of the same version shows; and they carry only what changed."""

import random

import pytest
from asgiref.sync import sync_to_async
from django.utils import translation

from games.play.snapshot import load_snapshot
from games.table.parts import render_table
from tests.table.oob import Page
from tests.table.sockets import (
    next_move,
    normalised,
    open_sockets,
    session_cookie,
    settle,
)
from tests.tables import four_people

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def make_table():
    room, users = four_people("u")
    seats = {s.user_id: s.index for s in room.seats.all()}
    return room, users, [seats[u.pk] for u in users], [session_cookie(u) for u in users]


@sync_to_async
def full_render(room, user) -> str:
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="").full()


async def test_every_page_equals_a_full_render_after_each_update_of_a_whole_round():
    room, users, seats, cookies = await make_table()
    sockets = await open_sockets(room, cookies)
    pages = [Page() for _ in sockets]
    for page, communicator in zip(pages, sockets, strict=True):
        page.apply(await communicator.receive_from())
    for page, communicator in zip(pages, sockets, strict=True):
        await settle(communicator, page)  # the later arrivals, shown online
    rng = random.Random(7)
    full_tables = partial_updates = 0
    while (move := await next_move(room, seats, rng)) is not None:
        who, action = move
        await sockets[who].send_json_to(action)
        for player, (page, communicator) in enumerate(zip(pages, sockets, strict=True)):
            now_shown = normalised(await full_render(room, users[player]))
            # When nothing this player sees changed (another's answer to a tile on offer
            # this player was not asked about), nothing is sent, or only a fresher clock.
            unchanged = normalised(page.table) == now_shown
            if unchanged and await communicator.receive_nothing(timeout=0.2):
                continue
            message = await communicator.receive_from(timeout=5)
            if 'id="table"' in message:
                full_tables += 1
            else:
                partial_updates += 1
            page.apply(message)
            assert page.error.endswith("></div>"), page.error  # no refusal
            assert normalised(page.table) == normalised(await full_render(room, users[player]))
    # Only the end of the round changes the layout; every other update is partial.
    assert full_tables == 4
    assert partial_updates > 4 * 20
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_move_sends_the_others_only_the_parts_that_changed():
    room, users, seats, cookies = await make_table()
    sockets = await open_sockets(room, cookies)
    for communicator in sockets:
        await communicator.receive_from()
        await settle(communicator)
    # Everyone chooses a void suit; then the dealer discards.
    rng = random.Random(3)
    for _ in range(4):
        who, action = await next_move(room, seats, rng)
        await sockets[who].send_json_to(action)
        for communicator in sockets:
            await communicator.receive_from(timeout=5)
    who, action = await next_move(room, seats, rng)
    assert action["type"] == "discard"
    await sockets[who].send_json_to(action)
    dealer_seat = seats[who]
    for player, communicator in enumerate(sockets):
        message = await communicator.receive_from(timeout=5)
        assert 'id="table"' not in message
        if player != who:
            # The discarder's river changed; the scoreboard and this player's own
            # melds and river did not, so they do not travel again.
            assert f'id="seat-{dealer_seat}-river"' in message
            assert 'id="scores"' not in message and 'id="me-river"' not in message
            assert 'id="me-melds"' not in message
