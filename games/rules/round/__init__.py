"""One round of 血战到底 as a pure state machine (RULES.md sections 2–5, 8 and 9).

``Round`` holds the whole state. ``legal_actions(seat)`` lists what a seat may do now;
``apply(seat, action)`` either applies one action and returns the events it caused, or
raises ``IllegalAction`` and leaves the state exactly as it was (every check runs
before anything changes). Draws, automatic wins and the end-of-round settlement are
not actions: they happen inside ``apply`` as consequences.

An action is a tuple ``(verb, arg)``: ``("void", suit)``, ``("discard", tile)``,
``("zimo", None)``, ``("concealed_kong", tile)``, ``("added_kong", tile)`` and, to answer a
claim on a discard or a robbable kong, ``("win" | "pong" | "kong" | "pass", None)``; with
换三张 (option ``exchange_three``) also ``("exchange", (t1, t2, t3))``.
``parse_action`` turns the JSON form ``{"type": "discard", "tile": "5m"}`` into one.

Phases: ``exchange`` (换三张, only with the option: everyone picks three tiles),
``void`` (everyone chooses 定缺), ``turn`` (``current`` acts), ``claim`` (the
players offered a discard answer), ``rob`` (the players who can rob an added kong
answer), ``ended``.
"""

# The engine's names, from the modules that define them.
from games.rules.round.actions import (  # noqa: F401
    CLAIM_VERBS,
    KONG_FAN,
    LAST_FOUR,
    OFFER_PENDING,
    SEATS,
    TILE_VERBS,
    TURN_VERBS,
    VERBS,
    Action,
    IllegalAction,
    action_to_dict,
    gettext_noop,
    parse_action,
)
from games.rules.round.claim import Claim  # noqa: F401
from games.rules.round.end import SETTLEMENT_DETAILS  # noqa: F401
from games.rules.round.state import Round  # noqa: F401
from games.rules.round.wall import (  # noqa: F401
    CURRENT_SHUFFLE,
    SHUFFLE_KEYED_BY_HASH,
    SHUFFLE_KEYED_BY_SEED,
    seed_hash,
    shuffled_wall,
)
