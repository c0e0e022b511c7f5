"""What the daily challenge and a set of deals for friends cost to make: the day's deal
is made by its first visitor, whose page waits for 大师's own game of it (the par); a
set of deals waits for 大师's games of every deal.

    .venv/bin/python -m benchmarks.bench_challenge [--days 20] [--sets 3] [--deals 8]

In one process on a scratch SQLite database (as ``make run`` serves), through the same
service the pages call (``challenge.days.challenge_of``, ``challenge.friends.create``):
reports the milliseconds to make a day (mean, worst) and a set (mean, worst), and the
moves 大师 played for each.
"""

import argparse
import statistics
import tempfile
import time
from datetime import timedelta

from benchmarks import scratch_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--sets", type=int, default=3)
    parser.add_argument("--deals", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        scratch_site.setup_django(folder, BOT_DELAY_SECONDS=0)
        from django.contrib.auth.models import User

        from challenge import days, friends

        day_ms, day_moves = [], []
        for offset in range(args.days):
            start = time.perf_counter()
            challenge = days.challenge_of(days.local_day() + timedelta(days=offset))
            day_ms.append((time.perf_counter() - start) * 1000)
            day_moves.append(challenge.expert_round.version)
        owner = User.objects.create_user("bench", password="x-long-password-1")
        set_ms = []
        for _ in range(args.sets):
            start = time.perf_counter()
            friends.create(owner=owner, name="bench", count=args.deals)
            set_ms.append((time.perf_counter() - start) * 1000)
        print(
            f"a day's deal: {statistics.mean(day_ms):.0f} ms mean, {max(day_ms):.0f} ms "
            f"worst over {args.days} days ({statistics.mean(day_moves):.0f} moves of 大师 "
            "each on average)"
        )
        print(
            f"a set of {args.deals} deals: {statistics.mean(set_ms):.0f} ms mean, "
            f"{max(set_ms):.0f} ms worst over {args.sets} sets"
        )


if __name__ == "__main__":
    main()
