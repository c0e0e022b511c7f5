"""The daily challenge (每日挑战): one deal a day for everybody against three 大师, one
attempt each, scored beside 大师's own result on the same seat (the par); the seed
secret until the day is over, then matching the SHA-256 shown from the start."""

import hashlib
import random
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from challenge import days, standings
from challenge.models import Attempt, DailyChallenge
from games.history.replay import replay
from games.models import Room, Round
from games.play.errors import ServiceError
from games.players.simulate import play_round
from games.rooms import seating
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound
from tests.tables import play_by_hand

pytestmark = pytest.mark.django_db
PASSWORD = "x-long-password-1"


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


def person(name: str) -> User:
    return User.objects.create_user(name, password=PASSWORD)


def at(day_offset: int, hour: int, minute: int = 0) -> datetime:
    """An instant of today (offset by days) in the site's time zone."""
    day = days.local_day() + timedelta(days=day_offset)
    return timezone.make_aware(datetime(day.year, day.month, day.day, hour, minute))


def play(attempt: Attempt, level: str) -> Round:
    """The person plays their attempt to its end, each decision as ``level`` would."""
    return play_by_hand(attempt.round, level, seed=5, person_seat=attempt.challenge.seat)


def test_the_par_is_masters_own_result_on_the_seat_of_the_same_deal():
    challenge = days.challenge_of(days.local_day())
    assert challenge.seed_hash == hashlib.sha256(challenge.seed.encode()).hexdigest()
    # Four 大师 on the deal, played by the engine alone, away from the site.
    engine = EngineRound.deal(
        challenge.seed, challenge.dealer, RoomOptions.from_dict(challenge.options)
    )
    play_round(engine, ["expert"] * 4, random.Random(0))
    assert challenge.par == engine.net()[challenge.seat]
    assert challenge.expert_round.status == Round.Status.ENDED


def test_two_people_play_the_same_deal_from_the_same_seat():
    first = days.start(person("yi"))
    second = days.start(person("er"))
    assert first.challenge == second.challenge
    assert first.round.room != second.round.room
    for attempt in (first, second):
        rnd = attempt.round
        assert (rnd.seed_hash, rnd.dealer) == (first.challenge.seed_hash, first.challenge.dealer)
        assert rnd.players.get(seat=first.challenge.seat).user == attempt.user
        assert [p.bot_level for p in rnd.players.exclude(seat=first.challenge.seat)] == [
            "expert"
        ] * 3
    dealt = [replay(a.round, 0) for a in (first, second)]
    assert [dealt[0].hand_tiles(s) for s in range(4)] == [dealt[1].hand_tiles(s) for s in range(4)]
    assert dealt[0].wall == dealt[1].wall


def test_playing_as_master_plays_exactly_the_par():
    """Duplicate scoring measures the play: the same decisions give the same points."""
    attempt = days.start(person("dashi"))
    play(attempt, "expert")
    attempt.refresh_from_db()
    assert days.points(attempt) == attempt.challenge.par


def test_a_second_start_resumes_the_same_game(client):
    player = person("again")
    client.force_login(player)
    first = client.post(reverse("challenge:start"))
    again = client.post(reverse("challenge:start"))
    attempt = Attempt.objects.get(user=player)
    table = reverse("table", args=[attempt.round.room.code])
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == table
    assert Attempt.objects.filter(user=player).count() == 1
    assert Room.objects.filter(owner=player).count() == 1
    # The page offers to go back to it, not to start another.
    page = client.get(reverse("challenge:today")).content.decode()
    assert table in page and reverse("challenge:start") not in page
    # Finished, a start again shows the result instead.
    play(attempt, "strong")
    done = client.post(reverse("challenge:start"))
    assert done["Location"].endswith(reverse("challenge:today") + "#result")
    assert Attempt.objects.filter(user=player).count() == 1


def test_the_seed_is_secret_until_the_day_is_over_and_then_matches_the_commitment(client):
    player = person("seed")
    client.force_login(player)
    attempt = days.start(player)
    rnd = play(attempt, "strong")
    challenge = attempt.challenge
    secret = challenge.seed
    pages = [
        reverse("challenge:today"),
        reverse("round_detail", args=[rnd.pk]),
        reverse("round_export", args=[rnd.pk]),
        reverse("round_detail", args=[challenge.expert_round_id]),
    ]
    for page in pages:
        body = client.get(page).content.decode()
        assert challenge.seed_hash in body or page.endswith(".json")
        assert secret not in body, page
    # Somebody still playing the deal after midnight keeps it secret from everybody.
    late = days.start(person("late"))
    after_midnight = challenge.ends_at + timedelta(minutes=5)
    with mock.patch("django.utils.timezone.now", return_value=after_midnight):
        assert (
            secret
            not in client.get(
                reverse("challenge:day", args=[challenge.day.isoformat()])
            ).content.decode()
        )
        play(late, "easy")
        # Today's page is the next day's now: the day's own page shows the seed.
        for page in [reverse("challenge:day", args=[challenge.day.isoformat()]), *pages[1:]]:
            assert secret in client.get(page).content.decode(), page
    assert hashlib.sha256(secret.encode()).hexdigest() == challenge.seed_hash


def test_the_day_s_ranking_is_ordered_by_points():
    for name, level in [("easy", "easy"), ("strong", "strong"), ("expert", "expert")]:
        play(days.start(person(name)), level)
    challenge = DailyChallenge.objects.get()
    ranking = standings.ranking(challenge)
    assert len(ranking) == 3
    assert [e.points for e in ranking] == sorted((e.points for e in ranking), reverse=True)
    assert [e.against_par for e in ranking] == [e.points - challenge.par for e in ranking]
    for before, after in zip(ranking, ranking[1:], strict=False):
        assert before.rank <= after.rank and (before.rank == after.rank) == (
            before.points == after.points
        )


def test_an_unfinished_game_is_not_ranked():
    play(days.start(person("done")), "strong")
    days.start(person("busy"))
    assert [e.name for e in standings.ranking(DailyChallenge.objects.get())] == ["done"]


def test_across_midnight_the_next_day_s_deal_starts():
    player = person("night")
    with mock.patch("django.utils.timezone.now", return_value=at(0, 23, 59)):
        before = days.start(player)
    with mock.patch("django.utils.timezone.now", return_value=at(1, 0, 1)):
        after = days.start(player)
        assert days.start(player) == after  # and it too is played once
    assert before.challenge.day == days.local_day()
    assert after.challenge.day == days.local_day() + timedelta(days=1)
    assert after.challenge.seed_hash != before.challenge.seed_hash
    assert after.round.room != before.round.room


def test_the_par_ranking_and_master_s_game_wait_until_the_deal_is_played(client):
    player = person("curious")
    client.force_login(player)
    challenge = days.challenge_of(days.local_day())
    play(days.start(person("first")), "strong")
    page = client.get(reverse("challenge:today")).content.decode()
    assert "first" not in page  # the ranking
    master = reverse("round_detail", args=[challenge.expert_round_id])
    assert client.get(master).status_code == 404
    play(days.start(player), "strong")
    page = client.get(reverse("challenge:today")).content.decode()
    assert "first" in page and f"<dd>{challenge.par}</dd>" in page
    assert client.get(master).status_code == 200


def test_nobody_else_watches_a_challenge_table_and_the_lobby_does_not_list_it(client):
    attempt = days.start(person("alone"))
    room = attempt.round.room
    client.force_login(person("peeker"))
    assert client.get(reverse("table", args=[room.code])).status_code == 403  # watching off
    with pytest.raises(ServiceError):
        seating.set_watching(room=room, user=attempt.user, allowed=True)
    assert room.code not in client.get(reverse("home")).content.decode()


def test_past_days_show_the_par_and_the_player_s_result(client):
    player = person("cal")
    client.force_login(player)
    with mock.patch("django.utils.timezone.now", return_value=at(-1, 12)):
        yesterday = play(days.start(player), "strong")
    attempt = Attempt.objects.get(round=yesterday)
    calendar = standings.calendar(player)
    assert [d.day for d in calendar] == [attempt.challenge.day]
    assert calendar[0].points == days.points(attempt)
    assert calendar[0].par == attempt.challenge.par
    assert calendar[0].seed == attempt.challenge.seed  # that day is over
    page = client.get(reverse("challenge:day", args=[attempt.challenge.day.isoformat()]))
    assert page.status_code == 200
    assert attempt.challenge.seed in page.content.decode()
    assert client.get(reverse("challenge:day", args=["2020-01-01"])).status_code == 404
    assert client.get(reverse("challenge:day", args=["not-a-day"])).status_code == 404


def test_the_page_explains_duplicate_scoring_in_both_languages(client):
    client.force_login(person("reader"))
    page = client.get(reverse("challenge:today"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "复式计分去掉了牌运" in page.content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(reverse("challenge:today"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "luck of the deal" in english


def test_a_start_needs_a_post_and_a_login(client):
    assert client.post(reverse("challenge:start")).status_code == 302  # to the log-in
    assert not Attempt.objects.exists()
    client.force_login(person("getter"))
    assert client.get(reverse("challenge:start")).status_code == 405
    assert not Attempt.objects.exists()


def test_the_table_s_final_standings_lead_to_the_day_s_result(client):
    from games.play.snapshot import load_snapshot
    from games.table.parts import render_table

    player = person("ending")
    attempt = days.start(player)
    play(attempt, "strong")
    client.force_login(player)
    rendered = render_table(load_snapshot(attempt.round.room_id), user=player, csrf="x")
    link = reverse("challenge:room_results", args=[attempt.round.room.code])
    assert link in rendered.parts["standings"]
    assert client.get(link)["Location"] == reverse("challenge:today") + "#result"
    # The table of an ordinary match has no such link.
    assert client.get(reverse("challenge:room_results", args=["NOSUCH"])).status_code == 404


def test_a_challenge_table_offers_no_link_to_share(client):
    attempt = days.start(person("sharer"))
    client.force_login(attempt.user)
    page = client.get(reverse("table", args=[attempt.round.room.code])).content.decode()
    assert "我的手牌" in page and 'class="share"' not in page
    ordinary = seating.create_room(owner=attempt.user, name="平常", options={})
    assert 'class="share"' in client.get(reverse("table", args=[ordinary.code])).content.decode()
