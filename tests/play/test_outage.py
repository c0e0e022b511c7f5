"""The table's clocks stop while the database is away (games.play.outage): a clock that
ran out meanwhile is not played the moment the database is back, the people whose
sockets stayed open are not taken for gone, and the worker rides the outage out."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import OperationalError
from django.utils import timezone

from games.models import Round, Seat
from games.play import deadlines, outage
from games.play.steps import advance_due_rounds
from tests.play.timers import advance, table_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_outage_left_over():
    yield
    outage._met_away = False  # a process-wide note: one test's outage is not the next's


def test_a_clock_that_ran_out_while_the_database_was_away_gets_the_grace_first():
    room, users, rnd = table_of(4)
    now = timezone.now()
    # The voids' clock ran out 20 s ago, in the middle of the outage.
    Round.objects.filter(pk=rnd.pk).update(
        deadline=now - timedelta(seconds=20), decision_started_at=now - timedelta(minutes=1)
    )
    outage.noticed_away()
    outage.resume_clocks_if_met_away()
    rnd.refresh_from_db()
    grace = timedelta(seconds=outage.GRACE_SECONDS)
    assert now + grace <= rnd.deadline <= timezone.now() + grace
    version = rnd.version
    advance_due_rounds()  # the people's held clicks come first: nothing is played yet
    rnd.refresh_from_db()
    assert rnd.version == version
    advance(room, rnd.deadline + timedelta(seconds=0.1))  # nobody clicked in the grace
    rnd.refresh_from_db()
    assert rnd.version > version
    assert {e.data.get("by") for e in rnd.events.filter(kind="action")} == {"timeout"}


def test_only_after_an_outage_and_only_once():
    room, users, rnd = table_of(4)
    overdue = timezone.now() - timedelta(seconds=20)
    Round.objects.filter(pk=rnd.pk).update(deadline=overdue)
    outage.resume_clocks_if_met_away()  # no outage met: nothing moves
    rnd.refresh_from_db()
    assert rnd.deadline == overdue
    outage.noticed_away()
    outage.resume_clocks_if_met_away()
    Round.objects.filter(pk=rnd.pk).update(deadline=overdue)
    outage.resume_clocks_if_met_away()  # resumed already
    rnd.refresh_from_db()
    assert rnd.deadline == overdue


def test_a_later_clock_is_left_as_it_is():
    room, users, rnd = table_of(4)
    later = timezone.now() + timedelta(seconds=25)
    Round.objects.filter(pk=rnd.pk).update(deadline=later)
    outage.resume_clocks(timezone.now())
    rnd.refresh_from_db()
    assert rnd.deadline == later


def test_people_whose_sockets_stayed_open_are_not_taken_for_gone():
    room, users, rnd = table_of(4)
    now = timezone.now()
    silent = now - timedelta(seconds=40)  # no heartbeat could be written meanwhile
    Seat.objects.filter(room=room, index__in=(0, 1, 2)).update(online=True, last_seen=silent)
    Seat.objects.filter(room=room, index=3).update(online=False, last_seen=silent)
    seats = {s.index: s for s in Seat.objects.filter(room=room)}
    assert all(deadlines.is_away(seats[i], now) for i in range(4))
    outage.resume_clocks(now)
    seats = {s.index: s for s in Seat.objects.filter(room=room)}
    assert [deadlines.is_away(seats[i], now) for i in range(4)] == [False, False, False, True]


# Not inside the test's transaction: the worker closes its broken connections and opens
# new ones, as it does in production (no atomic block around its loop).
@pytest.mark.django_db(transaction=True)
def test_the_worker_rides_out_the_outage_and_resumes_the_clocks_first(monkeypatch):
    from games.management.commands import run_worker

    room, users, rnd = table_of(4)
    now = timezone.now()
    Round.objects.filter(pk=rnd.pk).update(
        deadline=now - timedelta(seconds=20), decision_started_at=now - timedelta(minutes=1)
    )
    version = rnd.version
    calls = []
    real = run_worker.advance_due_rounds

    def away_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise OperationalError("connection refused")
        return real(**kwargs)

    monkeypatch.setattr(run_worker, "advance_due_rounds", away_once)
    monkeypatch.setattr(run_worker, "IDLE_SECONDS", 0.05)
    call_command("run_worker", "--until-idle", stdout=StringIO())
    rnd.refresh_from_db()
    assert len(calls) == 2  # it looked again instead of exiting
    assert rnd.version == version  # the overdue voids were not played at once …
    assert rnd.deadline > timezone.now()  # … their clock got the grace
