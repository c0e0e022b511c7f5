"""The hand-written reads of every move give what the ORM gives."""

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from games.models import Event, Round, Seat
from games.play import move_sql
from games.rooms.seating import add_bot, create_room, set_ready, take_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    users = [User.objects.create_user(f"r{i}", password="x-long-password-1") for i in range(2)]
    room = create_room(owner=users[0], name="t", options={"cap": 3})
    take_seat(room=room, user=users[1])
    add_bot(room=room, user=users[0], index=2, level="easy")
    add_bot(room=room, user=users[0], index=3, level="strong")
    for user in users:
        set_ready(room=room, user=user)
    return room


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_locked_round_and_its_room_equal_the_orms(room):
    with transaction.atomic():
        rnd = move_sql.current_round_locked(room.pk)
    expected = Round.objects.select_related("room").get(room=room)
    assert _fields(rnd) == _fields(expected)
    assert _fields(rnd.room) == _fields(expected.room)
    assert isinstance(rnd.state, dict) and rnd.decision_started_at is not None


def test_no_round_yet_is_none():
    owner = User.objects.create_user("alone", password="x-long-password-1")
    room = create_room(owner=owner, name="t", options={})
    with transaction.atomic():
        assert move_sql.current_round_locked(room.pk) is None


def test_the_seats_with_names_equal_the_orms(room):
    Seat.objects.filter(room=room, index=1).update(auto_play=True, timeouts=1)
    seats = move_sql.seats_with_names(room.pk)
    expected = list(Seat.objects.filter(room=room).select_related("user").order_by("index"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
    assert [s.user.username if s.user_id else None for s in seats] == [
        s.user.username if s.user_id else None for s in expected
    ]
    assert seats[0].last_seen is not None  # dates come back as dates


def test_inserted_events_read_back_as_the_orm_wrote_them(room):
    rnd = Round.objects.get(room=room)
    rows = [
        Event(
            round_id=rnd.pk,
            number=rnd.last_event + 1 + i,
            version=rnd.version + 1,
            kind=kind,
            seat=seat,
            data=data,
        )
        for i, (kind, seat, data) in enumerate(
            [
                ("action", 2, {"action": {"type": "void", "suit": "p"}, "by": "computer"}),
                ("payment", None, {"payer": 1, "payee": 0, "amount": 2, "reason": "kong"}),
            ]
        )
    ]
    move_sql.insert_events(rows)
    stored = list(Event.objects.filter(round=rnd, number__gt=rnd.last_event).order_by("number"))
    assert [(e.number, e.version, e.kind, e.seat, e.data) for e in stored] == [
        (e.number, e.version, e.kind, e.seat, e.data) for e in rows
    ]
    assert all(e.created_at is not None for e in stored)
    ids = move_sql.event_ids(rnd.pk, [rows[1].number])
    assert ids == {rows[1].number: stored[1].pk}


def test_a_round_saved_with_composed_sql_reads_back_as_saved(room):
    from datetime import timedelta

    from django.utils import timezone

    rnd = Round.objects.get(room=room)
    rnd.state = dict(rnd.state, note="中文 ok")
    rnd.version += 3
    rnd.deadline = timezone.now() + timedelta(seconds=7)
    rnd.status = Round.Status.ENDED
    rnd.ended_at = None
    fields = ["state", "version", "deadline", "status", "ended_at"]
    move_sql.save_round(rnd, fields)
    stored = Round.objects.get(pk=rnd.pk)
    assert [getattr(stored, f) for f in fields] == [getattr(rnd, f) for f in fields]


def test_the_room_with_its_seats_equals_the_orms(room):
    """The one read of a move on a round the process holds (games.play.live)."""
    Seat.objects.filter(room=room, index=1).update(auto_play=True, timeouts=1)
    found, seats = move_sql.room_with_seats(room.pk)
    expected = list(Seat.objects.filter(room=room).select_related("room", "user").order_by("index"))
    assert _fields(found) == _fields(expected[0].room)
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected]
    assert [s.user.username if s.user_id else None for s in seats] == [
        s.user.username if s.user_id else None for s in expected
    ]


def test_a_round_written_since_is_not_written_over(room):
    """The write of a move on a held round: only where the row still holds its marks."""
    from games.play import live

    rnd = Round.objects.get(room=room)
    marks = live.Marks.of(rnd)
    Round.objects.filter(pk=rnd.pk).update(deadline=None)  # another writer
    rnd.version += 1
    with pytest.raises(live.Moved), transaction.atomic():
        move_sql.save_round(rnd, ["version"], expected=marks)
    assert Round.objects.get(pk=rnd.pk).version == marks.version
    rnd.deadline = None
    move_sql.save_round(rnd, ["version"], expected=live.Marks.of(Round.objects.get(pk=rnd.pk)))
    assert Round.objects.get(pk=rnd.pk).version == marks.version + 1
