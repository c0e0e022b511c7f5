"""The clubs' pages (issue 47): each renders for a member in both languages; a person who
is not a member sees nothing of a club but its name on an invitation (404 everywhere
else); every admin action is a POST, refused to a member who is not an admin with
nothing changed, and held to a limit per person (429 with a message); a room opened
from a club's table is on the club's page and not in the lobby."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs import membership, tables
from clubs.forms import ClubTableForm
from clubs.models import AdminAction, Apart, Ban, Club, ClubRoom, ClubTable, Invite, Membership
from games.models import Room

pytestmark = pytest.mark.django_db

LANGUAGES = ["zh-hans", "en"]


def person(name):
    return User.objects.create_user(name, password="x-long-password-1")


def client_of(user, language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


@pytest.fixture
def club_setting():
    owner = person("owner")
    club = membership.create_club(owner=owner, name="周五麻将")
    friend = person("friend")
    other = person("other")
    for member in (friend, other):
        membership.join(code=membership.new_invite(club=club, by=owner).code, user=member)
    table = tables.add_table(club=club, by=owner, name="三人两房", options={"players": 3})
    club.announcement = "周五晚上八点开打"
    club.save()
    return club, owner, friend, other, table


def table_form(**changes) -> dict:
    """What the table form posts as it comes (every option at its default), changed."""
    data = {}
    for field in ClubTableForm():
        value = field.value()
        if value is True:
            data[field.name] = "on"
        elif value not in (False, None):
            data[field.name] = value
    data.update(changes)
    return {name: value for name, value in data.items() if value is not None}


def admin_actions(club, owner, friend, other, table):
    """Every admin action: (URL name, its URL's extra arguments, what it posts)."""
    invite = Invite.objects.filter(club=club).first()
    return [
        ("new_invite", {}, {}),
        ("revoke_invite", {"invite_id": invite.pk}, {}),
        ("approve", {}, {"user": other.pk}),
        ("remove", {}, {"user": other.pk}),
        ("ban", {}, {"user": other.pk}),
        ("make_admin", {}, {"user": other.pk}),
        ("unmake_admin", {}, {"user": other.pk}),
        ("hand_over", {}, {"user": other.pk, "confirm": "yes"}),
        ("close", {}, {"confirm": "yes"}),
        ("announcement", {}, {"announcement": "new words"}),
        ("period", {}, {"period": "month"}),
        ("approval", {}, {"approval": "1"}),
        ("members_watch", {}, {"allowed": "0"}),
        ("add_table", {}, table_form(name="x")),
        ("archive_table", {"table_id": table.pk}, {}),
        ("keep_apart", {}, {"first": friend.pk, "second": other.pk}),
        ("let_together", {}, {"first": friend.pk, "second": other.pk}),
    ]


def action_url(name, club, extra):
    return reverse(f"clubs:{name}", kwargs={"club_id": club.pk, **extra})


def state_of(club):
    """Everything an admin action could change, to compare before and after."""
    club = Club.objects.get(pk=club.pk)
    return (
        (club.name, club.announcement, club.approval, club.period, club.members_watch),
        club.closed_at,
        club.owner_id,
        sorted(Membership.objects.filter(club=club).values_list("user_id", "role", "pending")),
        sorted(Invite.objects.filter(club=club).values_list("pk", "revoked_at")),
        sorted(ClubTable.objects.filter(club=club).values_list("pk", "archived_at")),
        sorted(Apart.objects.filter(club=club).values_list("first_id", "second_id")),
        sorted(Ban.objects.filter(club=club).values_list("user_id", flat=True)),
        AdminAction.objects.filter(club=club).count(),
    )


# --- Each page, in both languages -----------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_page_renders_for_a_member_and_an_admin(club_setting, language):
    club, owner, friend, other, table = club_setting
    for user, admin in ((friend, False), (owner, True)):
        response = client_of(user, language).get(reverse("clubs:club", args=[club.pk]))
        html = response.content.decode()
        assert response.status_code == 200
        assert f'lang="{language}"' in html
        assert "周五麻将" in html and "周五晚上八点开打" in html and "三人两房" in html
        assert "只记积分，不可转让，不可买卖" in html
        assert 'id="standings"' in html
        assert "friend" in html and "other" in html  # the members
        assert ('id="admin"' in html) is admin
        assert ('id="admin-log"' in html) is admin
    if language == "en":
        assert "Open a room" in html and "Admin controls" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_my_clubs_the_invitation_and_the_table_form_render(club_setting, language):
    club, owner, friend, other, table = club_setting
    code = membership.new_invite(club=club, by=owner).code
    for url, user in (
        (reverse("clubs:mine"), friend),
        (reverse("clubs:invite", args=[code]), person("newcomer")),
        (reverse("clubs:invite", args=[code]), friend),
        (reverse("clubs:new_table", args=[club.pk]), owner),
        (reverse("clubs:new_table", args=[club.pk]) + "?preset=book", owner),
    ):
        response = client_of(user, language).get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert f'lang="{language}"' in html and "周五麻将" in html


def test_a_person_waiting_for_approval_sees_the_name_only(club_setting):
    club, owner, friend, other, table = club_setting
    club.approval = True
    club.save()
    waiting = person("waiting")
    client = client_of(waiting)
    code = membership.new_invite(club=club, by=owner).code
    response = client.post(reverse("clubs:invite", args=[code]))
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "周五麻将" in html and "approval" in html
    assert "三人两房" not in html and "friend" not in html and "周五晚上八点开打" not in html
    admin_page = client_of(owner).get(reverse("clubs:club", args=[club.pk])).content.decode()
    assert "Waiting to join" in admin_page and "waiting" in admin_page


# --- Who sees what ------------------------------------------------------------------------


def test_a_stranger_gets_404_for_the_club_and_sees_only_the_name_on_an_invitation(
    club_setting,
):
    club, owner, friend, other, table = club_setting
    stranger = client_of(person("stranger"))
    assert stranger.get(reverse("clubs:club", args=[club.pk])).status_code == 404
    assert stranger.get(reverse("clubs:club", args=[club.pk + 100])).status_code == 404
    assert stranger.get(reverse("clubs:new_table", args=[club.pk])).status_code == 404
    code = membership.new_invite(club=club, by=owner).code
    response = stranger.get(reverse("clubs:invite", args=[code]))
    html = response.content.decode()
    assert response.status_code == 200 and "周五麻将" in html and "Join the club" in html
    # A link shared in a chat shows the club's name as its title.
    assert '<meta property="og:title" content="An invitation to the club 「周五麻将」">' in html
    for secret in ("三人两房", "周五晚上八点开打", "friend", "other", "owner", "只记积分"):
        assert secret not in html.replace(reverse("clubs:invite", args=[code]), "")
    # Nor anywhere else: not in my clubs, not in the lobby.
    assert "周五麻将" not in stranger.get(reverse("clubs:mine")).content.decode()
    assert "周五麻将" not in stranger.get("/").content.decode()
    # Someone not logged in sees the name too, and is asked to log in.
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("clubs:invite", args=[code]))
    assert "周五麻将" in anonymous.content.decode() and "Log in" in anonymous.content.decode()


def test_a_stranger_gets_404_for_every_action_and_nothing_changes(club_setting):
    club, owner, friend, other, table = club_setting
    stranger = client_of(person("stranger"))
    before = state_of(club)
    actions = admin_actions(club, owner, friend, other, table) + [
        ("leave", {}, {}),
        ("open_room", {"table_id": table.pk}, {}),
    ]
    for name, extra, data in actions:
        response = stranger.post(action_url(name, club, extra), data)
        assert response.status_code == 404, name
    assert state_of(club) == before
    assert not ClubRoom.objects.exists()


def test_each_admin_action_by_a_member_who_is_not_an_admin_is_refused(club_setting):
    club, owner, friend, other, table = club_setting
    Membership.objects.filter(club=club, user=other).update(pending=True)
    Apart.objects.create(club=club, first=friend, second=other)
    member = client_of(friend)
    before = state_of(club)
    for name, extra, data in admin_actions(club, owner, friend, other, table):
        response = member.post(action_url(name, club, extra), data, follow=True)
        assert response.status_code == 200, name
        assert "Only the" in response.content.decode(), name  # the admins' or the owner's
    assert state_of(club) == before


def test_an_admin_cannot_do_what_only_the_owner_does(club_setting):
    club, owner, friend, other, table = club_setting
    membership.set_admin(club=club, user=friend, by=owner, admin=True)
    admin = client_of(friend)
    before = state_of(club)
    for name, data in (
        ("make_admin", {"user": other.pk}),
        ("hand_over", {"user": other.pk, "confirm": "yes"}),
        ("close", {"confirm": "yes"}),
        ("remove", {"user": owner.pk}),
    ):
        response = admin.post(action_url(name, club, {}), data, follow=True)
        assert "owner" in response.content.decode(), name
    assert state_of(club) == before


def test_get_on_an_action_is_refused(club_setting):
    club, owner, friend, other, table = club_setting
    client = client_of(owner)
    actions = admin_actions(club, owner, friend, other, table) + [
        ("leave", {}, {}),
        ("open_room", {"table_id": table.pk}, {}),
    ]
    before = state_of(club)
    for name, extra, _data in actions:
        assert client.get(action_url(name, club, extra)).status_code == 405, name
    assert state_of(club) == before


def test_an_action_without_its_csrf_token_is_refused(club_setting):
    club, owner, friend, other, table = club_setting
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = state_of(club)
    assert client.post(action_url("close", club, {}), {"confirm": "yes"}).status_code == 403
    assert state_of(club) == before


# --- Invitations --------------------------------------------------------------------------


def test_a_revoked_invitation_says_so_and_lets_nobody_in(club_setting):
    club, owner, friend, other, table = club_setting
    invite = membership.new_invite(club=club, by=owner)
    url = reverse("clubs:invite", args=[invite.code])
    response = client_of(owner).post(action_url("revoke_invite", club, {"invite_id": invite.pk}))
    assert response.status_code == 302
    newcomer = client_of(person("newcomer"))
    response = newcomer.get(url)
    html = response.content.decode()
    assert response.status_code == 404
    assert "not valid any more" in html and "周五麻将" not in html
    response = newcomer.post(url)
    assert response.status_code == 400 and "not valid any more" in response.content.decode()
    assert Membership.objects.filter(club=club).count() == 3


def test_joining_by_a_link_makes_a_member_and_a_banned_person_cannot(club_setting):
    club, owner, friend, other, table = club_setting
    code = membership.new_invite(club=club, by=owner).code
    newcomer = person("newcomer")
    response = client_of(newcomer).post(reverse("clubs:invite", args=[code]))
    assert response["Location"] == reverse("clubs:club", args=[club.pk])
    assert membership.is_member(club, newcomer)
    client_of(owner).post(action_url("ban", club, {}), {"user": newcomer.pk})
    response = client_of(newcomer).post(reverse("clubs:invite", args=[code]))
    assert response.status_code == 400 and "cannot join" in response.content.decode()
    assert not membership.is_member(club, newcomer)


def test_malformed_ids_and_codes_are_404_or_a_message(club_setting):
    club, owner, friend, other, table = club_setting
    client = client_of(owner)
    huge = 10**30
    assert client.get(f"/clubs/{huge}/").status_code == 404
    assert client.get("/clubs/abc/").status_code == 404
    assert client.get("/clubs/join/" + "x" * 500 + "/").status_code == 404
    assert client.get("/clubs/join/%00%ff/").status_code == 404
    assert client.post(f"/clubs/{club.pk}/tables/{huge}/open/").status_code == 404
    assert client.post(f"/clubs/{club.pk}/invites/{huge}/revoke/").status_code == 404
    for value in ("abc", str(huge), "", "-1", "١٢"):
        response = client.post(action_url("remove", club, {}), {"user": value}, follow=True)
        assert "Choose a member" in response.content.decode(), value
    response = client.post(action_url("period", club, {}), {"period": "year"}, follow=True)
    assert "week or a month" in response.content.decode()
    response = client.post(action_url("close", club, {}), {}, follow=True)
    assert "Tick the box" in response.content.decode()
    assert Club.objects.get(pk=club.pk).closed_at is None


# --- What the admins do -------------------------------------------------------------------


def test_the_owner_runs_the_club_from_its_page(club_setting):
    club, owner, friend, other, table = club_setting
    client = client_of(owner)

    def post(name, data=None, **extra):
        response = client.post(action_url(name, club, extra), data or {})
        assert response.status_code == 302, name
        return response

    post("announcement", {"announcement": "  每周五  "})
    post("period", {"period": "month"})
    post("approval", {"approval": "1"})
    post("members_watch", {"allowed": "0"})
    club.refresh_from_db()
    assert (club.announcement, club.period, club.approval, club.members_watch) == (
        "每周五",
        "month",
        True,
        False,
    )
    post("make_admin", {"user": friend.pk})
    post("unmake_admin", {"user": friend.pk})
    post("keep_apart", {"first": friend.pk, "second": other.pk})
    assert Apart.objects.filter(club=club).count() == 1
    post("let_together", {"first": other.pk, "second": friend.pk})
    assert not Apart.objects.filter(club=club).exists()
    post("add_table", table_form(name="四人局", base=2, computers=None))
    added = ClubTable.objects.get(club=club, name="四人局")
    assert added.options["base"] == 2 and not added.computers
    post("archive_table", table_id=table.pk)
    post("remove", {"user": other.pk})
    assert not membership.is_member(club, other)
    post("hand_over", {"user": friend.pk, "confirm": "yes"})
    club.refresh_from_db()
    assert club.owner == friend
    log = client.get(reverse("clubs:club", args=[club.pk])).content.decode()
    for words in ("handed the club over to", "took down the table", "removed", "kept apart"):
        assert words in log
    client_of(friend).post(action_url("close", club, {}), {"confirm": "yes"})
    club.refresh_from_db()
    assert club.closed_at is not None
    html = client.get(reverse("clubs:club", args=[club.pk])).content.decode()
    assert "This club is closed" in html and "Open a room" not in html


def test_a_table_form_with_a_mistake_comes_back_with_it(club_setting):
    club, owner, friend, other, table = club_setting
    response = client_of(owner).post(
        action_url("add_table", club, {}), table_form(name="x", base=0)
    )
    assert response.status_code == 400
    assert 'class="field-errors"' in response.content.decode()
    assert not ClubTable.objects.filter(name="x").exists()


def test_making_a_club_from_my_clubs(club_setting):
    club, owner, friend, other, table = club_setting
    client = client_of(friend)
    response = client.post(reverse("clubs:mine"), {"name": "周末局", "approval": "on"})
    made = Club.objects.get(name="周末局")
    assert response.status_code == 302 and made.approval and made.owner == friend
    response = client.post(reverse("clubs:mine"), {"name": "周五麻将"})
    assert response.status_code == 400 and "looks like" in response.content.decode()
    assert "周末局" in client.get(reverse("clubs:mine")).content.decode()


# --- Rooms and the lobby -------------------------------------------------------------------


def test_a_room_opened_from_a_table_is_on_the_club_page_and_not_in_the_lobby(club_setting):
    club, owner, friend, other, table = club_setting
    response = client_of(friend).post(
        reverse("clubs:open_room", kwargs={"club_id": club.pk, "table_id": table.pk})
    )
    room = Room.objects.get(club_room__club=club)
    assert response.status_code == 302
    assert response["Location"] == reverse("table", kwargs={"code": room.code})
    page = client_of(other).get(reverse("clubs:club", args=[club.pk])).content.decode()
    assert room.code in page and "Sit down" in page and "friend" in page
    assert 'class="room-item"' in page  # not where the reader sits: no "mine"
    # The one who opened it is offered their seat back (static/js/club-live.js keeps that
    # true as the list changes over the socket).
    mine = client_of(friend).get(reverse("clubs:club", args=[club.pk])).content.decode()
    assert 'class="room-item mine"' in mine and f'data-seated="{friend.pk}"' in mine
    assert "Back to your seat" in mine
    assert f'ws-connect="/ws/clubs/{club.pk}/"' in mine
    lobby = client_of(person("stranger")).get("/").content.decode()
    assert room.code not in lobby
    assert room.code not in client_of(other).get("/").content.decode()
    # A closed room is gone from the club's page.
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    page = client_of(other).get(reverse("clubs:club", args=[club.pk])).content.decode()
    assert room.code not in page


def test_the_lobby_lists_my_clubs(club_setting):
    club, owner, friend, other, table = club_setting
    # Every page's header leads to a person's clubs.
    header = client_of(friend).get(reverse("ranking")).content.decode()
    assert f'href="{reverse("clubs:mine")}">Clubs</a>' in header
    html = client_of(friend).get("/").content.decode()
    assert "周五麻将" in html and reverse("clubs:club", args=[club.pk]) in html
    alone = client_of(person("alone")).get("/").content.decode()
    assert reverse("clubs:mine") in alone and "周五麻将" not in alone
    assert "周五麻将" not in Client().get("/").content.decode()


# --- Limits --------------------------------------------------------------------------------


def test_admin_actions_are_held_to_a_limit_per_person(club_setting, settings):
    club, owner, friend, other, table = club_setting
    settings.CLUB_ADMIN_ACTIONS_PER_USER = "2/h"
    client = client_of(owner)
    for _ in range(2):
        assert client.post(action_url("new_invite", club, {})).status_code == 302
    before = state_of(club)
    response = client.post(action_url("new_invite", club, {}))
    assert response.status_code == 429
    assert "Too many club admin actions lately" in response.content.decode()
    assert state_of(club) == before
    # Refused actions count too: a member who is not an admin cannot press on for ever.
    member = client_of(friend)
    for _ in range(2):
        member.post(action_url("close", club, {}), {"confirm": "yes"})
    assert member.post(action_url("close", club, {}), {"confirm": "yes"}).status_code == 429


def test_joining_and_making_clubs_are_held_to_a_limit_per_person(club_setting, settings):
    club, owner, friend, other, table = club_setting
    settings.CLUB_JOINS_PER_USER = "1/h"
    code = membership.new_invite(club=club, by=owner).code
    newcomer = client_of(person("newcomer"))
    assert newcomer.post(reverse("clubs:mine"), {"name": "新的圈"}).status_code == 302
    response = newcomer.post(reverse("clubs:invite", args=[code]))
    assert response.status_code == 429
    assert "Please try again in" in response.content.decode()
    response = newcomer.post(reverse("clubs:mine"), {"name": "又一个"})
    assert response.status_code == 429


def test_opening_rooms_is_held_to_the_rooms_limit(club_setting, settings):
    club, owner, friend, other, table = club_setting
    settings.OPEN_ROOMS_PER_USER = 1
    client = client_of(friend)
    url = reverse("clubs:open_room", kwargs={"club_id": club.pk, "table_id": table.pk})
    assert client.post(url).status_code == 302
    response = client.post(url)
    assert response.status_code == 429 and "waiting for players" in response.content.decode()
    assert ClubRoom.objects.filter(club=club).count() == 1
