"""Every payment reason with a worked example that the engine itself plays.

Each example is a short scene: a deal written in the rule book's notation, the few moves
that matter (every other move is the default move of RULES.md section 11: a claim
passes, a turn throws the tile just drawn) and the room options. The engine plays it
from the deal, and the payments it makes are put into words by the settlement's own
sentences (games.words.settlement_sentences), so the page shows the same arithmetic as a
table's settlement ("东 付给 南 4 分：点炮 清一色 2 番，底分 1 × 2² = 4"). The tests
check that every reason the engine knows has a scene that makes it.
"""

from dataclasses import dataclass, field
from functools import cache

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.players.defaults import default_action
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import parse_tile, parse_tiles, suit_index, tile_str
from games.words import glossary, labels
from games.words.settlement_sentences import KONG_WINDS, REASON_TERMS, settlement_words

Move = tuple[int, str, str | None]  # seat, verb, tile

IDLE = "1123456778899s"  # Bamboo only, void Bamboo: never ready, never a pig, never claims
PURE = "234p789p111p99p46p"  # Dots only, ready on 1p, 4p and 5p: 清一色


@dataclass(frozen=True, slots=True)
class Scene:
    """A deal (the dealer, East, holds 14 tiles), the wall, each seat's void suit, the
    moves that matter and the room options."""

    setup: object  # what happens, in words (lazy translation)
    hands: tuple[str, str, str, str]
    wall: str
    voids: str
    moves: tuple[Move, ...]
    options: dict = field(default_factory=dict)
    to_the_end: bool = False  # play on (default moves) until the wall runs out


_KONG_THEN_DISCARD = Scene(
    _(
        "East makes a concealed kong of 5 Characters, draws the replacement and discards "
        "5 Dots, on which South wins."
    ),
    ("5555m112233446m5p", PURE, IDLE, IDLE),
    "3p9m9m",
    "smss",
    ((0, "concealed_kong", "5m"), (0, "discard", "5p"), (1, "win", None)),
)

_WALL_RUNS_OUT = Scene(
    _(
        "North makes a concealed kong of 7 Characters; then the wall runs out with South "
        "still holding all three suits, East and West ready and North not ready."
    ),
    ("123m456m789p23p55p1s", "159m158p1234566s", PURE, "7777m123456789s"),
    "9s9s8s8s7s",
    "ssss",
    ((3, "concealed_kong", "7m"),),
    to_the_end=True,
)

SCENES: dict[str, Scene] = {
    "ron": Scene(
        _("East discards 5 Dots; South, waiting on it, wins."),
        ("1122334455667m5p", PURE, IDLE, IDLE),
        "999m",
        "smss",
        ((0, "discard", "5p"), (1, "win", None)),
    ),
    "zimo": Scene(
        _("South draws 5 Dots and wins self-drawn; the three others pay."),
        ("1122334455667m5p", PURE, IDLE, IDLE),
        "9m9m9m9m5p8m8m8m8m6m",
        "smss",
        ((0, "discard", "7m"), (1, "zimo", None)),
    ),
    "rob_kong": Scene(
        _(
            "East, holding a pong of 5 Dots, draws the fourth and adds it to the pong; "
            "South wins on that tile."
        ),
        ("112233445566m55p", PURE, IDLE, "112345677889s5p"),
        "9m9m9m9m8m8m5p8m8m7m7m7m",
        "smsp",
        ((3, "discard", "5p"), (0, "pong", None), (0, "added_kong", "5p"), (1, "win", None)),
    ),
    "kong_exposed": Scene(
        _("East discards 5 Characters; South holds three of them and makes a kong."),
        ("1122334466778m5m", "555m123p456p789p1m", IDLE, IDLE),
        "9m9m9m",
        "ssss",
        ((0, "discard", "5m"), (1, "kong", None)),
    ),
    "kong_added": Scene(
        _(
            "East, holding a pong of 5 Dots, draws the fourth and adds it to the pong; "
            "nobody can win on it."
        ),
        ("112233445566m55p", "1112223336789p", IDLE, "112345677889s5p"),
        "9m9m9m9m8m8m5p8m8m7m7m7m",
        "sssp",
        ((3, "discard", "5p"), (0, "pong", None), (0, "added_kong", "5p")),
    ),
    "kong_concealed": Scene(
        _("East holds four 5 Characters and makes a concealed kong."),
        ("5555m112233p4466m", "123456789p1236p", IDLE, IDLE),
        "9m9m9m",
        "ssss",
        ((0, "concealed_kong", "5m"),),
    ),
    "kong_transfer": _KONG_THEN_DISCARD,
    "pig": _WALL_RUNS_OUT,
    "not_ready": _WALL_RUNS_OUT,
    "kong_refund": _WALL_RUNS_OUT,
    "ready_difference": Scene(
        _WALL_RUNS_OUT.setup,
        _WALL_RUNS_OUT.hands,
        _WALL_RUNS_OUT.wall,
        _WALL_RUNS_OUT.voids,
        _WALL_RUNS_OUT.moves,
        options={"ready_difference": True},
        to_the_end=True,
    ),
}

# Shown beside the example: the option a reason needs, where it is off by default.
NEEDS_OPTION = {"ready_difference": "ready_difference"}

NAMES = labels.SEAT_WINDS  # the players of the scenes are named by their seats


def play(scene: Scene) -> Round:
    """The scene played by the engine from its deal."""
    state = Round.from_deal(
        [parse_tiles(hand) for hand in scene.hands],
        parse_tiles(scene.wall),
        0,
        RoomOptions.from_dict(scene.options),
    )
    for seat, suit in enumerate(scene.voids):
        state.apply(seat, ("void", suit_index(suit)))
    for seat, verb, tile in scene.moves:
        action = (verb, parse_tile(tile) if tile else None)
        while action not in state.legal_actions(seat):
            waiting = state.waiting_on()
            if not waiting:
                raise ValueError(f"the scene's move {seat} {verb} {tile} never comes")
            state.apply(waiting[0], default_action(state, waiting[0]))
        state.apply(seat, action)
    while state.phase in ("claim", "rob") or (scene.to_the_end and state.phase != "ended"):
        state.apply(state.waiting_on()[0], default_action(state, state.waiting_on()[0]))
    return state


@cache
def played(reason: str) -> dict:
    """The engine's state after the scene for ``reason`` (the same in every language)."""
    return play(SCENES[reason]).to_json()


@dataclass(frozen=True, slots=True)
class Worked:
    """One payment reason as the page shows it."""

    reason: str
    name: str
    terms: tuple[tuple[str, str], ...]  # (name, explanation): who pays whom, and why
    setup: str
    lines: tuple  # the scene's payments of this reason, as settlement sentences
    checks: tuple  # the end-of-round checks, for the reasons that come from them
    win: dict | None  # the winner's hand, for the reasons paid for a win
    needs: str | None  # the room option the reason needs (in words)


def _terms(reason: str) -> tuple[tuple[str, str], ...]:
    keys = [REASON_TERMS[reason]]
    if reason in KONG_WINDS:
        keys.append(KONG_WINDS[reason])
    return tuple(glossary.glossary(keys))


def _winner(state: dict) -> dict | None:
    if not state["winners"]:
        return None
    record = state["winners"][0]
    engine = Round.from_json(state)
    hand = sorted(engine.hand_tiles(record["seat"]))
    if record["how"] == "zimo":
        hand.remove(parse_tile(record["tile"]))  # a self-drawn tile is in the hand
    return {
        "name": str(NAMES[record["seat"]]),
        "hand": [tile_str(t) for t in hand],
        "melds": [[m.kind, tile_str(m.tile)] for m in engine.melds[record["seat"]]],
        "tile": record["tile"],
        "worth": gettext("%(patterns)s: %(worth)s")
        % {
            "patterns": labels.describe_patterns(record["patterns"]),
            "worth": labels.win_worth(record),
        },
    }


def worked(reason: str) -> Worked:
    state = played(reason)
    words = settlement_words(state, [str(name) for name in NAMES])
    lines = tuple(
        line
        for line, entry in zip(words.payments, state["ledger"], strict=True)
        if entry["reason"] == reason
    )
    from_checks = reason in ("pig", "not_ready", "kong_refund", "ready_difference")
    needs = None
    if reason in NEEDS_OPTION:
        from games.rulebook.options import option_value_words

        needs = option_value_words(NEEDS_OPTION[reason], True)
    return Worked(
        reason=reason,
        name=str(labels.REASONS[reason]),
        terms=_terms(reason),
        setup=str(SCENES[reason].setup),
        lines=lines,
        checks=words.checks if from_checks else (),
        win=_winner(state) if reason in ("ron", "zimo", "rob_kong", "kong_transfer") else None,
        needs=needs,
    )


def payments() -> list[Worked]:
    """Every payment reason, in the order the settlement's words know them."""
    return [worked(reason) for reason in REASON_TERMS]
