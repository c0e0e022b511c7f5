"""A round settled when the wall ran out, for the settlement's details."""

from games.models import Round
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready


def a_round_that_ran_out_of_wall(owner) -> Round:
    """Rounds of four computers (the owner on auto-play) until one ends with the
    end-of-round checks."""
    room = create_room(owner=owner, name="流局", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="easy")
    for _ in range(40):
        rnd = set_ready(room=room, user=owner)
        set_auto_play(room=room, user=owner, on=True)
        run_bots(round_id=rnd.pk)
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.ENDED
        if rnd.state["settlement"]:
            return rnd
    raise AssertionError("no round ran out of wall with two players still in")
