"""The shared test vectors' adapter (a copy of the vectors is in tests/vectors/): it answers
their cases with this engine, for this project's tests and for an outside conformance suite
that imports ``from games.rules.conformance import evaluate_hand, play_round``; that import
path is why it lives in the engine's package although it is test code. Like the engine it
imports only the engine (no computer player: a vector scripts every move).

``evaluate_hand(case)`` answers a hands.jsonl case with its "expect" object. It returns
plain JSON-able values, never raises for a well-formed case, and raises ValueError with
a readable message for a malformed one.
"""

from typing import Any

from games.rules.hands import Meld, held_copies
from games.rules.options import RoomOptions
from games.rules.scoring import WinContext, best_ready_fan, score_win, win_allowed
from games.rules.tiles import COPIES, parse_tile, parse_tiles, suit_index, tile_str, to_counts

HAND_FLAGS = ("tianhu", "dihu", "last_tile")


def _require(case: Any, name: str) -> Any:
    if not isinstance(case, dict):
        raise ValueError(f"a case is a JSON object, got {type(case).__name__}")
    if name not in case:
        raise ValueError(f"case {case.get('id', '?')!r} has no {name!r}")
    return case[name]


def _parse_melds(case: dict) -> list[Meld]:
    melds = case.get("melds") or []
    if not isinstance(melds, list):
        raise ValueError("'melds' must be a list like ['pong 555p']")
    if len(melds) > 4:
        raise ValueError(f"at most four melds, got {len(melds)}")
    return [Meld.parse(text) for text in melds]


def _check_copies(counts: list[int], melds: list[Meld]) -> None:
    for t, n in enumerate(held_copies(counts, melds)):
        if n > COPIES:
            raise ValueError(f"{n} copies of {tile_str(t)} in hand and melds; there are {COPIES}")


def evaluate_hand(case: dict) -> dict:
    hand = parse_tiles(_require(case, "hand"))
    options = RoomOptions.from_dict(case.get("options"))
    # Two suits (两房, RULES.md section 14): nobody has a void; a case may say none.
    if options.has_voids or case.get("void") is not None:
        void = suit_index(_require(case, "void"))
    else:
        void = None
    melds = _parse_melds(case)
    expected_size = 13 - 3 * len(melds)
    if len(hand) != expected_size:
        raise ValueError(
            f"hand has {len(hand)} tiles; with {len(melds)} melds it must have {expected_size}"
        )
    counts = to_counts(hand)
    _check_copies(counts, melds)

    if "win" not in case:
        tiles, max_fan = best_ready_fan(counts, melds, void, options)
        return {"waits": [tile_str(t) for t in tiles], "max_fan": max_fan}

    win = parse_tile(case["win"])
    flags = case.get("flags") or []
    if not isinstance(flags, list) or any(flag not in HAND_FLAGS for flag in flags):
        raise ValueError(f"flags must be a list of {', '.join(HAND_FLAGS)}, got {flags!r}")
    context = WinContext(
        how=case.get("how", "ron"),
        tianhu="tianhu" in flags,
        dihu="dihu" in flags,
        last_tile="last_tile" in flags,
        tile=win,
    )
    counts[win] += 1
    _check_copies(counts, melds)
    score = score_win(counts, melds, void, context, options)
    if score is None or not win_allowed(score, context, options):
        return {"win": False}  # no winning hand, or 点炮需番 refuses a win worth nothing
    return {
        "win": True,
        "fan": score.fan,
        "raw_fan": score.raw_fan,
        "patterns": score.patterns,
        "points": score.points,
    }


ROUND_VERBS = (
    "exchange",
    "void",
    "discard",
    "zimo",
    "concealed_kong",
    "added_kong",
    "win",
    "pong",
    "kong",
    "pass",
)


def _parse_round_action(item: Any, seats: int) -> tuple[int, tuple[str, int | None], bool]:
    if not isinstance(item, list) or len(item) < 2:
        raise ValueError(f"an action is [seat, verb] or [seat, verb, arg], got {item!r}")
    illegal = item[-1] == "illegal"
    parts = item[:-1] if illegal else item
    seat, verb = parts[0], parts[1]
    if seat not in range(seats) or isinstance(seat, bool):
        raise ValueError(f"seat must be 0–{seats - 1} in {item!r}")
    if verb not in ROUND_VERBS:
        raise ValueError(f"unknown verb {verb!r} in {item!r}")
    arg = parts[2] if len(parts) > 2 else None
    if verb == "void":
        return seat, (verb, suit_index(arg)), illegal
    if verb == "exchange":
        # Any tiles, well written: a wrong count or mixed suits is the engine's to refuse.
        if not isinstance(arg, str):
            raise ValueError(f"exchange takes tiles like '123m' in {item!r}")
        return seat, (verb, tuple(sorted(parse_tiles(arg)))), illegal
    if verb in ("discard", "concealed_kong", "added_kong"):
        return seat, (verb, parse_tile(arg)), illegal
    if arg is not None:
        raise ValueError(f"{verb} takes no argument in {item!r}")
    return seat, (verb, None), illegal


def play_round(case: dict) -> dict:
    """Play a rounds.jsonl case and report its "expect" object.

    Where the engine disagrees with the script (it accepts a move marked illegal, or
    refuses one that is not), the answer carries an extra "errors" list, so that it
    cannot equal the expectation and says why.
    """
    from games.rules.round import IllegalAction, Round

    options = RoomOptions.from_dict(case.get("options"))
    seats = options.players  # RULES.md section 14: one hand per player, seats 0 … N − 1
    hands_text = _require(case, "hands")
    if not isinstance(hands_text, list) or len(hands_text) != seats:
        raise ValueError(f"'hands' must be a list of {seats} hands, one per player")
    dealer = _require(case, "dealer")
    if dealer not in range(seats) or isinstance(dealer, bool):
        raise ValueError(f"'dealer' must be a seat 0–{seats - 1}, got {dealer!r}")
    hands = [parse_tiles(text) for text in hands_text]
    wall = parse_tiles(_require(case, "wall"))
    actions = [_parse_round_action(item, seats) for item in _require(case, "actions")]
    direction = case.get("exchange_direction")
    if options.exchange_three and direction is None:
        raise ValueError("a case with exchange_three gives 'exchange_direction'")
    state = Round.from_deal(hands, wall, dealer, options, exchange_direction=direction)

    errors = []
    for number, (seat, action, illegal) in enumerate(actions):
        before = state.to_json()
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            if not illegal:
                errors.append(f"action {number} {case['actions'][number]} refused: {exc}")
                break
            if state.to_json() != before:
                errors.append(f"action {number} was refused but changed the state")
        else:
            if illegal:
                errors.append(f"action {number} {case['actions'][number]} should be illegal")
                break

    result = {
        "net": state.net(),
        "ledger": [[e["payer"], e["payee"], e["amount"], e["reason"]] for e in state.ledger],
        "winners": [[w["seat"], w["how"], w["fan"]] for w in state.winners],
        "end": state.end,
        "next_dealer": state.next_dealer,
    }
    if errors:
        result["errors"] = errors
    return result
