"""The review (复盘) on a finished round's page: each person's own decisions where 大师
would have chosen otherwise, linked to the replay's board before the move."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from games.history.replay import replay
from games.history.round_review import CANDIDATES_SHOWN
from games.models import Event, Round
from games.players.review import Move, review
from games.rooms.seating import add_bot, create_room, set_ready
from games.rules.round import parse_action
from tests.tables import play_by_hand

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


def play_a_round_by_hand(owner, level: str = "easy") -> Round:
    """``owner`` plays their seat themselves (at ``level``'s choices, sent as a person's
    moves) against three computers, to the round's end."""
    room = create_room(owner=owner, name="复盘", options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    return play_by_hand(set_ready(room=room, user=owner), level, seed=2)


def test_the_round_page_reviews_the_person_s_own_decisions(client):
    owner = User.objects.create_user("fupan", password="x-long-password-1")
    rnd = play_a_round_by_hand(owner)
    seat = rnd.players.get(user=owner).seat
    logged = Event.objects.filter(round=rnd, kind="action").order_by("number")
    played = [Move(e.seat, parse_action(e.data["action"]), not e.data.get("by")) for e in logged]
    expected = review(replay(rnd, 0), played, seat)
    assert expected.decisions > 5 and expected.differences  # the easy level's choices differ

    client.force_login(owner)
    with translation.override("zh-hans"):
        html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    section = html[html.index('<section class="review"') :]
    section = section[: section.index("</section>")]
    assert '<h2 id="review-title">复盘</h2>' in section
    assert f"{expected.decisions} 个决定中有 {expected.agreements} 个和大师一致" in section
    # One entry per difference, each linked to the board before its move.
    links = re.findall(r'<a href="\?step=(\d+)#replay">第 (\d+) 步</a>', section)
    assert [(int(board), int(move)) for board, move in links] == [
        (d.step - 1, d.step) for d in expected.differences
    ]
    # A differing discard shows 大师's candidates, its own marked.
    if any(d.advice.discards for d in expected.differences):
        assert 'class="chosen"' in section and "进张（未见）" in section
    assert "大师：" in section

    # The player's own discard is shown beside 大师's candidates: always when 大师 would
    # have discarded too, else when it is among the candidates shown; a pong or kong never.
    # When 大师 would have konged first and then thrown the same tile, that row is marked
    # as 大师's (class "chosen", with both words), not as the player's.
    def marked(d) -> bool:
        if d.played[0] != "discard":
            return False
        shown = (
            d.advice.discards
            if d.advice.choice[0] == "discard"
            else d.advice.discards[:CANDIDATES_SHOWN]
        )
        return any(c.tile == d.played[1] and not c.chosen for c in shown)

    assert section.count('class="played"') == sum(1 for d in expected.differences if marked(d))

    with translation.override("en"):
        english = client.get(
            reverse("round_detail", args=[rnd.pk]), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    assert "Review" in english


def test_moves_made_for_the_person_are_not_theirs_to_review(client):
    # Under 托管 every move of the person's seat is the computer's: nothing to review.
    from tests.history.played_rounds import play_rounds

    owner = User.objects.create_user("tuoguan", password="x-long-password-1")
    room, (rnd,) = play_rounds(owner, 1, name="托管")
    client.force_login(owner)
    html = client.get(reverse("round_detail", args=[rnd.pk])).content.decode()
    assert "0 个决定中有 0 个和大师一致" in html
    assert 'href="?step=' not in html[html.index('<section class="review"') :]
