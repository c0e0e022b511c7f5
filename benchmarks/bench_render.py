"""What rendering one change costs the four seated players' sockets of a table.

    .venv/bin/python -m benchmarks.bench_render [--rounds 8] [--seed 1] [--language zh-hans]

Plays rounds in-process (a scratch SQLite database in a temporary folder, no server):
four people, moved by the strong computer player's choices through the same service as
the table's socket. After every change it loads the table (``load_snapshot``: a fresh
snapshot, nothing remembered in it, as on the site after each change; not timed), then
times (in CPU time) ``render_table`` for each of the four seated players in turn, as their sockets
would. The parts remembered across changes (``games.table.part_cache``) stay, as in a
running process. It reports µs per change for the four players together.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time

from benchmarks import scratch_site
from benchmarks.bench_spectator import percentile, play_one_move


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="zh-hans")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        # No waiting out the offer's pause nor the win's: moves back to back.
        scratch_site.setup_django(folder, OFFER_PAUSE_SECONDS=0, WIN_PAUSE_SECONDS=0)
        run(args)


def run(args) -> None:
    from django.contrib.auth.models import User
    from django.utils import translation

    from games.play.snapshot import load_snapshot
    from games.rooms.seating import create_room, set_ready, take_seat
    from games.table.parts import render_table

    rng = random.Random(args.seed)
    people = [
        User.objects.create_user(f"player{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=people[0], name="bench", options={})
    for user in people[1:]:
        take_seat(room=room, user=user)
    seat_of = {s.user_id: s.index for s in room.seats.all()}
    users = sorted(people, key=lambda u: seat_of[u.pk])
    per_change: list[float] = []
    translation.activate(args.language)
    for _ in range(args.rounds):
        for user in users:
            set_ready(room=room, user=user)
        while True:
            # Timed once: a second render of the same change would find its parts
            # remembered (the centre's countdown too), which no socket does.
            snap = load_snapshot(room.pk)
            # The thread's CPU time: what the server spends, whatever else the machine runs.
            started = time.thread_time()
            for user in users:
                render_table(snap, user=user, csrf="x" * 32)
            per_change.append(time.thread_time() - started)
            if not play_one_move(room, users, rng):
                break
    micro = [t * 1e6 for t in per_change]
    print(
        f"python {sys.version.split()[0]}; {args.rounds} rounds, {len(micro)} changes, "
        f"{args.language}; four seated players' renders per change: mean "
        f"{statistics.mean(micro):.0f} µs, median {statistics.median(micro):.0f}, "
        f"p95 {percentile(micro, 0.95):.0f}"
    )


if __name__ == "__main__":
    main()
