"""The tournaments' own clock: it starts a tournament on time, seats whoever is free as
soon as a table's worth are waiting (tournaments.seating_plans.arena_tables: near each
other in the standings, not the same opponents twice in a row) and, when too few are
free for a table, fills it with computers after ``fill_seconds()``, takes the people of a
table whose round ended back into the waiting (or out, after two rounds in a row the
computer played for them), and ends the tournament when its window closes; the rounds
still being played then count, and the standings freeze once they end.

Everything it knows is in the database (entries, tables, rounds), and each step is a
transaction that holds the tournament's row: a process killed mid-step loses nothing,
and the next tick of any process takes up where it stopped. ``tick`` runs on the timer
loop of every process (games.driver.periodic_hooks); a round that ends at one of its
tables wakes it at once (``rooms_changed``), so the next table is seated within a
second."""

import logging
import secrets
import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Event, Room, Round, Seat, new_room_code
from games.play import dealing
from tournaments import live
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.seating_plans import Waiting, arena_tables
from tournaments.standings import points_by_user

logger = logging.getLogger(__name__)

TICK_SECONDS = 0.5  # at most this often, unless a round of a tournament just ended
BYE_LEVEL = "strong"  # the computer that fills a seat nobody takes
MISSED_ROUNDS_OUT = 2  # rounds in a row played wholly by the computer: withdrawn


def fill_seconds() -> float:
    """Fewer waiting than a table holds: after this long the computers fill the other
    seats, so that nobody waits for a table that a small field will never fill."""
    return settings.TOURNAMENT_FILL_SECONDS


_last_tick = 0.0
_woken = False


def rooms_changed(rooms) -> None:
    """``games.play.broadcast.room_list_hooks``: a round ended at a tournament table."""
    global _woken
    if any(not room.listed for room in rooms):
        _woken = True


def tick(now=None) -> None:
    """Move every tournament that is due on: start, seat, take back, end."""
    global _last_tick, _woken
    if now is None:
        if not _woken and time.monotonic() - _last_tick < TICK_SECONDS:
            return
        _last_tick, _woken = time.monotonic(), False
    now = now or timezone.now()
    due = Tournament.objects.filter(
        status__in=[Tournament.Status.SCHEDULED, Tournament.Status.RUNNING], starts_at__lte=now
    ).values_list("pk", flat=True)
    for pk in list(due):
        step(pk, now)


def step(pk: int, now) -> None:
    """One tournament, one step, under its row's lock (another process's step waits)."""
    changed = False
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(skip_locked=True).filter(pk=pk).first()
        if tournament is None or tournament.status == Tournament.Status.FINISHED:
            return
        if tournament.status == Tournament.Status.SCHEDULED:
            _start(tournament, now)
            changed = True
        changed |= _take_back(tournament, now)
        if now >= tournament.ends_at:
            changed |= _end_if_done(tournament, now)
        else:
            changed |= _seat(tournament, now)
        if changed:
            live.changed_on_commit(tournament.pk)


def _start(tournament: Tournament, now) -> None:
    """On time: those checked in wait for a table from now; those who did not check in
    are out (a no-show holds up nobody)."""
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    entries = Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
    entries.filter(checked_in_at__isnull=False).update(waiting_since=now)
    entries.filter(checked_in_at__isnull=True).update(withdrawn_at=now)


def _take_back(tournament: Tournament, now) -> bool:
    """The people of each table whose round ended wait again, or are out after
    ``MISSED_ROUNDS_OUT`` rounds in a row that the computer played for them."""
    ended = TournamentTable.objects.filter(
        tournament=tournament,
        done_at__isnull=True,
        room__rounds__status=Round.Status.ENDED,
    ).select_related("room")
    found = False
    for table in ended:
        found = True
        rnd = Round.objects.filter(room=table.room).order_by("-number").first()
        for seat, entry_id in enumerate(table.entries):
            if entry_id is not None:
                _back_from(entry_id, _played_themselves(rnd, seat), now)
        table.done_at = now
        table.save(update_fields=["done_at"])
        Room.objects.filter(pk=table.room_id).update(status=Room.Status.CLOSED)
    return found


def _played_themselves(rnd: Round, seat: int) -> bool:
    """Did the person at ``seat`` make a move of ``rnd`` themselves (not the computer on
    托管, not a deadline's)?"""
    moves = Event.objects.filter(round=rnd, seat=seat, kind="action")
    return moves.exclude(data__has_key="by").exists()


def _back_from(entry_id: int, played: bool, now) -> None:
    entry = Entry.objects.select_for_update().get(pk=entry_id)
    entry.missed = 0 if played else entry.missed + 1
    if entry.withdrawn_at is None and entry.missed >= MISSED_ROUNDS_OUT:
        entry.withdrawn_at = now
    entry.waiting_since = now if entry.withdrawn_at is None else None
    entry.save(update_fields=["missed", "withdrawn_at", "waiting_since"])


def _seat(tournament: Tournament, now) -> bool:
    """Seat everybody who can be: full tables of those waiting (arena_tables)."""
    waiting = list(
        Entry.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True, waiting_since__isnull=False
        ).values_list("pk", "user_id", "waiting_since")
    )
    size = tournament.table_size
    if not waiting:
        return False
    points, _played = points_by_user(tournament)
    last = _last_tables(tournament)
    plan = arena_tables(
        [
            Waiting(pk, points.get(user_id, 0), since.timestamp(), last.get(pk, frozenset()))
            for pk, user_id, since in waiting
        ],
        size,
    )
    seated = {entry for seats in plan for entry in seats}
    left = sorted((since, pk) for pk, _user, since in waiting if pk not in seated)
    if left and (now - left[0][0]).total_seconds() >= fill_seconds():
        # Too few for a table, and the first of them has waited long enough: computers
        # take the other seats (a small field, or the last ones free near the end).
        people = [pk for _since, pk in left]
        plan.append(tuple(people) + (None,) * (size - len(people)))
    users = {pk: user_id for pk, user_id, _since in waiting}
    number = TournamentTable.objects.filter(tournament=tournament).count()
    for seats in plan:
        number += 1
        _open_table(tournament, number, list(seats), users, now)
    return bool(plan)


def _last_tables(tournament: Tournament) -> dict[int, frozenset[int]]:
    """Each entry's opponents at their latest table."""
    last: dict[int, frozenset[int]] = {}
    tables = TournamentTable.objects.filter(tournament=tournament).order_by("-number")
    for entries in tables.values_list("entries", flat=True):
        people = [e for e in entries if e is not None]
        for entry in people:
            last.setdefault(entry, frozenset(people) - {entry})
    return last


def _open_table(tournament, number: int, seats: list, users: dict, now) -> TournamentTable:
    """A room of the tournament's rules for one round, its seats taken by ``seats``
    (entry ids; None a computer), dealt at once."""
    options = {**tournament.options, "rounds": 1, "coaching": False}
    room = Room.objects.create(
        code=_room_code(),
        owner=tournament.creator,
        name=f"{tournament.name} #{number}",
        options=options,
        listed=False,
        allow_watching=True,
    )
    Seat.objects.bulk_create(
        Seat(
            room=room,
            index=index,
            user_id=users[entry] if entry is not None else None,
            bot_level="" if entry is not None else BYE_LEVEL,
            ready=True,
            last_seen=now,
        )
        for index, entry in enumerate(seats)
    )
    table = TournamentTable.objects.create(
        tournament=tournament, room=room, number=number, entries=seats, started_at=now
    )
    Entry.objects.filter(pk__in=[e for e in seats if e is not None]).update(waiting_since=None)
    dealing.start_round(room)
    return table


def _room_code() -> str:
    # Drawn as games draws a room's code, again on the rare clash: a clash inside the
    # step's transaction would undo the whole step.
    for _attempt in range(20):
        code = new_room_code()
        if not Room.objects.filter(code=code).exists():
            return code
    return secrets.token_hex(6).upper()


def _end_if_done(tournament: Tournament, now) -> bool:
    """The window closed: nobody is seated any more; once the last table's round has
    ended, the tournament is over and its standings freeze."""
    Entry.objects.filter(tournament=tournament, waiting_since__isnull=False).update(
        waiting_since=None
    )
    if TournamentTable.objects.filter(tournament=tournament, done_at__isnull=True).exists():
        return False
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    return True
