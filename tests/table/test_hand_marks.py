"""Marks on the viewer's own hand (games.table.hand_marks; the page marks the buttons,
static/js/table-hand.js): the tiles that arrived in 换三张, from the swap until the
player's first discard, and the tile the coach (大师) would discard, its ★. The hand part
names them by code; nobody else's page carries them."""

import re

import pytest
from django.utils import translation

from games.play.moves import apply_move
from games.rules.tiles import parse_tiles, tile_str
from games.table import coaching
from games.table.hand_marks import received
from games.words.display import tile_name
from tests.rules.tables import table
from tests.table.pages import page, part, put
from tests.table.scenes import (
    COACHED,
    TURN,
    WALL,
    a_pick,
    engine_of,
    render,
    seated_room,
    swapping_room,
)


def marks(hand_html: str, name: str) -> list[str]:
    found = re.search(rf'data-{name}="([^"]*)"', hand_html)
    return found.group(1).split() if found else []


@pytest.mark.django_db
def test_the_tiles_received_in_the_swap_are_marked_until_the_first_discard():
    room, users = swapping_room("mark")
    engine = engine_of(room)
    assert marks(part(page(room, users[0]), "me-hand"), "received") == []  # still picking
    for seat in range(4):
        apply_move(
            room_id=room.pk,
            user=users[seat],
            expected_version=seat,
            action={"type": "exchange", "tiles": a_pick(engine, seat)},
        )
    engine = engine_of(room)
    assert engine.phase == "void"
    for seat in range(4):
        got = [tile_str(t) for t in parse_tiles(engine.exchange_of(seat)["received"])]
        hand = part(page(room, users[seat]), "me-hand")
        assert sorted(marks(hand, "received")) == sorted(got)
        with translation.override("zh-hans"):
            assert f'data-received-mark="{translation.gettext("Swapped in")}"' in hand
        # Named in the player's own hand only, nowhere else on the page.
        assert page(room, users[seat]).count("data-received=") == 1
    # The voids chosen: still marked at the dealer's first turn, gone once they discard.
    for seat in range(4):
        suit = "msp"[seat % 3]
        apply_move(
            room_id=room.pk,
            user=users[seat],
            expected_version=4 + seat,
            action={"type": "void", "suit": suit},
        )
    engine = engine_of(room)
    dealer = engine.current
    assert marks(part(page(room, users[dealer]), "me-hand"), "received")
    tile = tile_str(next(iter(t for verb, t in engine.legal_actions(dealer) if verb == "discard")))
    apply_move(
        room_id=room.pk,
        user=users[dealer],
        expected_version=8,
        action={"type": "discard", "tile": tile},
    )
    assert marks(part(page(room, users[dealer]), "me-hand"), "received") == []


def test_received_leaves_out_a_tile_no_longer_in_the_hand():
    view = {
        "exchange": {"mine": {"received": "5m5m7m"}},
        "phase": "turn",
        "hand": ["5m", "7m", "1p"],
        "players": [{"discards": [], "melds": [], "out": False}],
    }
    assert received(view, 0) == ("5m", "7m")
    view["players"][0]["discards"] = ["1p"]
    assert received(view, 0) == ()
    assert received({**view, "exchange": None}, 0) == ()


@pytest.mark.django_db
def test_the_coach_s_discard_is_marked_in_the_hand_as_in_its_panel():
    room, users = seated_room("mk", COACHED)
    put(room, table(TURN, wall=WALL, voids="ssss", current=0, options=COACHED))
    assert marks(render(room, users[0])["me-hand"], "coach") == []  # switched off
    coaching.set_coach(room=room, user=users[0], on=True)
    parts = render(room, users[0])
    starred = re.search(
        r'<tr class="chosen"><th scope="row"><span class="coach-star"[^>]*>★</span>'
        r" ([^<]+)</th>",
        parts["me-coach"],
    )
    code = marks(parts["me-hand"], "coach")
    assert len(code) == 1 and starred
    with translation.override("zh-hans"):
        assert str(tile_name(code[0])) == starred.group(1)
    assert f'value="{code[0]}"' in parts["me-hand"]  # a tile of the hand, playable
    # Another seat, without the switch, sees no mark.
    assert marks(render(room, users[1])["me-hand"], "coach") == []
