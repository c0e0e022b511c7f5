"""What one person's sets of deals cost everybody else's writes: while ``--sets`` sets of
``--deals`` deals are made at once (``challenge.friends.create``, each playing 大师's
games of its deals: the pars), another person takes a seat at a table of their own and
leaves it again, every ``--interval`` seconds.

    .venv/bin/python -m benchmarks.bench_deal_sets [--sets 5] [--deals 8] [--interval 0.05]

In one process on a scratch SQLite file database (as ``make run`` serves), one thread per
set and one for the other person. Reports the milliseconds each of the other person's
writes took (p50, p99, worst, over the time the sets were being made), how long the sets
took, how many were made and refused, and every error met (a "database is locked" is a
500 on the site).
"""

import argparse
import statistics
import tempfile
import threading
import time
from collections import Counter

from benchmarks import scratch_site


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=5)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--interval", type=float, default=0.05)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        scratch_site.setup_django(folder, BOT_DELAY_SECONDS=0)
        from django.contrib.auth.models import User
        from django.db import connection

        from challenge import friends
        from games.play.errors import ServiceError
        from games.rooms import seating

        owner = User.objects.create_user("bench-owner", password="x-long-password-1")
        other = User.objects.create_user("bench-other", password="x-long-password-1")
        host = User.objects.create_user("bench-host", password="x-long-password-1")
        room = seating.create_room(owner=host, name="bench", options={})

        errors: Counter[str] = Counter()
        latencies: list[float] = []
        outcomes: Counter[str] = Counter()
        done = threading.Event()

        def make_set() -> None:
            try:
                friends.create(owner=owner, name="bench", count=args.deals)
                outcomes["made"] += 1
            except ServiceError:
                outcomes["refused"] += 1
            except Exception as error:  # a 500 on the site
                errors[f"set: {type(error).__name__}: {error}"] += 1
            finally:
                connection.close()

        def write_meanwhile() -> None:
            sitting = False
            try:
                while not done.is_set():
                    start = time.perf_counter()
                    try:
                        if sitting:
                            seating.leave_seat(room=room, user=other)
                        else:
                            seating.take_seat(room=room, user=other)
                        sitting = not sitting
                    except Exception as error:
                        errors[f"write: {type(error).__name__}: {error}"] += 1
                    latencies.append((time.perf_counter() - start) * 1000)
                    time.sleep(args.interval)
            finally:
                connection.close()

        writer = threading.Thread(target=write_meanwhile)
        makers = [threading.Thread(target=make_set) for _ in range(args.sets)]
        writer.start()
        started = time.perf_counter()
        for thread in makers:
            thread.start()
        for thread in makers:
            thread.join()
        took = time.perf_counter() - started
        done.set()
        writer.join()
        print(
            f"{args.sets} sets of {args.deals} deals at once: {took:.1f} s "
            f"({outcomes['made']} made, {outcomes['refused']} refused)"
        )
        if latencies:
            print(
                f"the other person's writes meanwhile ({len(latencies)}, every "
                f"{args.interval * 1000:.0f} ms): p50 {statistics.median(latencies):.0f} ms, "
                f"p99 {percentile(latencies, 0.99):.0f} ms, "
                f"worst {max(latencies):.0f} ms"
            )
        print(
            "errors: "
            + (
                "none"
                if not errors
                else "; ".join(f"{count}× {text}" for text, count in errors.most_common())
            )
        )


if __name__ == "__main__":
    main()
