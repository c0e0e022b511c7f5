"""The waiting-tile hint of the table (听牌提示): which discards leave the hand ready, and
for each, the tiles it would wait on, how many of each the player has not seen, and the
fan each would score as a plain win on a discard. Uses only what the seat may see.
"""

from dataclasses import dataclass

from games.rules.hands import waits
from games.rules.round import Round
from games.rules.scoring import WinContext, score_win
from games.rules.tiles import COPIES, format_tiles, tile_str


@dataclass(frozen=True, slots=True)
class Wait:
    tile: str
    unseen: int
    fan: int


def waits_of(state: Round, seat: int, counts: list[int], seen: list[int]) -> list[Wait]:
    """The waits of ``counts`` (13 tiles with the seat's melds), each with its copies
    unseen by the seat (``seen``: what it has seen) and its fan as a plain win."""
    melds = state.melds[seat]
    void = state.voids[seat]
    found = []
    for t in waits(counts, melds, void):
        counts[t] += 1
        score = score_win(counts, melds, void, WinContext("ron"), state.options)
        counts[t] -= 1
        found.append(Wait(tile_str(t), max(COPIES - seen[t], 0), score.fan if score else 0))
    return found


def discard_hints(state: Round, seat: int) -> dict[str, list[Wait]]:
    """For the player to act: each legal discard that leaves the hand ready -> its waits."""
    if state.phase != "turn" or state.current != seat:
        return {}
    counts = list(state.hands[seat])
    seen = state.visible_counts(seat)
    hints = {}
    for verb, t in state.legal_actions(seat):
        if verb != "discard":
            continue
        counts[t] -= 1
        found = waits_of(state, seat, counts, seen)
        counts[t] += 1
        if found:
            hints[tile_str(t)] = found
    return hints


def current_waits(state: Round, seat: int) -> list[Wait]:
    """The waits of a player holding 13 tiles (between their turns)."""
    counts = list(state.hands[seat])
    if sum(counts) + 3 * len(state.melds[seat]) != 13:
        return []
    return waits_of(state, seat, counts, state.visible_counts(seat))


def exchange_hint(state: Round, seat: int) -> str | None:
    """换三张: the pick the computer would make for this player (their own hand only), or
    None when no pick is asked of them."""
    if state.phase != "exchange" or state.exchange_picks[seat] is not None:
        return None
    from games.players.bots import choose_exchange

    return format_tiles(choose_exchange(state, seat))
