"""What each seat of the table shows, and what the player's own buttons say: the
winner's hand laid down with the winning tile, 离线 at once, claim buttons that name
their tile, the suggested void suit, greyed tiles that say why, and the cue for sound."""

import re

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.models import Round
from games.play import cues
from games.play.errors import ServiceError
from games.play.moves import apply_action, apply_for_seat, apply_move
from games.rules.round import Round as EngineRound
from games.words.display import tile_name
from tests.rules.tables import act, table
from tests.table.pages import page, part, put
from tests.table.sockets import connect, session_cookie, settle
from tests.tables import four_people, page_version

WINNING = [
    "1m2m3m4m5m6m7m8m9m1p2p3p5p5p",
    "1s2s3s4s6s7s8s9s1p4p7p2p3p",
    "9p9p1s3s5s7s9s2p4p6p8p1p3p",
    "1s3s5s7s8s8s9s2p2p4p7p1p6p",
]


@pytest.mark.django_db
def test_a_winners_hand_is_laid_down_with_the_winning_tile_for_everyone():
    room, users = four_people("w")
    engine = table(WINNING, wall="3m4m5m6m1m2m7m9m3p4p", voids="smss", current=0)
    won = next(e for e in act(engine, 0, "zimo") if e["type"] == "win")["tile"]
    put(room, engine, cue={"kind": "zimo", "seat": 0, "tile": won, "version": 1})
    with translation.override("zh-hans"):
        won_name = tile_name(won)
    for viewer in (users[1], AnonymousUser()):
        html = page(room, viewer)
        hand = part(html, "seat-0-hand")
        assert 'class="shown-hand"' in hand and hand.count("<img") == 14
        head = part(html, "seat-0-head")
        assert "已胡" in head and f'alt="{won_name}"' in head
        # Nobody else's hand is shown.
        assert 'class="shown-hand"' not in part(html, "seat-2-hand")
    # The win moment: who, on which tile, with what, for how much.
    banner = part(page(room, users[1]), "win-banner")
    assert "w0" in banner and f'alt="{won_name}"' in banner and "分" in banner


@pytest.mark.django_db
def test_claim_buttons_name_their_tile_and_a_win_says_what_it_scores():
    room, users = four_people("c")
    engine = table(
        [
            "2m3m4m5m6m7m1p2p3p6p7p8p9p4m",
            "1m2m3m4m5m6m7m8m9m1p2p3p9p",
            "9p9p1m3m5m7m9m2p4p6p8p1p3p",
            "1m3m5m7m8m8m9m2p2p4p7p1p6p",
        ],
        wall="3m4m5m6m1m2m7m9m3p4p",
        voids="ssss",
        current=0,
    )
    put(room, engine)
    rnd = Round.objects.get(room=room)
    apply_action(
        round_id=rnd.pk, user=users[0], expected_version=0, action={"type": "discard", "tile": "9p"}
    )
    asked = part(page(room, users[2]), "me-actions")
    assert re.search(
        r'aria-describedby="detail-pong">碰</button><span id="detail-pong" '
        r'class="verb-detail">九筒</span>',
        asked,
    )
    winner = part(page(room, users[1]), "me-actions")
    detail = re.search(r'<span id="detail-win" class="verb-detail">([^<]*)</span>', winner)
    # A plain win says its points: 平胡 counts no fan, and "0 番" would read as nothing.
    assert detail and detail.group(1) == "九筒 · 平胡 · 1 分"


@pytest.mark.django_db
def test_the_suit_with_fewest_tiles_is_suggested_for_the_void():
    room, users = four_people("v")
    engine = EngineRound.from_json(Round.objects.get(room=room).state)
    hand = engine.hand_tiles(1)
    counts = {suit: sum(1 for t in hand if "mps"[t // 9] == suit) for suit in "mps"}
    fewest = min("mps", key=lambda suit: counts[suit])
    actions = part(page(room, users[1]), "me-actions")
    suggested = re.findall(r'name="suit" value="(\w)"><input[^>]*><button[^>]*suggested', actions)
    assert suggested == [fewest]
    assert "推荐" in actions


@pytest.mark.django_db
def test_tiles_that_may_not_go_before_the_void_suit_are_greyed_and_say_why():
    room, users = four_people("g")
    engine = table(
        [
            "1s2m3m4m5m6m7m1p2p3p6p7p8p9p",
            "1m2m3m4m5m6m7m8m9m1p2p3p9p",
            "9p9p1m3m5m7m9m2p4p6p8p1p3p",
            "1m3m5m7m8m8m9m2p2p4p7p1p6p",
        ],
        wall="3m4m5m6m1m2m7m9m3p4p",
        voids="ssss",
        current=0,
    )
    put(room, engine)
    hand = part(page(room, users[0]), "me-hand")
    assert re.search(r'value="1s" class="tile void-tile', hand)  # the one to go
    assert (
        len(
            re.findall(
                r'class="tile blocked" aria-label="[^"]+" title="[^"]+" '
                r'aria-disabled="true"',
                hand,
            )
        )
        == 13
    )
    with translation.override("zh-hans"), pytest.raises(ServiceError) as refused:
        apply_move(
            room_id=room.pk,
            user=users[0],
            expected_version=0,
            action={"type": "discard", "tile": "2m"},
        )
    assert "缺" in str(refused.value)


@pytest.mark.django_db
def test_a_cue_names_each_public_happening_once_and_no_answer_nobody_sees():
    events = [
        {"type": "discard", "seat": 0, "tile": "9p"},
        {"type": "claim_offered", "tile": "9p", "seats": [2]},
    ]
    cue = cues.of_events(events, 5)
    assert cue == {"kind": "discard", "seat": 0, "tile": "9p", "version": 5}
    assert (
        cues.of_events(
            [
                {"type": "claim_answered", "seat": 2, "answer": "pass"},
                {"type": "draw", "seat": 1, "tile": "3m", "kind": "draw"},
            ],
            6,
        )
        is None
    )
    assert cues.of_events([{"type": "pong", "seat": 2, "tile": "9p"}], 6)["kind"] == "pong"
    win = {"type": "win", "seat": 1, "how": "zimo", "tile": "5p"}
    kong = {"type": "kong", "kind": "concealed", "seat": 1, "tile": "5p"}
    assert cues.of_events([kong, win], 7)["kind"] == "zimo"
    # The key names the cue without telling the version.
    key = cues.key("ROOM01", cue)
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    assert key != cues.key("ROOM01", {**cue, "version": 6})


@pytest.mark.django_db(transaction=True)
async def test_the_others_see_a_player_go_offline_at_once_and_come_back():
    room, users = await sync_to_async(four_people)("o")
    cookies = [await sync_to_async(session_cookie)(u) for u in users[:2]]
    watcher, connected = await connect(room.code, cookies[0])
    assert connected
    await watcher.receive_from()
    leaver, connected = await connect(room.code, cookies[1])
    assert connected
    await leaver.receive_from()
    back = await watcher.receive_from(timeout=5)
    assert 'id="seat-1-head"' in back and "离线" not in back
    await leaver.disconnect()
    gone = await watcher.receive_from(timeout=5)
    assert 'id="seat-1-head"' in gone and "离线" in gone
    await settle(watcher)
    await watcher.disconnect()
    assert page_version(room, 0)  # the room still serves its table


@pytest.mark.django_db(transaction=True)
async def test_a_returning_player_is_told_what_happened_while_away():
    room, users = await sync_to_async(four_people)("r")

    @sync_to_async
    def away_while_the_computer_plays():
        from datetime import timedelta

        from django.db import transaction
        from django.utils import timezone

        from games.models import Seat

        Seat.objects.filter(room=room, user=users[1]).update(
            online=False, last_seen=timezone.now() - timedelta(minutes=5)
        )
        with transaction.atomic():
            rnd = Round.objects.select_for_update().select_related("room").get(room=room)
            apply_for_seat(rnd, 1, {"type": "void", "suit": "m"}, by="computer")

    await away_while_the_computer_plays()
    cookie = await sync_to_async(session_cookie)(users[1])
    communicator, connected = await connect(room.code, cookie)
    assert connected
    assert 'id="table"' in await communicator.receive_from()
    note = await communicator.receive_from(timeout=5)
    assert 'id="away-note"' in note and "离开期间" in note and "电脑替你打了 1 手" in note
    await communicator.disconnect()
    # Back again at once: nothing to tell.
    communicator, connected = await connect(room.code, cookie)
    await communicator.receive_from()
    assert await communicator.receive_nothing(timeout=0.5)
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_whole_table_sent_over_the_socket_is_in_the_players_language():
    from tests.rules import payment_scenes as payments

    room, users = await sync_to_async(four_people)("e")

    @sync_to_async
    def end_the_round():
        ended = payments.kong_then_discard()
        act(ended, 3, "discard", "1s")  # and the wall has run out
        put(room, ended)

    await end_the_round()
    cookie = await sync_to_async(session_cookie)(users[0])
    communicator, connected = await connect(room.code, cookie + b"; django_language=en")
    assert connected
    html = await communicator.receive_from()
    assert "<summary>Settlement</summary>" in html and "结算" not in html
    await communicator.disconnect()
