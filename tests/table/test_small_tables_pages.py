"""Tables for three and two (RULES.md section 14) on the site's pages: a room has a seat
per player and computers fill only those; the table draws the others around you (three
with the top side empty, two face to face); the settlement, the round's page with its
replay, the history, the lobby and the share card say how many play."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.history import my_rounds as history
from games.models import Room, Round
from games.play import matches
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, fill_empty_seats, set_auto_play, set_ready
from games.rooms.sharing import table_title
from tests.table.pages import part
from tests.tables import play_by_hand

pytestmark = pytest.mark.django_db
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def small_room(options: dict) -> tuple[Room, User]:
    owner = User.objects.create_user("owner", password="x-long-password-1")
    room = create_room(owner=owner, name="小桌", options=options)
    return room, owner


@pytest.mark.parametrize("players", [3, 2])
def test_a_room_has_a_seat_per_player_and_computers_fill_only_those(players):
    room, owner = small_room({"players": players})
    assert room.seats.count() == players
    filled = fill_empty_seats(room=room, user=owner, level="strong")
    assert len(filled) == players - 1
    assert [s.index for s in room.seats.all()] == list(range(players))


def test_the_share_card_says_how_many_are_missing_of_how_many():
    room, owner = small_room({"players": 3, "suits": 2})
    with translation.override("zh-hans"):
        title = table_title(room)
    assert "差 2 人" in title and "三人两房" in title
    add_bot(room=room, user=owner, index=1, level="strong")
    with translation.override("en"):
        assert "1 seat free" in table_title(room) and "3 players, 2 suits" in table_title(room)


def test_the_lobby_says_how_many_play(client):
    small_room({"players": 2})
    html = client.get("/", **ZH).content.decode()
    assert "两人三房" in html and "1 个空位" in html


@pytest.mark.parametrize(
    ("options", "positions", "words"),
    [
        ({"players": 3, "suits": 2}, ["right", "left"], ("三人两房", "3 players, 2 suits")),
        ({"players": 2}, ["top"], ("两人三房", "2 players, 3 suits")),
    ],
)
def test_a_small_table_played_to_its_end_on_every_page(client, options, positions, words):
    room, owner = small_room(options)
    fill_empty_seats(room=room, user=owner, level="strong")
    rnd = play_by_hand(set_ready(room=room, user=owner), "strong", seed=3, person_seat=0)
    players = options["players"]
    assert len(rnd.state["hands"]) == players
    client.force_login(owner)

    table = client.get(reverse("table", args=[room.code]), **ZH).content.decode()
    # The others around me in turn order: 下家 on the right, 上家 on the left; or opposite.
    drawn = re.findall(r'<section id="seat-(\d)" class="seat seat-(\w+)"', table)
    assert drawn == [(str(i + 1), where) for i, where in enumerate(positions)]
    assert f'class="board seats-{players}"' in table
    settlement = part(table, "settlement")
    assert len(re.findall(r'class="result-card[ "]', settlement)) == players
    assert words[0] in settlement
    assert f"<summary>结算 · {words[0]}</summary>" in table  # the settlement's bar

    page = client.get(reverse("round_detail", args=[rnd.pk]), **ZH).content.decode()
    assert words[0] in page
    wall = 72 if options.get("suits") == 2 else 108
    english = client.get(reverse("round_detail", args=[rnd.pk]), **EN).content.decode()
    assert words[1] in english and f"The wall is the {wall} tiles" in english
    frame = client.get(reverse("round_replay", args=[rnd.pk, 0]), **ZH).content.decode()
    assert f"board seats-{players}" in frame
    assert len(re.findall(r'id="replay-seat-\d-head"', frame)) == players

    history = client.get(reverse("my_rounds"), **ZH).content.decode()
    assert words[0] in history


def test_a_match_at_a_table_for_two_with_auto_play_ends_in_two_standings():
    """Earlier options at a smaller table: a match of two rounds, the second played by
    托管 (auto-play), ends with final standings of the two players."""
    room, owner = small_room({"players": 2, "rounds": 2, "mode": "xueliu"})
    fill_empty_seats(room=room, user=owner, level="strong")
    first = play_by_hand(set_ready(room=room, user=owner), "strong", seed=5, person_seat=0)
    second = set_ready(room=room, user=owner)
    set_auto_play(room=room, user=owner, on=True)
    run_bots(round_id=second.pk)
    second.refresh_from_db()
    assert second.status == Round.Status.ENDED and second.state["end"] == "wall_empty"
    standings = matches.final_standings(room)
    assert len(standings) == 2
    nets = [sum(history.nets(r)[seat] for r in (first, second)) for seat in range(2)]
    assert sorted(s.total for s in standings) == sorted(nets) and sum(nets) == 0
