"""`verify_rounds` on a live site: a move that commits while a round is being checked must
not make the check see half of it (the state before the move, the events after it)."""

import random
import threading
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from games.management.commands import verify_rounds
from games.models import Round
from games.play.moves import apply_action
from games.players.computer import choose_action
from games.rooms.seating import create_room, set_ready, take_seat
from games.rules.round import Round as EngineRound
from games.rules.round import action_to_dict


def a_move_from_another_connection(rnd: Round, players) -> None:
    """One player's move, made and committed by another connection (another process's
    request, as far as the check can tell)."""

    def move():
        try:
            fresh = Round.objects.get(pk=rnd.pk)
            engine = EngineRound.from_json(fresh.state)
            seat = engine.waiting_on()[0]
            action = action_to_dict(choose_action(engine, seat, "strong", random.Random(1)))
            apply_action(
                round_id=fresh.pk, user=players[seat], action=action, expected_version=fresh.version
            )
        finally:
            connection.close()

    thread = threading.Thread(target=move)
    thread.start()
    thread.join()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_committed_during_the_check_is_not_seen_half_written(monkeypatch):
    players = [
        User.objects.create_user(f"verify{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=players[0], name="live", options={})
    for user in players[1:]:
        take_seat(room=room, user=user)
    for user in players:
        set_ready(room=room, user=user)
    rnd = Round.objects.get(room=room)
    version_before = rnd.version
    real_check = verify_rounds.check

    def check_while_a_move_lands(stored_round):
        # The check has read the round's state; its events and ledger come next.
        a_move_from_another_connection(stored_round, players)
        return real_check(stored_round)

    monkeypatch.setattr(verify_rounds, "check", check_while_a_move_lands)
    out = StringIO()
    call_command("verify_rounds", stdout=out)  # raises CommandError on a mismatch
    assert f"version {version_before}): ok" in out.getvalue()
    assert Round.objects.get(pk=rnd.pk).version == version_before + 1  # the move landed
