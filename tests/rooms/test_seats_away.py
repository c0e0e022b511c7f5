"""A person who has gone away between rounds holds nobody up: the owner may free the
seat, and when the others are ready the round starts with the computer playing for them."""

import re
from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Event, Round, Seat
from games.play.errors import ServiceError
from games.rooms.seating import free_seat, set_ready
from games.table.away import AwaySummary, since
from tests.tables import four_people

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def room():
    return four_people("a", ready=False)


def _gone(room, user, seconds=60):
    Seat.objects.filter(room=room, user=user).update(
        last_seen=timezone.now() - timedelta(seconds=seconds), ready=False
    )


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


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_seat_the_computer_plays_says_so_and_one_press_takes_it_back(client, language):
    """Two missed deadlines switch 托管 on (games.play.steps.time_out). The player's table
    says so across the dock, "电脑正在替你打 · 收回", and that one button (its form posts
    auto_play off) gives the seat back; then the small 托管 button is there again."""

    room, users = four_people("tb")
    Seat.objects.filter(room=room, user=users[0]).update(auto_play=True, timeouts=2)
    client.force_login(users[0])
    client.cookies["django_language"] = language
    with translation.override(language):
        playing = translation.gettext("The computer is playing for you")
        take_back = translation.gettext("Take back")
        auto = translation.gettext("Auto-play (托管)")
    html = client.get(f"/t/{room.code}/").content.decode()
    dock = html[html.index('<div id="me-auto"') :]
    dock = dock[: dock.index("</form>")]
    assert 'class="taken"' in dock
    assert re.search(
        rf'<button type="submit" class="take-back"><span class="take-back-note">'
        rf'{re.escape(playing)}</span> · <strong class="take-back-word">'
        rf"{re.escape(take_back)}</strong></button>",
        dock,
    )
    assert '<input type="hidden" name="type" value="auto_play">' in dock
    assert '<input type="hidden" name="on" value="0">' in dock
    # The other players' pages show no prompt.
    client.force_login(users[1])
    assert "take-back" not in client.get(f"/t/{room.code}/").content.decode()
    # One press: the form as the page posts it without the socket.
    client.force_login(users[0])
    client.post(reverse("table_action", args=[room.code]), {"type": "auto_play", "on": "0"})
    seat = Seat.objects.get(room=room, user=users[0])
    assert not seat.auto_play and seat.timeouts == 0
    html = client.get(f"/t/{room.code}/").content.decode()
    assert "take-back" not in html and f">{auto}</button>" in html


def test_the_note_on_return_says_the_computer_goes_on_and_lists_names_in_the_language():
    """What happened while away (games.table.away): with 托管 still on, the note says the
    computer goes on playing; the winners are listed with "、" in Chinese, ", " in English."""

    summary = AwaySummary(
        moves_for_you=1, wins=(1, 2), paid=3, received=0, round_ended=False, still_auto_play=True
    )
    notes = {}
    for language in ("zh-hans", "en"):
        with translation.override(language):
            notes[language] = render_to_string(
                "games/table/_away_note.html", {"s": summary, "winners": ["Ann", "Bo"]}
            )
            assert (
                translation.gettext(
                    "The computer is still playing for you: press “Take back” below to play "
                    "yourself."
                )
                in notes[language]
            )
    assert "Ann、Bo" in notes["zh-hans"]
    assert "Ann, Bo" in notes["en"] and "、" not in notes["en"]
    assert "The computer made 1 move for you." in notes["en"]
    ended = AwaySummary(1, (), 0, 0, True)
    with translation.override("en"):
        assert "still playing" not in render_to_string(
            "games/table/_away_note.html", {"s": ended, "winners": []}
        )


def test_the_summary_on_return_knows_the_computer_still_plays(room):
    room, users = room
    for user in users:
        Seat.objects.filter(room=room, user=user).update(last_seen=timezone.now())
        set_ready(room=room, user=user)
    rnd = Round.objects.get(room=room)
    Event.objects.create(
        round=rnd,
        number=999,
        version=rnd.version,
        kind="action",
        seat=2,
        data={"action": {"type": "void", "suit": "m"}, "by": "timeout"},
    )
    Seat.objects.filter(room=room, user=users[2]).update(auto_play=True)
    seat = Seat.objects.get(room=room, user=users[2])
    away_since = timezone.now() - timedelta(minutes=5)
    summary = since(room.pk, seat, away_since, timezone.now())
    assert summary.moves_for_you == 1 and summary.still_auto_play
    Seat.objects.filter(pk=seat.pk).update(auto_play=False)
    seat.refresh_from_db()
    assert not since(room.pk, seat, away_since, timezone.now()).still_auto_play
