"""Clubs (issue 47): making one, invites, joining at once or after approval, leaving,
removing and banning, admins, handing over and closing; every refusal says why and
changes nothing, and every admin action is in the club's log."""

import pytest
from django.contrib.auth.models import User

from clubs import membership
from clubs.models import AdminAction, Ban, Club, Membership
from games.play.errors import ServiceError

pytestmark = pytest.mark.django_db


def person(name):
    return User.objects.create_user(name, password="x-long-password-1")


@pytest.fixture
def owner():
    return person("owner")


@pytest.fixture
def club(owner):
    return membership.create_club(owner=owner, name="周五麻将")


def joined(club, by, name):
    user = person(name)
    invite = membership.new_invite(club=club, by=by)
    membership.join(code=invite.code, user=user)
    return user


def test_the_owner_makes_a_club_and_a_friend_joins_by_the_link(club, owner):
    assert membership.is_member(club, owner)
    assert membership.membership(club, owner).role == Membership.Role.OWNER
    friend = joined(club, owner, "friend")
    assert membership.is_member(club, friend)
    assert [a.action for a in AdminAction.objects.filter(club=club)] == ["invite", "create"]


def test_invite_codes_are_unguessable_and_a_revoked_one_admits_nobody(club, owner):
    first, second = (membership.new_invite(club=club, by=owner) for _ in range(2))
    assert first.code != second.code and len(first.code) >= 20
    membership.revoke_invite(invite=first, by=owner)
    with pytest.raises(ServiceError, match="not valid"):
        membership.join(code=first.code, user=person("late"))
    with pytest.raises(ServiceError, match="not valid"):
        membership.join(code="guess", user=person("guesser"))
    assert club.memberships.count() == 1


def test_with_approval_a_joiner_waits_for_an_admin(owner):
    club = membership.create_club(owner=owner, name="审核俱乐部", approval=True)
    friend = person("friend")
    membership.join(code=membership.new_invite(club=club, by=owner).code, user=friend)
    assert not membership.is_member(club, friend)
    with pytest.raises(ServiceError, match="admins"):  # a waiting joiner approves nobody
        membership.approve(club=club, user=friend, by=friend)
    membership.approve(club=club, user=friend, by=owner)
    assert membership.is_member(club, friend)


def test_a_member_leaves_but_the_owner_must_hand_over_first(club, owner):
    friend = joined(club, owner, "friend")
    with pytest.raises(ServiceError, match="Hand the club over"):
        membership.leave(club=club, user=owner)
    membership.leave(club=club, user=friend)
    assert not membership.is_member(club, friend)


def test_admins_remove_and_ban_and_a_banned_member_cannot_rejoin(club, owner):
    friend, other = joined(club, owner, "friend"), joined(club, owner, "other")
    with pytest.raises(ServiceError, match="admins"):  # a plain member removes nobody
        membership.remove(club=club, user=other, by=friend)
    membership.set_admin(club=club, user=friend, by=owner, admin=True)
    membership.remove(club=club, user=other, by=friend, ban=True)
    assert Ban.objects.filter(club=club, user=other).exists()
    invite = membership.new_invite(club=club, by=owner)
    with pytest.raises(ServiceError, match="cannot join"):
        membership.join(code=invite.code, user=other)
    with pytest.raises(ServiceError, match="owner"):  # nobody removes the owner
        membership.remove(club=club, user=owner, by=friend)
    third = joined(club, owner, "third")
    membership.set_admin(club=club, user=third, by=owner, admin=True)
    with pytest.raises(ServiceError, match="Only the owner can remove an admin"):
        membership.remove(club=club, user=friend, by=third)
    log = [
        (a.action, a.actor.username, a.target and a.target.username) for a in club.admin_log.all()
    ]
    assert ("ban", "friend", "other") in log and ("admin", "owner", "friend") in log
    # A club bans only those who are or asked to be members: nobody else's account.
    passer_by = User.objects.create_user("passer", password="x-long-password-1")
    with pytest.raises(ServiceError, match="not a member"):
        membership.remove(club=club, user=passer_by, by=owner, ban=True)
    assert not Ban.objects.filter(user=passer_by).exists()


def test_only_the_owner_chooses_admins_hands_over_and_closes(club, owner):
    friend = joined(club, owner, "friend")
    with pytest.raises(ServiceError):
        membership.set_admin(club=club, user=friend, by=friend, admin=True)
    membership.set_admin(club=club, user=friend, by=owner, admin=True)
    with pytest.raises(ServiceError, match="Only the owner"):
        membership.hand_over(club=club, to=friend, by=friend)
    with pytest.raises(ServiceError, match="Only the owner"):
        membership.close(club=club, by=friend)
    membership.hand_over(club=club, to=friend, by=owner)
    club.refresh_from_db()
    assert club.owner == friend
    assert membership.membership(club, owner).role == Membership.Role.ADMIN
    membership.close(club=club, by=friend)
    club.refresh_from_db()
    assert club.closed_at is not None
    with pytest.raises(ServiceError, match="closed"):
        membership.new_invite(club=club, by=friend)


def test_names_refuse_invisible_characters_and_look_alikes(owner):
    membership.create_club(owner=owner, name="Sichuan Friends")
    other = person("other")
    with pytest.raises(ServiceError, match=r"U\+200B"):
        membership.create_club(owner=other, name="周五\u200b麻将")
    with pytest.raises(ServiceError, match="looks like"):
        membership.create_club(owner=other, name="Sichuan Friеnds")  # a Cyrillic е
    with pytest.raises(ServiceError, match="name"):
        membership.create_club(owner=other, name="   ")
    assert Club.objects.count() == 1


def test_a_person_makes_at_most_two_clubs_a_day(owner):
    membership.create_club(owner=owner, name="一")
    membership.create_club(owner=owner, name="二")
    with pytest.raises(ServiceError, match="tomorrow"):
        membership.create_club(owner=owner, name="三")


def test_a_person_belongs_to_at_most_ten_clubs(owner):
    joiner = person("joiner")
    for number in range(membership.CLUBS_PER_PERSON):
        maker = person(f"maker{number}")
        club = membership.create_club(owner=maker, name=f"俱乐部{number}")
        membership.join(code=membership.new_invite(club=club, by=maker).code, user=joiner)
    last = membership.create_club(owner=owner, name="最后")
    with pytest.raises(ServiceError, match="10 clubs"):
        membership.join(code=membership.new_invite(club=last, by=owner).code, user=joiner)


def test_a_nul_character_is_refused_with_a_word_not_a_database_error(club, owner):
    """PostgreSQL keeps no NUL in a text: the services refuse it before the database."""
    from clubs import club_settings, tables

    with pytest.raises(ServiceError, match="U\\+0000"):
        membership.create_club(owner=person("other"), name="周五\x00")
    with pytest.raises(ServiceError, match="U\\+0000"):
        club_settings.set_announcement(club=club, by=owner, text="今晚\x00八点")
    with pytest.raises(ServiceError, match="U\\+0000"):
        tables.add_table(club=club, by=owner, name="一楼\x00", options={})
    assert membership.open_invite("abc\x00def") is None
