"""换三张 (swap three), RULES.md section 13: after the deal and before 定缺 every player
secretly picks three tiles of one suit; when all four have picked they move at once in
the direction drawn from the seed."""

import random

import pytest

from games.rules import exchange
from games.rules.conformance import play_round
from games.rules.round import IllegalAction, Round, parse_action, seed_hash
from games.rules.tiles import format_tiles, parse_tiles
from tests.rules.exchange_deal import HANDS, ON, PICKS, WALL, dealt, pick


def hand(state: Round, seat: int) -> str:
    return format_tiles(state.hand_tiles(seat))


@pytest.mark.parametrize(
    "direction, gets_from",
    [
        ("next", {0: 3, 1: 0, 2: 1, 3: 2}),  # 下家: each gives to the seat after
        ("previous", {0: 1, 1: 2, 2: 3, 3: 0}),  # 上家
        ("opposite", {0: 2, 1: 3, 2: 0, 3: 1}),  # 对家
    ],
)
def test_each_direction_moves_every_pick_at_once(direction, gets_from):
    state = dealt(direction)
    assert state.phase == "exchange" and state.waiting_on() == [0, 1, 2, 3]
    for seat in range(3):
        pick(state, seat, PICKS[seat])
        assert state.phase == "exchange"
        assert [hand(state, s) for s in range(4)] == [
            format_tiles(parse_tiles(h)) for h in HANDS
        ]  # nothing moves before all four
    events = pick(state, 3, PICKS[3])
    assert events[-1] == {"type": "tiles_exchanged", "direction": direction}
    assert state.phase == "void"
    for seat in range(4):
        expected = parse_tiles(HANDS[seat])
        for t in parse_tiles(PICKS[seat]):
            expected.remove(t)
        expected += parse_tiles(PICKS[gets_from[seat]])
        assert hand(state, seat) == format_tiles(expected)
        assert state.view(seat)["exchange"]["mine"] == {
            "picked": PICKS[seat],
            "direction": direction,
            "received": PICKS[gets_from[seat]],
        }
    assert sum(sum(h) for h in state.hands) == 53  # 14 + 3 × 13, nothing lost


def test_a_pick_is_secret_until_the_tiles_move():
    state = dealt("opposite")
    others_before = {seat: state.view(seat) for seat in (1, 2, 3, None)}
    events = pick(state, 0, "159s")
    assert events == [{"type": "exchange_picked", "seat": 0, "tiles": "159s"}]
    assert state.view(0)["exchange"]["mine"] == {
        "picked": "159s",
        "direction": None,
        "received": None,
    }
    for viewer, before in others_before.items():
        after = state.view(viewer)
        # The only news for the others: seat 0 has picked (not what, nor the direction).
        assert after["players"][0]["exchange_picked"] is True
        after["players"][0]["exchange_picked"] = False
        assert after == before
        assert after["exchange"]["direction"] is None
    for seat, tiles in ((1, "456p"), (2, "789m"), (3, "234s")):
        pick(state, seat, tiles)
    # After the swap the direction is public; what arrived is seen by its receiver only.
    assert state.view(None)["exchange"] == {"direction": "opposite", "mine": None}
    assert state.view(1)["exchange"]["mine"]["received"] == "234s"  # from seat 3
    assert state.view(2)["players"][0]["hand"] is None


@pytest.mark.parametrize(
    "seat, tiles, reason",
    [
        (0, "15s", "pick exactly three tiles, not 2"),
        (0, "1159s", "pick exactly three tiles, not 4"),
        (0, "11m5s", "the three tiles must be of one suit"),
        (0, "999s", "you do not hold 999s"),
        (1, "444p", "you do not hold 444p"),
    ],
)
def test_a_bad_pick_is_refused_and_changes_nothing(seat, tiles, reason):
    state = dealt()
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        pick(state, seat, tiles)
    assert str(refused.value) == reason
    assert state.to_json() == before


def test_picking_twice_or_out_of_phase_is_refused():
    state = dealt()
    with pytest.raises(IllegalAction, match="everyone picks three tiles to swap first"):
        state.apply(0, ("void", 2))
    with pytest.raises(IllegalAction, match="everyone picks three tiles to swap first"):
        state.apply(0, ("discard", parse_tiles("1m")[0]))
    pick(state, 0, "159s")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="you have already picked your three tiles"):
        pick(state, 0, "111m")
    assert state.to_json() == before
    for seat, tiles in ((1, "456p"), (2, "789m"), (3, "234s")):
        pick(state, seat, tiles)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="the tiles have already been swapped"):
        pick(state, 1, "123s")
    assert state.to_json() == before
    plain = Round.deal("no-exchange", dealer=0)
    assert plain.phase == "void"
    with pytest.raises(IllegalAction, match="this room does not swap three tiles"):
        plain.apply(0, ("exchange", tuple(plain.hand_tiles(0)[:3])))


def test_malformed_exchange_actions():
    with pytest.raises(IllegalAction, match="malformed action"):
        parse_action({"type": "exchange"})
    with pytest.raises(IllegalAction, match="malformed action"):
        parse_action({"type": "exchange", "tiles": "1x"})
    assert parse_action({"type": "exchange", "tiles": "931m"}) == (
        "exchange",
        tuple(parse_tiles("139m")),
    )


def test_the_direction_comes_from_the_secret_seed_not_its_commitment():
    found = set()
    differs_from_hash = 0
    for number in range(60):
        seed = f"dir-{number}"
        state = Round.deal(seed, dealer=number % 4, options=ON)
        expected = random.Random("xuezhan-exchange:" + seed).choice(exchange.DIRECTION_NAMES)
        assert state.exchange_direction == expected
        keyed_by_hash = random.Random("xuezhan-exchange:" + seed_hash(seed)).choice(
            exchange.DIRECTION_NAMES
        )
        differs_from_hash += keyed_by_hash != expected
        found.add(expected)
        # Not shown before the tiles move.
        assert state.view(0)["exchange"]["direction"] is None
    assert found == {"next", "previous", "opposite"}
    assert differs_from_hash > 10


def test_a_room_without_the_option_deals_as_before():
    plain = Round.deal("same-seed", dealer=1)
    assert plain.phase == "void"
    assert "exchange_direction" not in plain.to_json()
    assert plain.view(1)["exchange"] is None
    # Turning the option on swaps first but deals exactly the same tiles.
    swapping = Round.deal("same-seed", dealer=1, options=ON)
    assert swapping.hands == plain.hands and swapping.wall == plain.wall


def test_state_with_picks_survives_json():
    state = dealt("previous")
    pick(state, 2, "789m")
    data = state.to_json()
    assert data["exchange_direction"] == "previous"
    assert Round.from_json(data).to_json() == data


CASE = {
    "id": "exchange-tianhu",
    "dealer": 0,
    "hands": HANDS,
    "wall": WALL,
    "options": {"exchange_three": True},
    "actions": [
        [0, "void", "s", "illegal"],
        [1, "exchange", "45p7s", "illegal"],
        [1, "exchange", "45p", "illegal"],
        [0, "exchange", "159s"],
        [0, "exchange", "159s", "illegal"],
        [2, "exchange", "999m", "illegal"],
        [1, "exchange", "456p"],
        [2, "exchange", "789m"],
        [3, "exchange", "234s"],
        [0, "void", "s"],
        [1, "void", "m"],
        [2, "void", "s"],
        [3, "void", "s"],
    ],
}


def test_play_round_with_exchange_previous_gives_the_dealer_a_win():
    # 下家 (seat 1) passes 456p to the dealer, whose tiles go to the previous player:
    # 111222333m 44456p wins at once (天胡).
    case = dict(CASE, exchange_direction="previous", actions=CASE["actions"] + [[0, "zimo"]])
    result = play_round(case)
    assert "errors" not in result
    assert result["winners"][0][:2] == [0, "zimo"]
    assert result["net"][0] > 0


def test_play_round_with_exchange_next_gives_no_win():
    # Now the dealer gets seat 3's 234s instead, a suit it has chosen to void.
    case = dict(CASE, exchange_direction="next", actions=CASE["actions"] + [[0, "zimo", "illegal"]])
    result = play_round(case)
    assert "errors" not in result
    assert result["winners"] == []


def test_play_round_needs_the_direction():
    with pytest.raises(ValueError, match="exchange_direction"):
        play_round(CASE)
    with pytest.raises(ValueError, match="exchange_direction at a table for 4 must be one of"):
        play_round(dict(CASE, exchange_direction="left"))
