"""Build a round in the middle of play, written in the rule book's notation."""

from games.rules.hands import Meld
from games.rules.options import RoomOptions
from games.rules.round import Round
from games.rules.tiles import parse_tile, parse_tiles, suit_index, tile_str, to_counts


def table(
    hands: list[str],
    *,
    wall: str = "",
    voids: str = "ssss",
    current: int = 0,
    dealer: int = 0,
    options: dict | None = None,
    turn_kind: str = "draw",
    melds: dict[int, list[str]] | None = None,
    out: tuple[int, ...] = (),
) -> Round:
    """A round where ``current`` is to act (after a draw, unless ``turn_kind`` says else).

    The table is mid-round (every player has drawn once, a meld has been made), so no
    天胡 or 地胡 applies unless a test sets ``clean`` and ``draws`` itself.
    """
    state = Round(
        options=RoomOptions.from_dict(options or {}),
        dealer=dealer,
        hands=[to_counts(parse_tiles(hand)) for hand in hands],
        wall=parse_tiles(wall) if wall else [],
    )
    state.voids = [suit_index(v) for v in voids]
    state.phase = "turn"
    state.current = current
    state.turn_kind = turn_kind
    state.draws = [1, 1, 1, 1]
    state.clean = False
    for seat, texts in (melds or {}).items():
        state.melds[seat] = [Meld.parse(text) for text in texts]
    for seat in out:
        state.out[seat] = True
    for seat in range(4):
        expected = (14 if seat == current and turn_kind != "none" else 13) - 3 * len(
            state.melds[seat]
        )
        if seat not in out and sum(state.hands[seat]) != expected:
            raise AssertionError(f"seat {seat} holds {sum(state.hands[seat])}, not {expected}")
    return state


def act(state: Round, seat: int, verb: str, tile: str | None = None) -> list[dict]:
    arg = parse_tile(tile) if tile else None
    return state.apply(seat, (verb, arg))


def hand(state: Round, seat: int) -> str:
    from games.rules.tiles import format_tiles

    return format_tiles(state.hand_tiles(seat))


def ledger(state: Round) -> list[tuple[int, int, int, str]]:
    return [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in state.ledger]


def legal(state: Round, seat: int) -> set[tuple[str, str | None]]:
    return {
        (verb, tile_str(arg) if isinstance(arg, int) and verb != "void" else arg)
        for verb, arg in state.legal_actions(seat)
    }
