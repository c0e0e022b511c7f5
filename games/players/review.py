"""The review (复盘) of a finished round for one seat: every decision the person made
where 大师 (the expert level) would have chosen otherwise, with 大师's choice and its
reasons (``games.players.coach``), and how many of their decisions agreed.

Only the person's own decisions count: a move made for them (``by`` a computer player
while they were away or under 托管, or by the clock) is neither an agreement nor a
difference. The decisions are the coach's (a discard, a kong, a 自摸, an answer to a
discard or a robbed kong); the void choice and 换三张 are left out. Nothing here says what
a choice cost: the estimate's own terms are shown, never an "expected loss".
"""

from collections.abc import Iterable
from dataclasses import dataclass

from games.players import coach
from games.rules.round import Action, Round


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    action: Action
    by_person: bool  # made by the seat's person, not for them


@dataclass(frozen=True, slots=True)
class Difference:
    step: int  # the move's number in the round: the replay's step that shows it made
    played: Action
    advice: coach.Advice  # 大师's choice and reasons, on the board before the move


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    decisions: int  # the person's own decisions the coach weighs
    differences: tuple[Difference, ...]

    @property
    def agreements(self) -> int:
        return self.decisions - len(self.differences)


def review(start: Round, moves: Iterable[Move], seat: int) -> Review:
    """Play ``moves`` from ``start`` (the deal) and compare each of ``seat``'s own
    decisions with 大师's on the same board. ``start`` is changed: pass a fresh deal."""
    state = start
    decisions = 0
    differences = []
    for step, move in enumerate(moves, start=1):
        if move.seat == seat and move.by_person:
            advice = coach.advise(state, seat)
            if advice is not None:
                decisions += 1
                if advice.choice != move.action:
                    differences.append(Difference(step, move.action, advice))
        state.apply(move.seat, move.action)
    return Review(seat, decisions, tuple(differences))
