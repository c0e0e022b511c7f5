"""Rooms nobody is at close after half an hour (games.rooms.idle_rooms): never with a person
online, never in the middle of a round, and a closed room takes nobody new."""

import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone, translation

from games.models import Room, Round, Seat, Watcher
from games.play import broadcast
from games.play.errors import ServiceError
from games.play.steps import run_bots
from games.rooms import idle_rooms
from games.rooms import lobby as selectors
from games.rooms.seating import add_bot, create_room, set_ready, take_seat
from games.rules.round import Round as EngineRound
from games.table import commands
from tests.tables import four_people, last_person_left, page_version

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture(autouse=True)
def nothing_remembered():
    idle_rooms.forget()
    yield
    idle_rooms.forget()


@pytest.fixture
def owner():
    return User.objects.create_user("host", password="x-long-password-1")


def later(minutes: float):
    return timezone.now() + timedelta(minutes=minutes)


def listed_codes() -> set[str]:
    lists = selectors.lobby_rooms()
    return {entry["room"].code for entry in lists["open"] + lists["played"]}


def status(room) -> str:
    return Room.objects.get(pk=room.pk).status


def test_a_room_nobody_has_been_at_for_30_minutes_closes_and_leaves_the_lobby(owner):
    room = create_room(owner=owner, name="空桌", options={})
    assert room.code in listed_codes()
    assert idle_rooms.IDLE_MINUTES == 30
    assert idle_rooms.close_idle_rooms(now=later(29)) == []
    assert status(room) == Room.Status.OPEN
    assert idle_rooms.close_idle_rooms(now=later(30.5)) == [room.code]
    assert status(room) == Room.Status.CLOSED
    assert room.code not in listed_codes()


def test_the_idle_time_counts_from_the_last_person_seen(owner):
    room = create_room(owner=owner, name="r", options={})
    # The owner's socket closed 20 minutes after the room was made: its seat was seen then.
    Seat.objects.filter(room=room, user=owner).update(last_seen=later(20), online=False)
    assert idle_rooms.close_idle_rooms(now=later(40)) == []
    assert idle_rooms.close_idle_rooms(now=later(51)) == [room.code]


def test_a_room_with_a_person_online_is_never_closed(owner):
    room = create_room(owner=owner, name="r", options={})
    last_person_left(room, timedelta(hours=5))
    # The owner's table is open: the presence heartbeat keeps the seat fresh.
    Seat.objects.filter(room=room, user=owner).update(online=True, last_seen=timezone.now())
    assert idle_rooms.close_idle_rooms() == []
    assert idle_rooms.close_idle_rooms(now=later(29)) == []
    assert status(room) == Room.Status.OPEN


def test_a_room_somebody_watches_is_never_closed(owner):
    room = create_room(owner=owner, name="r", options={})
    last_person_left(room, timedelta(hours=5))
    watcher = User.objects.create_user("fan", password="x-long-password-1")
    Watcher.objects.create(room=room, user=watcher, channel="c1", last_seen=timezone.now())
    assert idle_rooms.close_idle_rooms() == []
    assert status(room) == Room.Status.OPEN


def test_an_online_flag_left_by_a_dead_process_does_not_keep_a_room_for_ever(owner):
    """The heartbeat writes last_seen every few seconds while a socket is open: a seat
    marked online but not seen for half an hour has no socket behind it."""
    room = create_room(owner=owner, name="r", options={})
    long_ago = timezone.now() - timedelta(hours=2)
    Room.objects.filter(pk=room.pk).update(last_active=long_ago)
    Seat.objects.filter(room=room, user=owner).update(online=True, last_seen=long_ago)
    assert idle_rooms.close_idle_rooms() == [room.code]


def test_a_round_in_progress_is_left_to_finish_and_the_room_closes_after_it():
    room, users = four_people("a")
    rnd = Round.objects.get(room=room)
    version = rnd.version
    last_person_left(room, timedelta(hours=1))
    assert idle_rooms.close_idle_rooms(now=later(60)) == []
    assert status(room) == Room.Status.PLAYING
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PLAYING and rnd.version == version  # untouched
    # Everybody is away, so the computer plays their seats to the end of the round.
    Seat.objects.filter(room=room).update(auto_play=True)
    run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.ENDED
    assert status(room) == Room.Status.OPEN
    assert idle_rooms.close_idle_rooms(now=later(60)) == [room.code]


def test_a_closed_room_takes_nobody_new_and_deals_no_round(owner):
    room = create_room(owner=owner, name="r", options={})
    add_bot(room=room, user=owner, index=1, level="easy")
    idle_rooms.close_idle_rooms(now=later(31))
    guest = User.objects.create_user("guest", password="x-long-password-1")
    with translation.override("zh-hans"), pytest.raises(ServiceError) as refused:
        take_seat(room=room, user=guest)
    assert "这个房间已经关闭" in str(refused.value)
    assert not Seat.objects.filter(room=room, user=guest).exists()
    # Every seat filled: still no round starts there again.
    add_bot(room=room, user=owner, index=2, level="easy")
    add_bot(room=room, user=owner, index=3, level="easy")
    with pytest.raises(ServiceError):
        set_ready(room=room, user=owner)
    assert not Round.objects.filter(room=room).exists()
    assert status(room) == Room.Status.CLOSED


def test_closing_tells_the_lobby(owner, monkeypatch):
    told = []
    monkeypatch.setattr(broadcast, "broadcast_lobby_changed", lambda rooms=(): told.append(True))
    create_room(owner=owner, name="r", options={})
    idle_rooms.close_idle_rooms(now=later(10))
    assert told == []
    idle_rooms.close_idle_rooms(now=later(31))
    assert told == [True]


def test_a_move_by_a_person_makes_the_room_active():
    room, users = four_people("m")
    an_hour_ago = timezone.now() - timedelta(hours=1)
    Room.objects.filter(pk=room.pk).update(last_active=an_hour_ago)
    rnd = Round.objects.get(room=room)
    seat = EngineRound.from_json(rnd.state).waiting_on()[0]
    player = Seat.objects.get(room=room, index=seat).user
    commands.run_command(
        room=room,
        user=player,
        kind="action",
        action={"type": "void", "suit": "m"},
        version=page_version(room, rnd.version),
    )
    assert Round.objects.get(pk=rnd.pk).version == rnd.version + 1
    assert Room.objects.get(pk=room.pk).last_active > an_hour_ago + timedelta(minutes=59)


def test_the_sweep_runs_at_most_once_a_minute(owner, monkeypatch):
    calls = []
    monkeypatch.setattr(idle_rooms, "close_idle_rooms", lambda: calls.append(1) or [])
    idle_rooms.sweep_if_due()
    idle_rooms.sweep_if_due()
    assert calls == [1]


def test_the_worker_sweeps_idle_rooms(owner):
    room = create_room(owner=owner, name="r", options={})
    last_person_left(room, timedelta(minutes=31))
    call_command("run_worker", until_idle=True, stdout=io.StringIO())
    assert status(room) == Room.Status.CLOSED


@pytest.mark.django_db(transaction=True)
async def test_the_web_process_timer_loop_sweeps_idle_rooms(settings):
    import asyncio

    from asgiref.sync import sync_to_async

    from games import driver

    settings.IN_PROCESS_DRIVER = True

    @sync_to_async
    def idle_room():
        host = User.objects.create_user("host", password="x-long-password-1")
        room = create_room(owner=host, name="r", options={})
        last_person_left(room, timedelta(minutes=31))
        return room

    room = await idle_room()
    driver.start()
    try:
        for _ in range(50):
            if await sync_to_async(status)(room) == Room.Status.CLOSED:
                break
            await asyncio.sleep(0.1)
        assert await sync_to_async(status)(room) == Room.Status.CLOSED
    finally:
        driver.stop()
