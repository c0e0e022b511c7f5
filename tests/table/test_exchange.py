"""换三张 at the table (RULES.md section 13): the picking UI, a pick posted or sent over
the socket, the refusals, the default move at the deadline, and the stored round's
history and replay."""

import re
from datetime import timedelta
from io import StringIO

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.history.replay import check
from games.models import Event, Round, Seat
from games.play.errors import ServiceError
from games.play.moves import apply_move
from games.play.steps import advance_due_rounds
from games.players.bots import choose_exchange
from games.rules.round import Round as EngineRound
from games.rules.tiles import format_tiles, parse_tiles, tile_str
from games.words.display import tile_name
from tests.table.pages import page, part
from tests.table.scenes import a_pick, engine_of, swapping_room
from tests.table.sockets import connect, session_cookie, settle
from tests.tables import LATER, page_version

DIRECTION_WORDS = {"next": "换给下家", "previous": "换给上家", "opposite": "换给对家"}


def zh_names(tiles: str) -> list[str]:
    with translation.override("zh-hans"):
        return [str(tile_name(tile_str(t))) for t in parse_tiles(tiles)]


@pytest.mark.django_db
def test_the_table_shows_the_picking_ui_with_the_clock():
    room, users = swapping_room("ui", exchange_seconds=45)
    engine = engine_of(room)
    assert engine.phase == "exchange"
    html = page(room, users[1])
    hand = part(html, "me-hand")
    assert 'aria-label="我的手牌"' in hand
    buttons = re.findall(
        r'<button type="button" value="(\w+)" class="tile exchange-tile" '
        r'data-exchange-tile="\w+" aria-pressed="false" aria-label="([^"]+)"',
        hand,
    )
    assert sorted(code for code, _ in buttons) == sorted(tile_str(t) for t in engine.hand_tiles(1))
    with translation.override("zh-hans"):
        assert all(name == tile_name(code) for code, name in buttons)
    assert "已选 0 / 3" in hand and ">换三张</button>" in hand
    # The suggestion names the computer's pick; without JavaScript, boxes to tick.
    assert "建议" in hand and all(name in hand for name in zh_names(a_pick(engine, 1)))
    assert hand.count('type="checkbox" name="tiles"') == len(engine.hand_tiles(1))
    center = part(html, "center")
    assert "换三张" in center and 'data-seconds-left="45"' in center
    assert "<script" not in hand and "style=" not in hand


@pytest.mark.django_db
def test_a_posted_pick_is_secret_and_the_swap_shows_where_the_tiles_went(client):
    room, users = swapping_room("post")
    engine = engine_of(room)
    picks = [a_pick(engine, seat) for seat in range(4)]
    url = reverse("table_action", args=[room.code])
    client.force_login(users[0])
    # Without JavaScript: one ticked box per tile.
    boxes = [tile_str(t) for t in parse_tiles(picks[0])]
    response = client.post(
        url, {"type": "exchange", "tiles": ["", *boxes], "version": str(page_version(room, 0))}
    )
    assert response.status_code == 302
    engine = engine_of(room)
    assert engine.exchange_picks[0] == parse_tiles(picks[0]) and engine.phase == "exchange"
    mine = part(page(room, users[0]), "me-actions")
    assert "等待其他玩家" in mine and all(n in mine for n in zh_names(picks[0]))
    # The others see only that seat 0 has picked, never what.
    other = page(room, users[1])
    assert "等待其他玩家" not in other
    assert ">换三张</button>" in part(other, "me-hand")
    assert picks[0] not in other
    assert "已选好换牌" in part(other, "seat-0-head")
    assert "已选好换牌" not in part(other, "seat-2-head")
    # The others pick through the service (as the socket does), on their older pages:
    # another player's pick does not make a page stale.
    for seat in (1, 2, 3):
        apply_move(
            room_id=room.pk,
            user=users[seat],
            expected_version=seat - 1,
            action={"type": "exchange", "tiles": picks[seat]},
        )
    engine = engine_of(room)
    assert engine.phase == "void"
    words = DIRECTION_WORDS[engine.exchange_direction]
    html = page(room, users[2])
    assert words in part(html, "center")
    note = part(html, "me-actions")
    received = engine.exchange_of(2)["received"]
    assert words in note and all(n in note for n in zh_names(received))
    assert "：换出 " in note and "；换入 " in note  # Chinese punctuation, full width
    assert "定缺" in note  # the void buttons follow
    kinds = list(Round.objects.get(room=room).events.values_list("kind", flat=True))
    assert kinds.count("exchange_picked") == 4 and kinds.count("tiles_exchanged") == 1


@pytest.mark.django_db
def test_a_stranger_or_an_out_of_phase_pick_is_refused(client):
    room, users = swapping_room("ref")
    engine = engine_of(room)
    stranger = User.objects.create_user("stranger", password="x-long-password-1")
    client.force_login(stranger)
    url = reverse("table_action", args=[room.code])
    client.post(
        url, {"type": "exchange", "tiles": a_pick(engine, 0), "version": str(page_version(room, 0))}
    )
    assert Round.objects.get(room=room).version == 0
    client.force_login(users[0])
    with translation.override("zh-hans"):
        response = client.post(
            url,
            {"type": "exchange", "tiles": "1m2p3s", "version": str(page_version(room, 0))},
            follow=True,
        )
    assert "三张" in response.content.decode() and "同一花色" in response.content.decode()
    assert Round.objects.get(room=room).version == 0
    for seat in range(4):
        apply_move(
            room_id=room.pk,
            user=users[seat],
            expected_version=seat,
            action={"type": "exchange", "tiles": a_pick(engine, seat)},
        )
    engine = engine_of(room)
    held = engine.hand_tiles(0)
    suit = next(suit for suit in range(3) if sum(t // 9 == suit for t in held) >= 3)
    again = format_tiles([t for t in held if t // 9 == suit][:3])
    with pytest.raises(ServiceError, match="已经换过三张"):
        apply_move(
            room_id=room.pk,
            user=users[0],
            expected_version=4,
            action={"type": "exchange", "tiles": again},
        )
    assert Round.objects.get(room=room).version == 4


@pytest.mark.django_db
def test_at_the_deadline_everyone_gets_the_computers_pick():
    room, users = swapping_room("late")
    before = engine_of(room)
    expected = [choose_exchange(before, seat) for seat in range(4)]
    # Just after the deadline (the players are still here: not away, so timed out).
    deadline = Round.objects.get(room=room).deadline
    assert deadline == Round.objects.get(room=room).decision_started_at + timedelta(seconds=20)
    Seat.objects.filter(room=room).update(last_seen=deadline)  # their pages are open
    advance_due_rounds(now=deadline + timedelta(milliseconds=10), limit=1)
    engine = engine_of(room)
    assert engine.phase == "void"
    assert [tuple(p) for p in engine.exchange_picks] == expected
    actions = Event.objects.filter(round__room=room, kind="action").order_by("number")
    assert [a.data for a in actions] == [
        {"action": {"type": "exchange", "tiles": format_tiles(p)}, "by": "timeout"}
        for p in expected
    ]


@pytest.mark.django_db
def test_a_round_with_the_swap_replays_and_its_page_tells_it():
    room, users = swapping_room("hist")
    moment = timezone.now() + LATER
    for _step in range(2000):  # timeouts, then auto-play, until the round ends
        rnd = Round.objects.get(room=room)
        if rnd.status == Round.Status.ENDED:
            break
        advance_due_rounds(now=moment, limit=20)
    rnd = Round.objects.get(room=room)
    assert rnd.status == Round.Status.ENDED
    assert check(rnd).ok, check(rnd).problems
    out = StringIO()
    call_command("verify_rounds", "--round", str(rnd.pk), stdout=out)
    assert out.getvalue().strip().endswith(": ok")
    engine = EngineRound.from_json(rnd.state)
    client = Client()
    client.force_login(users[0])
    with translation.override("zh-hans"):
        html = client.get(
            reverse("round_detail", args=[rnd.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
        ).content.decode()
    assert DIRECTION_WORDS[engine.exchange_direction] in html
    assert "xuezhan-exchange:" in html
    export = client.get(reverse("round_export", args=[rnd.pk])).json()
    kinds = [e["kind"] for e in export["events"]]
    assert "tiles_exchanged" in kinds and kinds.count("exchange_picked") == 4
    # The replay's first step is the first pick, named with its tiles.
    step = client.get(
        reverse("round_replay", args=[rnd.pk, 1]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    first = engine.exchange_picks[
        next(e.seat for e in rnd.events.filter(kind="action").order_by("number")[:1])
    ]
    assert all(name in step for name in zh_names(format_tiles(first)))


@pytest.mark.django_db(transaction=True)
async def test_a_pick_over_the_socket_applies():
    room, users = await sync_to_async(swapping_room)("sock")
    cookie = await sync_to_async(session_cookie)(users[3])
    engine = await sync_to_async(engine_of)(room)
    communicator, connected = await connect(room.code, cookie)
    assert connected
    await settle(communicator)
    tiles = a_pick(engine, 3)
    await communicator.send_json_to(
        {"type": "exchange", "tiles": tiles, "version": page_version(room, 0)}
    )
    await settle(communicator)
    after = await sync_to_async(engine_of)(room)
    assert format_tiles(after.exchange_picks[3]) == tiles
    # A second pick is refused with the reason, and changes nothing.
    await communicator.send_json_to(
        {"type": "exchange", "tiles": tiles, "version": page_version(room, 1)}
    )
    reply = await communicator.receive_from()
    assert 'id="table-error"' in reply
    assert (await sync_to_async(engine_of)(room)).to_json() == after.to_json()
    await communicator.disconnect()


def test_the_tiles_field_may_come_as_one_text_a_list_or_ticked_boxes():
    from django.http import QueryDict

    from games.table.commands import MalformedCommand, parse_command

    assert parse_command({"type": "exchange", "tiles": "159s", "version": "3"})[1] == {
        "type": "exchange",
        "tiles": "159s",
    }
    assert (
        parse_command({"type": "exchange", "tiles": ["1s", "5s", "9s"], "version": 3})[1]["tiles"]
        == "1s5s9s"
    )
    boxes = QueryDict("type=exchange&version=3&tiles=&tiles=1s&tiles=5s&tiles=9s")
    assert parse_command(boxes)[1]["tiles"] == "1s5s9s"
    for bad in ([1, 2, 3], "1s" * 20, {"a": 1}):
        with pytest.raises(MalformedCommand):
            parse_command({"type": "exchange", "tiles": bad, "version": "3"})


def test_the_lobby_says_a_room_swaps_three():
    from games.words.room_options import options_summary

    with translation.override("zh-hans"):
        assert "换三张" in options_summary({"exchange_three": True})
        assert "换三张" not in options_summary({})
