"""A tournament's tables, whatever its format: opening one (a room of the tournament's
rules, its seats taken by the entries the clock chose, dealt at once), moving it on from
one round to the next of its stage, and taking its people back once its last round has
ended (out after ``MISSED_ROUNDS_OUT`` rounds in a row the computer played for them).
A table moves on only once its settlement has been shown for ``settlement_seconds()``.
Called by the clock inside its step's transaction (tournaments.clock)."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Count, Max, Q

from games.models import Event, Room, Round, Seat, insert_room
from games.play import dealing
from tournaments.models import Entry, Tournament, TournamentTable

BYE_LEVEL = "strong"  # the computer that fills a seat nobody takes
MISSED_ROUNDS_OUT = 2  # rounds in a row played wholly by the computer: withdrawn
# A duplicate table's seal, longer than any stage: the stage's end lifts it (unseal_stage).
SEALED_FOR_A_STAGE = timedelta(days=7)


def rounds_at_a_table(tournament: Tournament) -> int:
    """An arena's table plays one round; a Swiss shift's, the stage's rounds."""
    return tournament.stage_rounds if tournament.staged else 1


def settlement_seconds() -> float:
    """How long a table shows the settlement of a round before it moves on: its players
    see who won and every payment (as at any table) before the next deal, or before
    their page takes them back to the tournament's (games.rooms.homes). The leaderboard
    counts the round at once (tournaments.clock.rooms_changed)."""
    return settings.TOURNAMENT_SETTLEMENT_SECONDS


def expected_by(now):
    """When the players seated at a new table at ``now`` are expected there: the way to a
    table (its page, its socket) takes a few seconds, longest when a whole field is seated
    at once. Their seats count them as seen then, so that the absence's grace
    (games.play.deadlines.is_away) starts from that moment: the computer does not choose
    the 定缺 of a player still on the way, and a no-show is played by it soon after."""
    return now + timedelta(seconds=settings.TOURNAMENT_ARRIVAL_SECONDS)


def take_back(tournament: Tournament, now) -> bool:
    """Each table whose round ended at least ``settlement_seconds()`` ago: its next round
    dealt (a stage of several), or its people back, waiting (or out). Whether anything
    changed."""
    shown_since = now - timedelta(seconds=settlement_seconds())
    ended = (
        TournamentTable.objects.filter(tournament=tournament, done_at__isnull=True)
        .exclude(room__rounds__status=Round.Status.PLAYING)
        .annotate(played=Count("room__rounds"), ended_at=Max("room__rounds__ended_at"))
        .filter(played__gte=1)
        # (A round ended by the rules always has its time; none: long enough.)
        .filter(Q(ended_at__lte=shown_since) | Q(ended_at__isnull=True))
        .select_related("room")
    )
    found = False
    for table in ended:
        found = True
        rnd = Round.objects.filter(room=table.room).order_by("-number").first()
        for seat, entry_id in enumerate(table.entries):
            if entry_id is not None:
                _count_missed(entry_id, _played_themselves(rnd, seat), now)
        if table.played < rounds_at_a_table(tournament):
            Seat.objects.filter(room=table.room).update(ready=True)
            dealing.start_round(table.room)
            continue
        _free(table, now)
    return found


def _free(table: TournamentTable, now) -> None:
    table.done_at = now
    table.save(update_fields=["done_at"])
    Room.objects.filter(pk=table.room_id).update(status=Room.Status.CLOSED)
    people = [e for e in table.entries if e is not None]
    Entry.objects.filter(pk__in=people, withdrawn_at__isnull=True).update(waiting_since=now)


def _played_themselves(rnd: Round, seat: int) -> bool:
    """Did the person at ``seat`` make a move of ``rnd`` themselves (not the computer on
    托管, not a deadline's)?"""
    moves = Event.objects.filter(round=rnd, seat=seat, kind="action")
    return moves.exclude(data__has_key="by").exists()


def _count_missed(entry_id: int, played: bool, now) -> None:
    entry = Entry.objects.select_for_update().get(pk=entry_id)
    entry.missed = 0 if played else entry.missed + 1
    if entry.withdrawn_at is None and entry.missed >= MISSED_ROUNDS_OUT:
        entry.withdrawn_at, entry.waiting_since = now, None
    entry.save(update_fields=["missed", "withdrawn_at", "waiting_since"])


def open_table(
    tournament, number: int, seats: list, users: dict, now, stage: int = 0
) -> TournamentTable:
    """A room of the tournament's rules for the table's rounds, its seats taken by
    ``seats`` (entry ids; None a computer), dealt at once. A duplicate table is sealed
    (its deals are everybody's: tournaments.duplicate), its first player its owner."""
    options = {**tournament.options, "rounds": rounds_at_a_table(tournament), "coaching": False}
    duplicate = tournament.format == Tournament.Format.DUPLICATE
    people = [users[entry] for entry in seats if entry is not None]
    room = insert_room(
        owner_id=people[0] if duplicate else tournament.creator_id,
        name=f"{tournament.name} #{number}",
        options=options,
        listed=False,
        # A duplicate table is its players' only until its stage is over (unseal_stage):
        # until then a slower table may still have to begin one of its deals.
        allow_watching=True,
        sealed_until=now + SEALED_FOR_A_STAGE if duplicate else None,
    )
    if room is None:  # five codes in a row taken: the step is tried again at the next tick
        raise RuntimeError("no free room code")
    Seat.objects.bulk_create(
        Seat(
            room=room,
            index=index,
            user_id=users[entry] if entry is not None else None,
            bot_level="" if entry is not None else BYE_LEVEL,
            ready=True,
            last_seen=expected_by(now),
        )
        for index, entry in enumerate(seats)
    )
    table = TournamentTable.objects.create(
        tournament=tournament,
        room=room,
        number=number,
        stage=stage,
        entries=seats,
        started_at=now,
    )
    Entry.objects.filter(pk__in=[e for e in seats if e is not None]).update(waiting_since=None)
    dealing.start_round(room)
    return table


def unseal_stage(tournament: Tournament, now) -> None:
    """Every table of the stages played is done: their deals are nobody's secret any
    more (a round still played on one of their seeds keeps it: ``Room.is_sealed``)."""
    Room.objects.filter(tournament_table__tournament=tournament, sealed_until__gt=now).update(
        sealed_until=now
    )


def users_of(tournament: Tournament) -> dict[int, int]:
    return dict(Entry.objects.filter(tournament=tournament).values_list("pk", "user_id"))


def next_number(tournament: Tournament) -> int:
    return TournamentTable.objects.filter(tournament=tournament).count() + 1
