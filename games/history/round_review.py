"""The review (复盘) on a finished round's page: for each person who sat at it, the
decisions where 大师 would have chosen otherwise (``games.players.review``), in words, each
linked to the replay's board as it stood when the decision was made.

The round is over, so nothing shown here is secret any more; 大师's advice itself was
worked out from that seat's view only.
"""

from games.history.replay import replay
from games.models import Round
from games.players import coach
from games.players.review import Move, review
from games.rules.round import parse_action
from games.rules.tiles import tile_str
from games.words import coach_words, labels

# The discards shown beside a differing discard: 大师's first few.
CANDIDATES_SHOWN = 3


def person_reviews(rnd: Round, names: dict[int, str]) -> list[dict]:
    """One entry per person's seat, in seat order: agreements out of decisions and each
    difference in words."""
    people = sorted(rnd.players.filter(user__isnull=False).values_list("seat", flat=True))
    if not people:
        return []
    logged = rnd.events.filter(kind="action").order_by("number").values_list("seat", "data")
    # A move logged with ``by`` was made for the person (a computer under 托管, the clock).
    moves = [Move(seat, parse_action(data["action"]), not data.get("by")) for seat, data in logged]
    reviews = []
    for seat in people:
        result = review(replay(rnd, 0, []), moves, seat)
        reviews.append(
            {
                "wind": labels.SEAT_WINDS[seat],
                "name": names[seat],
                "decisions": result.decisions,
                "agreements": result.agreements,
                "differences": [_difference_words(d) for d in result.differences],
            }
        )
    return reviews


def _difference_words(difference) -> dict:
    advice = difference.advice
    reason, figures = advice.reason, advice.figures
    played_verb, played_tile = difference.played
    shown = list(advice.discards[:CANDIDATES_SHOWN])
    if advice.choice[0] == "discard" and played_verb == "discard":
        # Two discards: say which of 大师's terms tells them apart, and show the
        # player's own beside 大师's candidates.
        reason, figures = coach.compare_discards(advice, played_tile)
        shown += [c for c in advice.discards[CANDIDATES_SHOWN:] if c.tile == played_tile]
    return {
        "move": difference.step,
        "board_step": difference.step - 1,  # the replay's step before the move
        "played": coach_words.action_words(difference.played),
        "choice": coach_words.action_words(advice.choice),
        "reason": coach_words.reason_words(reason, figures),
        # Only a discard is "played" among discards: a pong or kong of the same tile is not.
        "candidates": [
            _candidate_words(c, played_tile if played_verb == "discard" else None) for c in shown
        ],
    }


def _candidate_words(candidate, played_tile) -> dict:
    return {
        "tile": tile_str(candidate.tile),
        "chosen": candidate.chosen,
        "played": candidate.tile == played_tile,
        "steps": coach_words.steps_words(candidate.shanten),
        "effective": candidate.effective_total,
        "waits": [(w.tile, w.unseen, w.fan) for w in candidate.waits],
        "danger": coach_words.danger_words(candidate.danger),
    }
