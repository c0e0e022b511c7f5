"""A hostile user's sets of deals: the day's limit holds when many
are asked for at once, 大师's games of a set are played outside the transaction that
stores it (nobody else's writes wait for them), and a set whose games were cut short is
completed by whoever needs its pars, each deal dealt once."""

import random
import sqlite3
import threading
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.urls import reverse
from django.utils import translation

from challenge import friends
from challenge.models import DealSet
from games.models import Round
from games.play import steps
from games.play.errors import ServiceError
from games.players.simulate import play_round
from games.rooms import seating
from games.rules.options import RoomOptions
from games.rules.round import Round as EngineRound

LIMIT_MESSAGE = "You have made 5 sets of deals today: try again tomorrow."


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_DELAY_SECONDS = 0


@pytest.fixture
def shared_database(transactional_db, tmp_path):
    """One database for every thread of the test, reached as the site's processes reach
    theirs. PostgreSQL as it is. SQLite's test database lives in shared-cache memory,
    where a second writer fails at once ("database table is locked") instead of waiting
    its turn as on the site's file: the test runs on a file copy of it, with the
    project's own options (WAL, IMMEDIATE transactions, the busy timeout)."""
    if connection.vendor != "sqlite":
        yield
        return
    settings_dict = connection.settings_dict  # the dict every thread's connection is made of
    in_memory = settings_dict["NAME"]
    connection.ensure_connection()
    path = tmp_path / "threads.sqlite3"
    copy = sqlite3.connect(path)
    connection.connection.backup(copy)
    copy.close()
    # Closing the in-memory connection would drop the test database: set aside instead.
    kept, connection.connection = connection.connection, None
    settings_dict["NAME"] = str(path)
    try:
        yield
    finally:
        connection.close()
        settings_dict["NAME"] = in_memory
        connection.connection = kept


def person(name: str) -> User:
    return User.objects.create_user(name, password="x-long-password-1")


def in_thread(work, results: list) -> threading.Thread:
    """``work()`` in a thread of its own (a request of its own), in English, with its
    result or its exception appended to ``results``; its connection closed after."""

    def run():
        try:
            with translation.override("en"):
                results.append(work())
        except Exception as error:
            results.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def expected_pars(deal_set: DealSet) -> list[int]:
    """大师's result on each deal, played by the engine alone (as test_friends checks)."""
    pars = []
    for seed, dealer in deal_set.deals:
        engine = EngineRound.deal(seed, dealer, RoomOptions.from_dict(deal_set.options))
        play_round(engine, ["expert"] * 4, random.Random(0))
        pars.append(engine.net()[deal_set.seat])
    return pars


def masters_rounds(deal_set: DealSet) -> list[tuple[int, str]]:
    return list(deal_set.expert_room.rounds.order_by("number").values_list("number", "status"))


def cut_short(monkeypatch, *, after: int, in_game: bool = False) -> None:
    """大师's games stop as a crashed process would: after ``after`` games have ended
    (``in_game``: with the next one dealt but not played)."""
    real, calls = steps.run_bots, []

    def crashing(**kwargs):
        calls.append(kwargs)
        if in_game and len(calls) > after:
            raise RuntimeError("the process died")
        applied = real(**kwargs)
        if not in_game and len(calls) == after:
            raise RuntimeError("the process died")
        return applied

    monkeypatch.setattr(steps, "run_bots", crashing)


@pytest.mark.django_db(transaction=True)
def test_sets_asked_for_at_once_are_counted_against_the_day_s_limit(shared_database):
    owner = person("eager")
    barrier = threading.Barrier(8, timeout=60)

    def make():
        barrier.wait()
        return friends.create(owner=owner, name="", count=1)

    outcomes: list = []
    threads = [in_thread(make, outcomes) for _ in range(8)]
    for thread in threads:
        thread.join(120)
    made = [o for o in outcomes if isinstance(o, DealSet)]
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(made) == friends.SETS_PER_DAY == 5, outcomes
    assert [str(r) for r in refused] == [LIMIT_MESSAGE] * 3, outcomes  # and nothing else
    assert DealSet.objects.filter(owner=owner).count() == 5
    for deal_set in DealSet.objects.filter(owner=owner):
        assert len(deal_set.pars) == 1 and masters_rounds(deal_set) == [(1, "ended")]


@pytest.mark.django_db(transaction=True)
def test_another_person_s_write_goes_through_while_masters_games_are_played(
    shared_database, monkeypatch
):
    owner, sitter = person("maker"), person("sitter")
    elsewhere = seating.create_room(owner=person("host"), name="elsewhere", options={})
    first_game_over, release = threading.Event(), threading.Event()
    real, calls = steps.run_bots, []

    def paused_after_the_first_game(**kwargs):
        applied = real(**kwargs)
        calls.append(kwargs)
        if len(calls) == 1:
            first_game_over.set()
            release.wait(60)
        return applied

    monkeypatch.setattr(steps, "run_bots", paused_after_the_first_game)
    made: list = []
    maker = in_thread(lambda: friends.create(owner=owner, name="", count=2), made)
    try:
        assert first_game_over.wait(60)
        sat: list = []
        started = time.monotonic()
        writer = in_thread(lambda: seating.take_seat(room=elsewhere, user=sitter), sat)
        writer.join(5)
        assert sat and not isinstance(sat[0], Exception), sat
        assert time.monotonic() - started < 5
        # ...while the set is stored and 大师's games of it are under way.
        deal_set = DealSet.objects.get(owner=owner)
        assert deal_set.pars == [] and masters_rounds(deal_set) == [(1, "ended")]
    finally:
        release.set()
        maker.join(120)
    assert isinstance(made[0], DealSet), made
    deal_set.refresh_from_db()
    assert deal_set.pars == expected_pars(deal_set)
    assert masters_rounds(deal_set) == [(1, "ended"), (2, "ended")]


@pytest.mark.django_db
@pytest.mark.parametrize("in_game", [False, True], ids=["between games", "in a game"])
def test_a_set_cut_short_is_completed_by_its_page(client, monkeypatch, in_game):
    owner = person("crashed")
    real = steps.run_bots
    cut_short(monkeypatch, after=2, in_game=in_game)
    with pytest.raises(RuntimeError):
        friends.create(owner=owner, name="", count=4)
    monkeypatch.setattr(steps, "run_bots", real)
    deal_set = DealSet.objects.get(owner=owner)  # stored before 大师's games were played
    assert deal_set.pars == []
    assert masters_rounds(deal_set) == [(1, "ended"), (2, "ended")] + (
        [(3, "playing")] if in_game else []
    )
    client.force_login(owner)
    page = client.get(reverse("challenge:deal_set", args=[deal_set.code]))
    assert page.status_code == 200
    deal_set.refresh_from_db()
    assert deal_set.pars == expected_pars(deal_set)  # as a set made in one go
    assert masters_rounds(deal_set) == [(n, "ended") for n in range(1, 5)]
    assert (
        list(deal_set.expert_room.rounds.order_by("number").values_list("seed_hash", flat=True))
        == deal_set.hashes
    )


@pytest.mark.django_db(transaction=True)
def test_callers_at_once_complete_a_set_dealing_each_deal_once(shared_database, monkeypatch):
    owner = person("cut")
    real = steps.run_bots
    cut_short(monkeypatch, after=1)
    with pytest.raises(RuntimeError):
        friends.create(owner=owner, name="", count=3)
    monkeypatch.setattr(steps, "run_bots", real)
    deal_set = DealSet.objects.get(owner=owner)
    barrier = threading.Barrier(4, timeout=60)
    users = [owner, person("friend")]

    def complete():
        barrier.wait()
        return friends.complete(DealSet.objects.get(pk=deal_set.pk))

    def join(user):
        barrier.wait()
        return friends.join(DealSet.objects.get(pk=deal_set.pk), user)

    outcomes: list = []
    threads = [in_thread(complete, outcomes) for _ in range(2)]
    threads += [in_thread(lambda user=user: join(user), outcomes) for user in users]
    for thread in threads:
        thread.join(120)
    assert len(outcomes) == 4 and not any(isinstance(o, Exception) for o in outcomes), outcomes
    deal_set.refresh_from_db()
    assert masters_rounds(deal_set) == [(n, "ended") for n in range(1, 4)]
    assert Round.objects.filter(room=deal_set.expert_room).count() == 3
    assert deal_set.pars == expected_pars(deal_set)
    for user in users:  # and each friend's table has its first deal
        table = friends.table_of(deal_set, user)
        assert list(table.room.rounds.values_list("number", "seed_hash")) == [
            (1, deal_set.hashes[0])
        ]
