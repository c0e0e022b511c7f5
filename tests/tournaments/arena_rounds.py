"""A tournament table's round played to its end, for the tournaments' tests."""

from games.models import Event, Round, Seat
from games.play.steps import run_bots
from tournaments.models import TournamentTable


def play_out(table: TournamentTable, *, present: bool = True) -> Round:
    """The table's round to its end, the computer making the moves (托管). With
    ``present`` one move of each person's is written as a move sent from their page is
    (without "by"), so that the round does not count as missed."""
    Seat.objects.filter(room=table.room).update(auto_play=True)
    rnd = Round.objects.filter(room=table.room).order_by("-number").first()  # the latest
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    if present:  # one move of each person's made from their page (no "by" in it)
        for seat, entry in enumerate(table.entries):
            if entry is None:
                continue
            move = Event.objects.filter(round=rnd, seat=seat, kind="action").first()
            move.data.pop("by", None)
            move.save(update_fields=["data"])
    return rnd
