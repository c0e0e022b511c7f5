"""`manage.py verify_rounds [--round ID]`: replay rounds from their seeds and event logs
and compare with the stored state and ledger. Exits 1 if any round disagrees."""

from django.core.management.base import BaseCommand, CommandError

from games.history.replay import check
from games.models import Round


class Command(BaseCommand):
    help = "Check that every round's event log replays to its stored state and ledger."

    def add_arguments(self, parser):
        parser.add_argument("--round", type=int, action="append", dest="rounds")

    def handle(self, *args, rounds=None, **options):
        queryset = Round.objects.select_related("room").order_by("pk")
        if rounds:
            queryset = queryset.filter(pk__in=rounds)
        bad = 0
        for rnd in queryset:
            result = check(rnd)
            status = "ok" if result.ok else "MISMATCH: " + "; ".join(result.problems)
            self.stdout.write(f"round {rnd.pk} ({rnd.room.code} #{rnd.number}, "
                              f"{rnd.status}, version {rnd.version}): {status}")
            bad += not result.ok
        if bad:
            raise CommandError(f"{bad} round(s) do not replay to their stored state")
