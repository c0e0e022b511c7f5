"""A person who has gone away between rounds holds nobody up: the owner may free the
seat, and when the others are ready the round starts with the computer playing for them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Round, Seat
from games.play.errors import ServiceError
from games.rooms.seating import free_seat, set_ready
from tests.tables import four_people

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def room():
    return four_people("a", ready=False)


def _gone(room, user, seconds=60):
    Seat.objects.filter(room=room, user=user).update(
        last_seen=timezone.now() - timedelta(seconds=seconds), ready=False)


def test_the_others_start_without_a_player_who_went_away_who_is_then_auto_played(room):
    room, users = room
    for user in users[:3]:
        set_ready(room=room, user=user)
    _gone(room, users[3])
    assert not Round.objects.filter(room=room).exists()
    set_ready(room=room, user=users[0])  # pressing again looks once more
    assert Round.objects.filter(room=room).exists()
    assert Seat.objects.get(room=room, user=users[3]).auto_play


def test_a_player_still_here_but_not_ready_holds_the_round(room):
    room, users = room
    Seat.objects.filter(room=room).update(last_seen=timezone.now())
    for user in users[:3]:
        set_ready(room=room, user=user)
    assert not Round.objects.filter(room=room).exists()


def test_the_owner_frees_the_seat_of_a_player_who_went_away(room):
    room, users = room
    _gone(room, users[2])
    free_seat(room=room, user=users[0], index=2)
    seat = Seat.objects.get(room=room, index=2)
    assert seat.user is None and not seat.ready


@pytest.mark.parametrize("case", ["present", "not owner", "own seat", "playing"])
def test_a_seat_is_freed_only_by_the_owner_between_rounds_of_an_absent_player(room, case):
    room, users = room
    Seat.objects.filter(room=room).update(last_seen=timezone.now())
    who, index = users[0], 2
    if case != "present":
        _gone(room, users[2])
    if case == "not owner":
        who = users[1]
    if case == "own seat":
        _gone(room, users[0])
        index = 0
    if case == "playing":
        for user in users:
            Seat.objects.filter(room=room, user=user).update(last_seen=timezone.now())
        for user in users:
            set_ready(room=room, user=user)
        _gone(room, users[2])
    with pytest.raises(ServiceError):
        free_seat(room=room, user=who, index=index)
    assert Seat.objects.get(room=room, index=index).user is not None


def test_the_owner_sees_the_button_for_an_absent_player(room, client):
    room, users = room
    _gone(room, users[1])
    client.force_login(users[0])
    html = client.get(f"/t/{room.code}/").content.decode()
    assert "离开了" in html and "/free/" in html
    client.force_login(users[2])
    assert "/free/" not in client.get(f"/t/{room.code}/").content.decode()
