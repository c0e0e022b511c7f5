"""Quick phrases at the table: a seated player sends one of a fixed list by its key and
everyone at the table sees it at that player's seat, in their own language; no free
text, no stranger, and no more than one every few seconds and a few a minute."""

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.play.snapshot import load_snapshot
from games.rooms.seating import leave_seat
from games.table import phrase_limits
from games.table.parts import render_table
from games.table.phrases import PHRASES
from tests.table.oob import Page
from tests.table.sockets import connect, session_cookie, settle
from tests.tables import four_people, page_version

pytestmark = pytest.mark.django_db(transaction=True)

ENGLISH = {1, 3}  # the seats whose people read the site in English


@pytest.fixture
def clock(monkeypatch):
    """The rate limit's clock, moved by hand: ``clock.now += 3``."""

    class Clock:
        now = 1_000_000.0

    monkeypatch.setattr(phrase_limits, "clock", lambda: Clock.now)
    return Clock


@sync_to_async
def make_table():
    room, users = four_people("ph")
    cookies = []
    for seat, user in enumerate(users):
        cookie = session_cookie(user)
        if seat in ENGLISH:
            cookie += f"; {settings.LANGUAGE_COOKIE_NAME}=en".encode()
        cookies.append(cookie)
    return room, users, cookies


async def open_table():
    """Four people at a dealt table, each with their socket open and page shown."""
    room, users, cookies = await make_table()
    sockets, pages = [], []
    for cookie in cookies:
        communicator, connected = await connect(room.code, cookie)
        assert connected
        sockets.append(communicator)
    for communicator in sockets:
        page = Page()
        page.apply(await communicator.receive_from())
        await settle(communicator, page)
        pages.append(page)
    return room, users, sockets, pages


def bubble_text(html: str) -> str:
    """What a bubble says, as a screen reader reads it (tags dropped, the emoji's name)."""
    html = re.sub(r'<span role="img" aria-label="([^"]+)">[^<]*</span>', r"\1", html)
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


async def send_phrase(communicator, key, **extra) -> None:
    await communicator.send_to(text_data=json.dumps({"type": "phrase", "phrase": key, **extra}))


async def assert_nobody_is_sent_anything(sockets) -> None:
    """No bubble reaches anybody (a late presence update of the table may: on PostgreSQL
    the "now online" broadcast can arrive after the sockets have settled)."""
    for communicator in sockets:
        while not await communicator.receive_nothing(timeout=0.2):
            message = await communicator.receive_from()
            assert 'id="phrase-' not in message, message


async def refusal(communicator) -> str:
    """The error line the sender is shown."""
    message = await communicator.receive_from()
    assert message.startswith('<div id="table-error"'), message
    return bubble_text(message)


async def close(sockets) -> None:
    for communicator in sockets:
        await communicator.disconnect()


async def test_a_phrase_shows_at_the_senders_seat_to_everyone_in_their_own_language(clock):
    room, users, sockets, pages = await open_table()
    version_before = [re.search(r'data-version="(\d+)"', p.table)[1] for p in pages]
    await send_phrase(sockets[2], "nice")
    for seat, (communicator, page) in enumerate(zip(sockets, pages, strict=True)):
        message = await communicator.receive_from()
        # Only the bubble travels: into seat 2's spot, not a part of the table.
        assert message.startswith('<div id="phrase-2" hx-swap-oob="innerHTML">'), message
        assert "table-version" not in message and "table-error" not in message
        if seat in ENGLISH:
            assert bubble_text(message) == "West · ph2 says: Well played!"
        else:
            assert bubble_text(message) == "西 · ph2 说： 打得好！"
        page.apply(message)
        # Everyone sees it at seat 2: in the sender's own seat (#me) for the sender.
        section = "me" if seat == 2 else "seat-2"
        inside = page.table.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
        assert 'class="phrase-bubble"' in inside
        assert await communicator.receive_nothing(timeout=0.2)
    # An emoji is shown as it is and named for screen readers.
    clock.now += 3
    await send_phrase(sockets[0], "laugh")
    messages = [await communicator.receive_from() for communicator in sockets]
    assert all("😂" in m and 'id="phrase-0"' in m for m in messages)
    assert bubble_text(messages[0]).endswith("笑哭")
    assert bubble_text(messages[1]).endswith("Tears of joy")
    for page, message in zip(pages, messages, strict=True):
        page.apply(message)

    # The table's version is untouched, and the next move's update still applies to
    # every page, which then shows the table a fresh render shows, bubbles aside.
    assert [re.search(r'data-version="(\d+)"', p.table)[1] for p in pages] == version_before
    await sockets[0].send_json_to({"type": "void", "suit": "m", "version": page_version(room, 0)})
    for seat, (communicator, page) in enumerate(zip(sockets, pages, strict=True)):
        page.apply(await communicator.receive_from())
        assert page.error.endswith("></div>"), page.error
        without_bubbles = re.sub(
            r'(<div id="phrase-\d" [^>]*>).*?</p>(</div>)', r"\1\2", page.table
        )
        # The clock's seconds move on between the two renders (a slow database).
        fresh = await fresh_render(room, users[seat], seat in ENGLISH)
        assert without_clock(without_bubbles) == without_clock(fresh)
    await close(sockets)


def without_clock(html: str) -> str:
    return re.sub(r'(data-seconds-left="|class="seconds">)\d+', r"\1", html)


@sync_to_async
def fresh_render(room, user, english: bool) -> str:
    with translation.override("en" if english else "zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="").full()


async def test_one_phrase_every_three_seconds_and_ten_a_minute(clock):
    room, users, sockets, pages = await open_table()
    await send_phrase(sockets[1], "hurry")
    for communicator in sockets:
        assert 'id="phrase-1"' in await communicator.receive_from()
    # At once again: refused, in the sender's language, and nobody is sent anything.
    clock.now += 1
    await send_phrase(sockets[1], "sorry")
    assert await refusal(sockets[1]) == (
        "You are sending phrases too quickly. Please wait 2 seconds."
    )
    await assert_nobody_is_sent_anything(sockets)
    clock.now += 2  # three seconds after the first
    sent_at = [clock.now - 3]
    for _ in range(9):  # ten in all, one every three seconds
        await send_phrase(sockets[1], "sorry")
        for communicator in sockets:
            assert 'id="phrase-1"' in await communicator.receive_from()
        sent_at.append(clock.now)
        clock.now += 3
    # The eleventh within the minute is refused until the first is a minute old.
    assert clock.now - sent_at[0] == 30
    await send_phrase(sockets[1], "thanks")
    assert await refusal(sockets[1]) == (
        "You are sending phrases too quickly. Please wait 30 seconds."
    )
    await assert_nobody_is_sent_anything(sockets)
    # Another player is not held back by this one's phrases; a Chinese page is told in
    # Chinese.
    await send_phrase(sockets[0], "hurry")
    for communicator in sockets:
        assert 'id="phrase-0"' in await communicator.receive_from()
    await send_phrase(sockets[0], "hurry")
    assert await refusal(sockets[0]) == "发得太快了，请等 3 秒。"
    clock.now = sent_at[0] + 60
    await send_phrase(sockets[1], "thanks")
    for communicator in sockets:
        assert 'id="phrase-1"' in await communicator.receive_from()
    await close(sockets)


NOT_A_PHRASE = "这不是本桌的快捷语。"
FREE_TEXT = [
    ("你好，大家好", "无法读取这条消息。"),  # not JSON at all
    (json.dumps({"type": "phrase", "phrase": "你好，大家好"}), NOT_A_PHRASE),
    (json.dumps({"type": "phrase", "phrase": "Hurry up!"}), NOT_A_PHRASE),  # text, no key
    (json.dumps({"type": "phrase", "phrase": "NICE"}), NOT_A_PHRASE),
    (json.dumps({"type": "phrase"}), NOT_A_PHRASE),
    (json.dumps({"type": "phrase", "phrase": ["nice"]}), NOT_A_PHRASE),
    (json.dumps({"type": "phrase", "phrase": {"text": "hi"}}), NOT_A_PHRASE),
    (json.dumps({"type": "chat", "text": "hello"}), "牌桌上没有这个操作。"),
    (json.dumps({"type": "phrase", "phrase": "nice", "x": "a" * 5000}), "这条消息太长了。"),
]


async def test_nobody_can_send_free_text(clock):
    room, users, sockets, pages = await open_table()
    for frame, says in FREE_TEXT:
        await sockets[0].send_to(text_data=frame)
        assert await refusal(sockets[0]) == says, frame
        await assert_nobody_is_sent_anything(sockets)
    # None of them counted against the rate limit: a phrase now goes through.
    await send_phrase(sockets[0], "sorry")
    for communicator in sockets:
        assert 'id="phrase-0"' in await communicator.receive_from()
    await close(sockets)


async def test_fields_beside_the_key_never_reach_the_table(clock):
    room, users, sockets, pages = await open_table()
    await send_phrase(sockets[0], "thanks", text="<b>free text</b>", name="someone else", seat=3)
    for communicator in sockets:
        message = await communicator.receive_from()
        assert 'id="phrase-0"' in message  # the sender's own seat, whatever the frame says
        assert "free text" not in message and "someone else" not in message
    await close(sockets)


async def test_every_phrase_has_a_chinese_text():
    with translation.override("zh-hans"):
        for phrase in PHRASES:
            assert str(phrase.name) and not re.search("[A-Za-z]", str(phrase.name)), phrase


@sync_to_async
def post_phrase(room, user, key) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.post(
        reverse("table_action", args=[room.code]),
        {"type": "phrase", "phrase": key},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    return response.content.decode()


async def test_a_spectator_or_a_stranger_cannot_send(clock):
    room, users, sockets, pages = await open_table()
    watcher = await sync_to_async(User.objects.create_user)("watcher", password="x-long-pw-9")
    # A person with no seat here either may not open the table's socket, or opens it to
    # watch (a spectator): then they see the players' phrases but cannot send.
    communicator, connected = await connect(room.code, await sync_to_async(session_cookie)(watcher))
    if connected:
        for someone in (communicator, *sockets):
            await settle(someone)  # the table, and the players' watch count
        await send_phrase(communicator, "nice")
        assert 'id="table-error"' in await communicator.receive_from()
        await assert_nobody_is_sent_anything([communicator, *sockets])
        await send_phrase(sockets[1], "thanks")
        for player in sockets:
            await player.receive_from()
        assert 'id="phrase-1"' in await communicator.receive_from()
        await communicator.disconnect()
        for player in sockets:
            await settle(player)  # one watcher fewer
        clock.now += 3
    # The same form posted without the socket is refused too.
    page = await post_phrase(room, watcher, "nice")
    assert "只有这桌的玩家才能发快捷语" in page
    await post_phrase(room, None, "nice")  # not logged in: sent to log in
    await assert_nobody_is_sent_anything(sockets)
    # A seated player posting the form before their socket is open is heard as usual.
    await post_phrase(room, users[3], "nice")
    for communicator in sockets:
        assert 'id="phrase-3"' in await communicator.receive_from()
    await close(sockets)


async def test_a_viewer_whose_seat_is_gone_cannot_send(clock):
    """Whoever the table's socket serves, the seat is checked when a phrase is sent: a
    player who left their seat (a spectator now) is refused, and nobody hears it."""
    room, users = await sync_to_async(four_people)("gone", ready=False)
    sockets = []
    for user in users[:2]:
        communicator, connected = await connect(
            room.code, await sync_to_async(session_cookie)(user)
        )
        assert connected
        await settle(communicator)
        sockets.append(communicator)
    await sync_to_async(leave_seat)(room=room, user=users[1])
    for communicator in sockets:
        await settle(communicator)
    await send_phrase(sockets[1], "nice")
    assert await refusal(sockets[1]) == "只有这桌的玩家才能发快捷语。"
    await assert_nobody_is_sent_anything(sockets)
    await close(sockets)
