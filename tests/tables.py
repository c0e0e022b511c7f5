"""Tables for the tests of the site: people seated at a room through games.play and games.rooms."""

import random
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.history.replay import replay
from games.models import Room, Round
from games.play import moves
from games.play.steps import run_bots
from games.players.computer import choose_action
from games.rooms.seating import create_room, set_ready, take_seat
from games.rules.round import action_to_dict
from games.table import version_token

# Far enough ahead that every deadline, computer's delay and pause between rounds is due.
LATER = timedelta(hours=1)


def four_people(prefix: str, *, ready: bool = True) -> tuple[Room, list[User]]:
    """A new room with four people seated in order (the first owns it); when they are all
    ready, the first round is dealt."""
    users = [
        User.objects.create_user(f"{prefix}{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=users[0], name="t", options={})
    for user in users[1:]:
        take_seat(room=room, user=user)
    if ready:
        for user in users:
            set_ready(room=room, user=user)
    return room, users


def page_version(room: Room, version: int) -> int:
    """The version token a page at ``room`` carries for ``version`` (what a browser sends
    back with a move; games.table.version_token)."""
    return version_token.encode(room.code, version)


def last_person_left(room: Room, ago: timedelta) -> None:
    """The room's last person was there ``ago`` (its ``last_active``; games.rooms.idle_rooms)."""
    Room.objects.filter(pk=room.pk).update(last_active=timezone.now() - ago)


def play_by_hand(rnd: Round, level: str, *, seed: int, person_seat: int | None = None) -> Round:
    """The people at ``rnd`` play it to its end, each of their decisions the one ``level``
    would make (drawn with ``random.Random(seed)``), sent as a person's move; the computers
    play theirs. ``person_seat``: the only seat a person holds (checked at each move)."""
    rng = random.Random(seed)
    for _ in range(400):
        run_bots(round_id=rnd.pk)
        with transaction.atomic():
            rnd = Round.objects.select_for_update().select_related("room").get(pk=rnd.pk)
            if rnd.status == Round.Status.ENDED:
                return rnd
            engine = replay(rnd)
            seat = engine.waiting_on()[0]
            assert person_seat is None or seat == person_seat  # computers: run_bots
            action = choose_action(engine, seat, level, rng)
            moves.apply(rnd, seat, action_to_dict(action), rnd.version)
    raise AssertionError("the round did not end")
