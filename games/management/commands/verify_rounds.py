"""`manage.py verify_rounds [--round ID]`: replay rounds from their seeds and event logs
and compare with the stored state and ledger. Exits 1 if any round disagrees.

It can run on a live site: each round is read in one transaction that sees one snapshot
of the database (REPEATABLE READ on PostgreSQL; SQLite's read transactions are
snapshots already), so a move committed while a round is being checked is either wholly
in what it reads (state, events and ledger) or wholly absent, never half-written."""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from games.history.replay import check
from games.models import Round


def check_in_one_snapshot(round_id: int):
    """The check of one round, every row of it read in one snapshot; None if the round
    is gone."""
    # Inside a caller's transaction (a test's), that transaction's snapshot holds.
    own_transaction = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and own_transaction:
            # The first statement of the transaction: its snapshot is taken at the first
            # query after this and held until the end.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        rnd = Round.objects.select_related("room").filter(pk=round_id).first()
        if rnd is None:
            return None
        return check(rnd)


class Command(BaseCommand):
    help = "Check that every round's event log replays to its stored state and ledger."

    def add_arguments(self, parser):
        parser.add_argument("--round", type=int, action="append", dest="rounds")

    def handle(self, *args, rounds=None, **options):
        queryset = Round.objects.order_by("pk")
        if rounds:
            queryset = queryset.filter(pk__in=rounds)
        bad = 0
        for round_id in queryset.values_list("pk", flat=True):
            result = check_in_one_snapshot(round_id)
            if result is None:
                continue  # deleted since the list was read (its room was closed)
            rnd = result.round
            status = "ok" if result.ok else "MISMATCH: " + "; ".join(result.problems)
            self.stdout.write(
                f"round {rnd.pk} ({rnd.room.code} #{rnd.number}, "
                f"{rnd.status}, version {rnd.version}): {status}"
            )
            bad += not result.ok
        if bad:
            raise CommandError(f"{bad} round(s) do not replay to their stored state")
