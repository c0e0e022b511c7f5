"""A xueliu round played to its end by the computer players, through the site's services."""

import random

from games.models import Round
from games.play.moves import apply_action
from games.play.steps import run_bots
from games.players.computer import choose_action
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict


def play_round(owner, rnd: Round, rng: random.Random) -> Round:
    """The owner at seat 0 (moved by the strong bot through the service) and three
    computer players play ``rnd`` to its end."""
    for _ in range(2000):
        run_bots(round_id=rnd.pk)
        rnd.refresh_from_db()
        engine = EngineRound.from_json(rnd.state)
        if engine.phase == "ended":
            return rnd
        assert engine.waiting_on() == [0]
        action = action_to_dict(choose_action(engine, 0, "strong", rng))
        apply_action(round_id=rnd.pk, user=owner, action=action, expected_version=rnd.version)
    raise AssertionError("the round did not end")
