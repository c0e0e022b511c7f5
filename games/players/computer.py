"""A computer player's move at its level (bot seats and the auto-play of RULES.md
section 11): the easy and strong play of games.players.bots, the expert's of
games.players.expert. Pure Python."""

import random

from games.players.bots import choose_exchange, easy_action, strong_action
from games.players.expert import expert_action
from games.rules.round import Action, Round

LEVELS = ("easy", "strong", "expert")


def choose_action(state: Round, seat: int, level: str, rng: random.Random) -> Action:
    """The bot's move for ``seat``: always one of ``state.legal_actions(seat)``."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
    legal = state.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide now (phase {state.phase})")
    if state.phase == "exchange":  # every level picks alike: it is also the default move
        return ("exchange", choose_exchange(state, seat))
    if level == "easy":
        return easy_action(state, seat, legal, rng)
    if level == "expert":
        return expert_action(state, seat, legal, rng)
    return strong_action(state, seat, legal)
