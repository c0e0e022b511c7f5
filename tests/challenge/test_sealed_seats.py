"""A set of deals' own table keeps its seats between deals: its
person against the same three 大师, deal after deal. Its owner may not remove 大师, add
or swap a computer, fill or free a seat; nobody else may sit there (they would see 大师's
game of a deal they have yet to play at their own table). A finished deal links to the
set's results."""

import contextlib
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from challenge import friends
from games.models import RoundPlayer, Seat
from games.play.errors import ServiceError
from games.rooms import seating
from tests.tables import play_by_hand

pytestmark = pytest.mark.django_db

FIXED = (
    "The seats at this table are fixed: everybody plays its deals against the same "
    "computer players, so that the results compare."
)
NOT_YOURS = "Only the player this table was made for can sit at it."


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.NEXT_ROUND_PAUSE = 0


@pytest.fixture
def in_english():
    with translation.override("en"):
        yield


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


@pytest.fixture
def between_deals():
    """The owner's table of a set of three deals, its first deal played to its end."""
    owner = person("owner")
    deal_set = friends.create(owner=owner, name="", count=3)
    table = friends.join(deal_set, owner)
    play_by_hand(table.room.rounds.get(number=1), "strong", seed=5, person_seat=deal_set.seat)
    return table


def seats(room) -> list[tuple]:
    return list(
        Seat.objects.filter(room=room)
        .order_by("index")
        .values_list("index", "user_id", "bot_level", "ready")
    )


def players(rnd) -> list[tuple]:
    return list(
        RoundPlayer.objects.filter(round=rnd)
        .order_by("seat")
        .values_list("seat", "user_id", "bot_level")
    )


SEATED = {
    "the owner removes 大师": (
        FIXED,
        lambda room, owner, stranger: seating.remove_bot(room=room, user=owner, index=1),
    ),
    "the owner frees 大师's seat": (
        FIXED,
        lambda room, owner, stranger: seating.free_seat(room=room, user=owner, index=2),
    ),
    "a stranger with the code sits down": (
        NOT_YOURS,
        lambda room, owner, stranger: seating.take_seat(room=room, user=stranger),
    ),
}
# With the owner's own seat empty (the owner may leave it, and take it back).
OWNER_AWAY = {
    "a stranger takes the empty seat": (
        NOT_YOURS,
        lambda room, owner, stranger: seating.take_seat(room=room, user=stranger, index=0),
    ),
    "a stranger sits down": (
        NOT_YOURS,
        lambda room, owner, stranger: seating.take_seat(room=room, user=stranger),
    ),
    "the owner adds an easy computer": (
        FIXED,
        lambda room, owner, stranger: seating.add_bot(room=room, user=owner, index=0, level="easy"),
    ),
    "the owner fills the empty seat": (
        FIXED,
        lambda room, owner, stranger: seating.fill_empty_seats(room=room, user=owner, level="easy"),
    ),
    "the owner sits in 大师's seat": (
        FIXED,
        lambda room, owner, stranger: seating.take_seat(room=room, user=owner, index=1),
    ),
}


@pytest.mark.parametrize("refusal", [*SEATED, *OWNER_AWAY])
def test_a_set_s_table_refuses_every_change_of_its_seats_between_deals(
    between_deals, in_english, refusal
):
    room, owner, stranger = between_deals.room, between_deals.user, person("stranger")
    if refusal in OWNER_AWAY:
        seating.leave_seat(room=room, user=owner)
    message, act = {**SEATED, **OWNER_AWAY}[refusal]
    before = seats(room)
    with pytest.raises(ServiceError) as refused:
        act(room, owner, stranger)
    assert str(refused.value) == message
    assert seats(room) == before
    if refusal in OWNER_AWAY:  # the owner takes their own seat back
        assert seating.take_seat(room=room, user=owner).index == between_deals.deal_set.seat


def test_a_stranger_posting_to_the_table_s_code_is_refused(between_deals, client):
    room, owner = between_deals.room, between_deals.user
    seating.leave_seat(room=room, user=owner)
    before = seats(room)
    client.force_login(person("code-holder"))
    for view in ("sit", "add_bot", "fill_bots"):
        client.post(reverse(view, args=[room.code]), {"index": "0", "level": "easy"})
    assert seats(room) == before


def test_the_next_deal_has_the_same_seats(between_deals):
    room, owner = between_deals.room, between_deals.user
    first = room.rounds.get(number=1)
    # What an owner might try: 大师 out, an easy computer in, a friend at the table.
    for attempt in (
        lambda: seating.remove_bot(room=room, user=owner, index=1),
        lambda: seating.add_bot(room=room, user=owner, index=1, level="easy"),
        lambda: seating.take_seat(room=room, user=person("friend")),
    ):
        with contextlib.suppress(ServiceError):
            attempt()
    second = seating.set_ready(room=room, user=owner)
    assert second is not None and second.number == 2
    assert players(second) == players(first)
    assert [level for _seat, _user, level in players(second)] == ["", "expert", "expert", "expert"]


def settlement_of(page: str) -> str:
    found = re.search(r'<section id="settlement".*?</section>', page, re.S)
    assert found, "no settlement shown"
    return found.group(0)


def test_a_finished_deal_links_to_the_set_s_results(between_deals, client):
    room, owner, deal_set = between_deals.room, between_deals.user, between_deals.deal_set
    client.force_login(owner)
    results = reverse("challenge:room_results", args=[room.code])
    page = client.get(reverse("table", args=[room.code])).content.decode()
    settlement = settlement_of(page)
    assert 'role="region" aria-label="结算"' in settlement
    assert f'href="{results}"' in settlement
    assert client.get(results)["Location"] == reverse("challenge:deal_set", args=[deal_set.code])
    # The last deal: the link is under the match's final standings, once.
    for number in (2, 3):
        rnd = seating.set_ready(room=room, user=owner)
        assert rnd.number == number
        play_by_hand(rnd, "strong", seed=5, person_seat=deal_set.seat)
    page = client.get(reverse("table", args=[room.code])).content.decode()
    assert page.count(f'href="{results}"') == 1
    assert f'href="{results}"' not in settlement_of(page)


def test_the_table_offers_no_seat_change_it_would_refuse(between_deals, client):
    """Between deals the owner sees no 加电脑 / 移除 / fill / free buttons, and a
    stranger no 坐这里: each would only be refused."""
    room, owner = between_deals.room, between_deals.user
    seating.leave_seat(room=room, user=owner)
    client.force_login(owner)
    page = client.get(reverse("table", args=[room.code])).content.decode()
    seating_part = re.search(r'<section id="seating".*?</section>', page, re.S).group(0)
    for view in ("add_bot", "remove_bot", "fill_bots", "free_seat"):
        assert reverse(view, args=[room.code]) not in seating_part, view
    assert reverse("sit", args=[room.code]) in seating_part  # their own seat, back
    client.force_login(person("stranger"))
    page = client.get(reverse("table", args=[room.code])).content.decode()
    assert reverse("sit", args=[room.code]) not in page
