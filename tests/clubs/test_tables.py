"""A club's tables (楼层): admins set them up, members open rooms from them with one
press; only members sit there (never a banned or removed one, nor two kept apart), the
computers only where the table allows them; the rooms are not in the lobby and only
members watch them, as the club sets it."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from clubs import membership, tables
from games.models import Room
from games.play.errors import ServiceError
from games.rooms import audience, lobby
from games.rooms.seating import add_bot, fill_empty_seats, take_seat

pytestmark = pytest.mark.django_db


def person(name):
    return User.objects.create_user(name, password="x-long-password-1")


@pytest.fixture
def setting():
    owner = person("owner")
    club = membership.create_club(owner=owner, name="周五麻将")
    friends = [person(f"friend{i}") for i in range(3)]
    for friend in friends:
        membership.join(code=membership.new_invite(club=club, by=owner).code, user=friend)
    table = tables.add_table(
        club=club, by=owner, name="三人两房", options={"players": 3, "suits": 2}
    )
    return club, owner, friends, table


def test_admins_set_up_tables_and_members_open_rooms_from_them(setting):
    club, owner, friends, table = setting
    with pytest.raises(ServiceError, match="admins"):
        tables.add_table(club=club, by=friends[0], name="x", options={})
    with pytest.raises(ServiceError, match="option cap"):
        tables.add_table(club=club, by=owner, name="x", options={"cap": 99})
    room = tables.open_room(table=table, user=friends[0])
    assert room.players == 3 and room.seats.get(index=0).user == friends[0]
    take_seat(room=room, user=friends[1])
    assert room.seats.filter(user__isnull=False).count() == 2


def test_only_members_sit_and_watch_and_the_lobby_does_not_list_the_room(setting):
    club, owner, friends, table = setting
    room = tables.open_room(table=table, user=friends[0])
    stranger = person("stranger")
    with pytest.raises(ServiceError, match="members"):
        tables.open_room(table=table, user=stranger)
    with pytest.raises(ServiceError, match="members"):
        take_seat(room=room, user=stranger)
    assert not audience.may_watch(room, stranger)
    assert audience.may_watch(room, friends[1])
    Room.objects.filter(pk=room.pk).update(allow_watching=True)
    club.members_watch = False
    club.save()
    assert not audience.may_watch(room, friends[1]) and audience.may_watch(room, friends[0])
    assert room.pk not in [item["room"].pk for item in lobby.lobby_rooms()["open"]]
    membership.remove(club=club, user=friends[1], by=owner)
    with pytest.raises(ServiceError, match="members"):
        take_seat(room=room, user=friends[1])


def test_two_members_kept_apart_never_sit_at_one_table(setting):
    club, owner, friends, table = setting
    with pytest.raises(ServiceError, match="admins"):
        tables.keep_apart(club=club, by=friends[0], first=friends[1], second=friends[2])
    tables.keep_apart(club=club, by=owner, first=friends[2], second=friends[1])
    room = tables.open_room(table=table, user=friends[1])
    with pytest.raises(ServiceError, match="apart"):
        take_seat(room=room, user=friends[2])
    take_seat(room=room, user=friends[0])
    tables.keep_apart(club=club, by=owner, first=friends[1], second=friends[2], apart=False)
    take_seat(room=room, user=friends[2])
    assert [a.action for a in club.admin_log.all()][:2] == ["not_apart", "apart"]


def test_computers_fill_seats_only_where_the_table_allows_it(setting):
    club, owner, friends, table = setting
    room = tables.open_room(table=table, user=friends[0])
    assert len(fill_empty_seats(room=room, user=friends[0], level="strong")) == 2
    people_only = tables.add_table(club=club, by=owner, name="真人", options={}, computers=False)
    room = tables.open_room(table=people_only, user=friends[0])
    with pytest.raises(ServiceError, match="Computer players"):
        add_bot(room=room, user=friends[0], index=1, level="strong")
    with pytest.raises(ServiceError, match="Computer players"):
        fill_empty_seats(room=room, user=friends[0], level="strong")


def test_a_closed_club_opens_no_room(setting):
    club, owner, friends, table = setting
    membership.close(club=club, by=owner)
    club.refresh_from_db()
    table.refresh_from_db()
    with pytest.raises(ServiceError, match="closed"):
        tables.open_room(table=table, user=friends[0])


def test_a_stranger_with_the_code_of_a_club_room_learns_nothing_of_it(setting, client):
    club, owner, friends, table = setting
    room = tables.open_room(table=table, user=friends[0])
    Room.objects.filter(pk=room.pk).update(name="周五一楼")
    stranger = person("stranger")
    client.force_login(stranger)
    response = client.get(reverse("table", args=[room.code]))
    assert response.status_code == 404 and "周五一楼" not in response.content.decode()
    # A member the club does not let watch is told so, with the table's name.
    club.members_watch = False
    club.save()
    client.force_login(friends[1])
    response = client.get(reverse("table", args=[room.code]))
    assert response.status_code == 403 and "周五一楼" in response.content.decode()
