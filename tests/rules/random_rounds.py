"""Random rounds under every set of options, played by random legal moves, each step checked
against the rules' invariants."""

import json
import random

from games.players.computer import choose_action
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import full_set

OPTION_SETS = [
    {},
    {"cap": None, "zimo_bonus": "fan", "haidi": True, "jingoudiao": True},
    {"pass_blocks_ron": False, "last_four_auto_ron": True, "kong_transfer": False},
    {
        "zimo_bonus": "base",
        "kong_bloom_from_discard": "ron",
        "ready_difference": True,
        "base": 3,
        "cap": 2,
        "pig_fan": 0,
    },
    {"last_four_must_win": False, "tiandi_hu": False, "ready_difference": True},
    # 换三张 (RULES.md section 13): the tiles move before 定缺; the rest as above.
    {"exchange_three": True},
    {"exchange_three": True, "exchange_seconds": 5, "cap": None, "zimo_bonus": "fan"},
]


# RULES.md section 14: tables for three and two, of two suits, with the options that
# meet them (换三张's directions, 血流成河, the scoring options).
TABLE_OPTION_SETS = [
    {"players": 3},
    {"players": 3, "suits": 2, "ron_needs_fan": True, "cap": 3},
    {"players": 3, "exchange_three": True, "pongs_fan": 2, "middle_five": True},
    {"players": 3, "suits": 2, "mode": "xueliu", "last_tiles_rule": "active"},
    {"players": 2},
    {"players": 2, "suits": 2, "exchange_three": True, "ron_needs_fan": True},
    {"players": 2, "mode": "xueliu", "xueliu_kongs": "fan"},
    {"suits": 2, "exchange_three": True, "ready_difference": True},
]


XUELIU_OPTION_SETS = [
    {"mode": "xueliu"},
    {"mode": "xueliu", "xueliu_kongs": "fan", "zimo_bonus": "fan", "ready_difference": True},
]


MAX_ACTIONS = 1000


def pick(state: Round, rng: random.Random):
    """A legal move: the strong bot's for seats 0 and 2; for the others, always win when
    possible, kong and pong often, otherwise random."""
    seat = rng.choice(state.waiting_on())
    if seat % 2 == 0:
        return seat, choose_action(state, seat, "strong", rng)
    legal = state.legal_actions(seat)
    for verb in ("zimo", "win"):
        if (verb, None) in legal:
            return seat, (verb, None)
    kongs = [a for a in legal if a[0] in ("kong", "concealed_kong", "added_kong")]
    if kongs and rng.random() < 0.7:
        return seat, rng.choice(kongs)
    if ("pong", None) in legal and rng.random() < 0.6:
        return seat, ("pong", None)
    if ("pass", None) in legal:
        return seat, ("pass", None)
    return seat, rng.choice(legal)


def hide_the_others(state: Round, viewer: int, rng: random.Random) -> Round:
    """The same table, with every tile the viewer cannot see dealt out anew (a winner's
    hand is laid down for all to see)."""
    clone = Round.from_json(state.to_json())
    hidden = list(clone.wall)
    sizes = {}
    for seat in range(state.seats):
        if seat != viewer and not clone.out[seat] and not clone.locked(seat):
            sizes[seat] = sum(clone.hands[seat])
            hidden += clone.hand_tiles(seat)
    rng.shuffle(hidden)
    for seat, size in sizes.items():
        clone.hands[seat] = [0] * 27
        for t in hidden[:size]:
            clone.hands[seat][t] += 1
        hidden = hidden[size:]
    clone.wall = hidden
    return clone


def check_step(state: Round, rng: random.Random) -> None:
    assert state.tiles_accounted() == len(full_set(state.options.suits))
    # The pool is every seat's river, in the order played.
    assert sorted(map(tuple, state.pool)) == sorted(
        (seat, tile) for seat in range(state.seats) for tile in state.discards[seat]
    )
    for seat in range(state.seats):
        assert [t for s, t in state.pool if s == seat] == state.discards[seat]
    assert sum(state.net()) == 0
    if state.options.xueliu:
        check_xueliu_step(state)
    data = state.to_json()
    assert Round.from_json(json.loads(json.dumps(data))).to_json() == data
    if state.phase != "ended":
        viewer = rng.randrange(state.seats)
        assert hide_the_others(state, viewer, rng).view(viewer) == state.view(viewer)


def check_xueliu_step(state: Round) -> None:
    """血流成河: nobody is ever out, each win lays one tile beside its winner, and a
    winner's hand keeps its 13 tiles (14 while holding a draw)."""
    assert not any(state.out)
    for seat in range(state.seats):
        wins = [w for w in state.winners if w["seat"] == seat]
        assert len(state.win_tiles[seat]) == len(wins)
        if wins:
            size = sum(state.hands[seat]) + 3 * len(state.melds[seat])
            holding_draw = state.phase == "turn" and state.current == seat
            assert size == (14 if holding_draw else 13)
    if state.phase == "ended":
        assert state.end == "wall_empty" and not state.wall


def play(seed: str, dealer: int, options: dict, rng: random.Random):
    state = Round.deal(seed, dealer, RoomOptions.from_dict(options))
    actions = []
    while state.phase != "ended":
        seat, action = pick(state, rng)
        state.apply(seat, action)
        actions.append((seat, action))
        check_step(state, rng)
        assert len(actions) < MAX_ACTIONS, "the round did not end"
    return state, actions
