"""Several processes (deploy/): the process that holds a room's sockets takes its due
steps at once; any other process, and the worker, only once they are overdue by
TIMER_TAKEOVER_SECONDS (the holder died or is draining)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Round
from games.play.steps import advance_due_rounds
from tests.play.test_timers import table_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(no_waiting, settings):
    settings.DISCONNECT_GRACE_SECONDS = 15


def a_computer_due_now():
    """A table of one person and three computers, a computer's move due now."""
    room, users, rnd = table_of(1)
    rnd.refresh_from_db()
    due = timezone.now()
    Round.objects.filter(pk=rnd.pk).update(deadline=due)
    return room, rnd, due


def test_the_process_holding_the_room_takes_its_due_step_at_once():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    advance_due_rounds(now=due, here={room.pk}, takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version > version


def test_another_process_leaves_a_due_step_to_its_holder_until_it_is_overdue():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    wait = advance_due_rounds(now=due + timedelta(seconds=0.5), here=set(), takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version == version  # not its room, not overdue: untouched
    assert wait == pytest.approx(1.0, abs=0.3)  # it looks again when it would be overdue
    advance_due_rounds(now=due + timedelta(seconds=1.6), here=set(), takeover=1.5)
    rnd.refresh_from_db()
    assert rnd.version > version  # overdue: its holder is gone, this process takes it


def test_one_process_alone_takes_every_due_step_at_once():
    room, rnd, due = a_computer_due_now()
    version = rnd.version
    advance_due_rounds(now=due, here=set(), takeover=0)
    rnd.refresh_from_db()
    assert rnd.version > version


def test_the_worker_looks_once_and_sleeps_while_nothing_is_due(django_assert_num_queries):
    room, rnd, due = a_computer_due_now()
    Round.objects.filter(pk=rnd.pk).update(deadline=due + timedelta(seconds=30))
    with django_assert_num_queries(1):  # one look at the next deadline, no claim
        wait = advance_due_rounds(now=due, here=set(), takeover=1.5)
    assert wait == pytest.approx(31.5, abs=0.5)
