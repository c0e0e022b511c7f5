"""The hand-written reads of every move give what the ORM gives."""

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from games import move_reads, services
from games.models import Round, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    users = [User.objects.create_user(f"r{i}", password="x-long-password-1") for i in range(2)]
    room = services.create_room(owner=users[0], name="t", options={"cap": 3})
    services.take_seat(room=room, user=users[1])
    services.add_bot(room=room, user=users[0], index=2, level="easy")
    services.add_bot(room=room, user=users[0], index=3, level="strong")
    for user in users:
        services.set_ready(room=room, user=user)
    return room


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_locked_round_and_its_room_equal_the_orms(room):
    with transaction.atomic():
        rnd = move_reads.current_round_locked(room.pk)
    expected = Round.objects.select_related("room").get(room=room)
    assert _fields(rnd) == _fields(expected)
    assert _fields(rnd.room) == _fields(expected.room)
    assert isinstance(rnd.state, dict) and rnd.decision_started_at is not None


def test_no_round_yet_is_none():
    owner = User.objects.create_user("alone", password="x-long-password-1")
    room = services.create_room(owner=owner, name="t", options={})
    with transaction.atomic():
        assert move_reads.current_round_locked(room.pk) is None


def test_the_seats_with_names_equal_the_orms(room):
    Seat.objects.filter(room=room, index=1).update(auto_play=True, timeouts=1)
    seats = move_reads.seats_with_names(room.pk)
    expected = list(Seat.objects.filter(room=room).select_related("user").order_by("index"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
    assert [s.user.username if s.user_id else None for s in seats] == \
        [s.user.username if s.user_id else None for s in expected]
    assert seats[0].last_seen is not None  # dates come back as dates
