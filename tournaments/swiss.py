"""The Swiss shift (瑞士移位): ``stages`` stages; at each, every table plays the stage's
rounds (``stage_rounds``); then everybody still in is re-seated by standing — 1 to 4 at
the first table, 5 to 8 at the next … — avoiding pairs that already sat together where
a swap between neighbouring tables can (tournaments.seating_plans.swiss_tables), byes
filled by computers when the field is not a multiple of the table's size. After the last
stage the tournament is over. A step of the clock."""

from collections import Counter

from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.seating_plans import pairs, swiss_tables
from tournaments.standings import standings
from tournaments.tables import next_number, open_table, unseal_stage, users_of


def step(tournament: Tournament, now) -> bool:
    """Seat the next stage once every table of this one is done, or end."""
    if TournamentTable.objects.filter(tournament=tournament, done_at__isnull=True).exists():
        return False
    unseal_stage(tournament, now)  # a duplicate's deals: the stage is over everywhere
    if tournament.stage >= tournament.stages or not _still_in(tournament):
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        return True
    tournament.stage += 1
    tournament.save(update_fields=["stage"])
    ranked = [row.entry_id for row in standings(tournament) if not row.withdrawn]
    users, number = users_of(tournament), next_number(tournament)
    for seats in swiss_tables(ranked, tournament.table_size, _together(tournament)):
        open_table(tournament, number, list(seats), users, now, stage=tournament.stage)
        number += 1
    Entry.objects.filter(tournament=tournament).update(waiting_since=None)
    return True


def _still_in(tournament: Tournament) -> bool:
    return Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True).exists()


def _together(tournament: Tournament) -> dict[frozenset[int], int]:
    """How many stages each pair of entries has sat at one table."""
    counted: Counter = Counter()
    for seats in TournamentTable.objects.filter(tournament=tournament).values_list(
        "entries", flat=True
    ):
        counted.update(pairs(seats))
    return dict(counted)
