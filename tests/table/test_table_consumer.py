"""The table's WebSocket: each player sees their own hand only; strangers are refused;
malformed or illegal messages get an error and change nothing."""

import re

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User

from games.models import Round
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.round import Round as EngineRound
from games.words.display import TILE_NAMES
from tests.table.oob import Page
from tests.table.sockets import (
    connect,
    make_table,
    round_version,
    session_cookie,
    settle,
)
from tests.tables import page_version

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_bot_pause(settings):
    settings.BOT_DELAY_SECONDS = 0


def hand_names(html: str) -> list[str]:
    group = html.split('aria-label="我的手牌"', 1)[1].split('id="me-actions"', 1)[0]
    return re.findall(r'<button[^>]*aria-label="([^"]+)"', group)


@sync_to_async
def engine_hand_names(room, seat) -> list[str]:
    from django.utils import translation

    from games.rules.tiles import tile_str
    from games.words.display import tile_name

    rnd = Round.objects.get(room=room)
    engine = EngineRound.from_json(rnd.state)
    with translation.override("zh-hans"):
        return sorted(tile_name(tile_str(t)) for t in engine.hand_tiles(seat))


async def test_each_player_receives_their_own_hand_and_nobody_elses():
    room, users, cookies = await make_table()
    communicators = []
    for seat in range(4):
        communicator, connected = await connect(room.code, cookies[seat])
        assert connected
        communicators.append(communicator)
    all_names = {str(name) for name in TILE_NAMES.values()}
    pages = [Page() for _ in communicators]
    for seat, communicator in enumerate(communicators):
        html = await communicator.receive_from()
        assert 'id="table"' in html and 'hx-swap-oob="true"' in html
        pages[seat].apply(html)
        mine = hand_names(html)
        assert sorted(mine) == await engine_hand_names(room, seat)
        # No other tile is named anywhere: the others' hands show as backs only.
        named = set(re.findall(r'(?:aria-label|alt|title)="([^"]+)"', html))
        assert {n for n in named if n in all_names} <= set(mine)
        assert html.count('class="tile-back"') >= 3 * 13
    # The others arriving after this player are shown to them (离线 goes away).
    for page, communicator in zip(pages, communicators, strict=True):
        await settle(communicator, page)
    # A move reaches every player, each rendered for that player: only what changed
    # travels, and no message names a tile of another player's hand.
    await communicators[0].send_json_to(
        {"type": "void", "suit": "m", "version": page_version(room, 0)}
    )
    for seat, communicator in enumerate(communicators):
        html = await communicator.receive_from()
        assert 'id="table"' not in html
        assert f'data-version="{page_version(room, 1)}"' in html
        named = set(re.findall(r'(?:aria-label|alt|title)="([^"]+)"', html))
        mine = await engine_hand_names(room, seat)
        assert {n for n in named if n in all_names} <= set(mine)
        pages[seat].apply(html)
        assert sorted(hand_names(pages[seat].table)) == mine
    assert await round_version(room) == 1
    for communicator in communicators:
        await communicator.disconnect()


async def test_a_stranger_only_watches_and_strangers_without_a_login_or_site_are_refused():
    room, users, cookies = await make_table()
    stranger = await sync_to_async(User.objects.create_user)("s", password="x-long-password-1")
    cookie = await sync_to_async(session_cookie)(stranger)
    # Logged in without a seat: a watcher (tests/table/test_spectators.py), who can move
    # nobody's tiles.
    communicator, connected = await connect(room.code, cookie)
    assert connected
    await settle(communicator)
    await communicator.send_json_to({"type": "void", "suit": "m", "version": page_version(room, 0)})
    assert "入座" in await communicator.receive_from()
    assert await round_version(room) == 0
    await communicator.disconnect()
    anonymous, connected = await connect(room.code)
    assert not connected
    foreign, connected = await connect(
        room.code, cookies[0], origin=(b"origin", b"https://evil.example")
    )
    assert not connected


@pytest.mark.parametrize(
    "message, error",
    [
        ("not json", "无法读取这条消息"),
        ('["void"]', "不是牌桌指令"),
        ('{"type": "chow", "version": V0}', "牌桌上没有这个操作"),
        ('{"type": "void", "suit": "m"}', "缺少牌桌版本"),
        ('{"type": "void", "suit": "x", "version": V0}', "unknown suit"),
        ('{"type": "discard", "tile": "5m", "version": V0}', "请先定缺"),
        ('{"type": "void", "suit": "m", "version": V7}', "牌桌已经变化"),
        ('{"type": "void", "suit": "m", "version": 0}', "牌桌已经变化"),  # not a token
    ],
)
async def test_a_malformed_or_illegal_message_gets_an_error_and_changes_nothing(message, error):
    room, users, cookies = await make_table()
    communicator, connected = await connect(room.code, cookies[1])
    assert connected
    await communicator.receive_from()
    # V0 and V7: what pages at versions 0 and 7 would carry (games.table.version_token).
    message = message.replace("V0", str(page_version(room, 0))).replace(
        "V7", str(page_version(room, 7))
    )
    await communicator.send_to(text_data=message)
    reply = await communicator.receive_from()
    assert 'id="table-error"' in reply and error in reply
    assert await round_version(room) == 0
    assert await communicator.receive_nothing(timeout=0.2)
    await communicator.disconnect()


@sync_to_async
def make_bot_table():
    owner = User.objects.create_user("solo", password="x-long-password-1")
    room = create_room(owner=owner, name="solo", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    set_ready(room=room, user=owner)
    return room, session_cookie(owner)


@sync_to_async
def voids_chosen(room) -> list:
    return EngineRound.from_json(Round.objects.get(room=room).state).voids


async def test_computer_players_move_after_the_persons_move_through_the_same_service(settings):
    settings.IN_PROCESS_DRIVER = True  # the web process's own timer loop moves them
    room, cookie = await make_bot_table()
    communicator, connected = await connect(room.code, cookie)
    assert connected
    # Connecting started the timer loop: the three computers choose their void suits,
    # and the table that shows version 3 reaches the player.
    html = await communicator.receive_from()
    while f'data-version="{page_version(room, 3)}"' not in html:
        html = await communicator.receive_from(timeout=5)
    assert None not in (await voids_chosen(room))[1:]
    await communicator.send_json_to({"type": "void", "suit": "m", "version": page_version(room, 3)})
    html = await communicator.receive_from(timeout=5)
    assert "缺万" in html
    assert await round_version(room) >= 4
    # Every move of theirs was an action recorded through apply_action.
    kinds = await sync_to_async(
        lambda: list(
            Round.objects.get(room=room).events.filter(kind="action").values_list("seat", flat=True)
        )
    )()
    assert sorted(kinds[:4]) == [0, 1, 2, 3]
    await communicator.disconnect()
