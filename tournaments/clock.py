"""The tournaments' own clock: it starts a tournament on time (those checked in are in,
the others out), moves each table on when its round ends (the next round of its stage,
or its people back: tournaments.tables), and has the format seat and end
(tournaments.arena: whoever is free, for a window; tournaments.swiss: everybody by
standing, stage by stage). The standings freeze once the last round has ended.

Everything it knows is in the database (entries, tables, rounds), and each step is a
transaction that holds the tournament's row: a process killed mid-step loses nothing,
and the next tick of any process takes up where it stopped. ``tick`` runs on the timer
loop of every process (games.driver.periodic_hooks), at most every ``TICK_SECONDS``: a
table moves on within that of its settlement's time being over (tournaments.tables),
and its people are seated again within that. The leaderboard does not wait for the
clock: a round that ends at a tournament's table tells it at once (``rooms_changed``)."""

import logging
import time

from django.db import transaction
from django.utils import timezone

from tournaments import arena, live, swiss, tables
from tournaments.models import Entry, Tournament, TournamentTable

logger = logging.getLogger(__name__)

TICK_SECONDS = 0.5  # at most this often

_last_tick = 0.0


def rooms_changed(rooms) -> None:
    """``games.play.broadcast.room_list_hooks``, after commit: a round ended (or began, or
    the room closed) at a room that is not listed. At a tournament's table its
    leaderboard counts the round at once (the table itself moves on once its settlement
    has been shown: tournaments.tables.take_back)."""
    unlisted = [room.pk for room in rooms if not room.listed]
    if not unlisted:
        return
    tournaments = TournamentTable.objects.filter(room_id__in=unlisted).values_list(
        "tournament_id", flat=True
    )
    for tournament_id in set(tournaments):
        live.tell(tournament_id)


def tick(now=None) -> None:
    """Move every tournament that is due on: start, seat, take back, end."""
    global _last_tick
    if now is None:
        if time.monotonic() - _last_tick < TICK_SECONDS:
            return
        _last_tick = time.monotonic()
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status__in=[Tournament.Status.SCHEDULED, Tournament.Status.RUNNING], starts_at__lte=now
    ).values_list("pk", flat=True)
    for pk in list(due):
        step(pk, now)


def step(pk: int, now) -> None:
    """One tournament, one step, under its row's lock (another process's step waits):
    first the rounds that ended are counted and their tables moved on, and the
    leaderboard is told at once; then, in a transaction of its own, the format seats
    and ends. Seating a wave of tables (each dealt) takes a while: the rounds that
    ended do not wait for it to show."""
    _locked_step(pk, now, _take_back)
    _locked_step(pk, now, _seat_or_end)


def _locked_step(pk: int, now, work) -> None:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(skip_locked=True).filter(pk=pk).first()
        if tournament is None or tournament.status == Tournament.Status.FINISHED:
            return
        if work(tournament, now):
            live.changed_on_commit(tournament.pk)


def _take_back(tournament: Tournament, now) -> bool:
    changed = False
    if tournament.status == Tournament.Status.SCHEDULED:
        _start(tournament, now)
        changed = True
    return tables.take_back(tournament, now) or changed


def _seat_or_end(tournament: Tournament, now) -> bool:
    run = swiss.step if tournament.staged else arena.step
    return run(tournament, now)


def _start(tournament: Tournament, now) -> None:
    """On time: those checked in wait for a table from now; those who did not check in
    are out (a no-show holds up nobody)."""
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    entries = Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    entries.filter(checked_in_at__isnull=False).update(waiting_since=now)
    entries.filter(checked_in_at__isnull=True).update(withdrawn_at=now)
