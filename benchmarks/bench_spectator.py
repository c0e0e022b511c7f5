"""What one watcher's socket costs a busy table: render time and bytes per change.

    .venv/bin/python -m benchmarks.bench_spectator [--rounds 5] [--seed 1] [--watchers 3]

Plays rounds in-process (a scratch SQLite database in a temporary folder, no server):
four people, moved by the strong computer player's choices through the same service as
the table's socket. After every change it does what the sockets of one process do: loads
the table once (``load_snapshot``, shared by every socket), then for each viewer renders
the table (``render_table``) and works out the message to send (``Screen.update``), in
the order the sockets would: the four players, then the watchers. It reports, per
change and viewer kind, the time to render and the bytes sent, and the first full table.

A watcher rendering a change after the players finds every public part already rendered
(a seat's hand of backs, its river, the centre: ``games.table.parts`` keeps them per
snapshot and by content). On every other change the first watcher's socket is handled
before the players' ("watcher first"): it renders those parts cold, and the players'
times of those changes are not counted (they would find the parts ready). A player's
time is over all four players, the first of whom renders the public parts.
"""

import argparse
import random
import re
import statistics
import sys
import tempfile
import time

from benchmarks import scratch_site


def setup_django(folder: str) -> None:
    # No waiting out the offer's pause nor the win's: moves back to back.
    scratch_site.setup_django(folder, OFFER_PAUSE_SECONDS=0, WIN_PAUSE_SECONDS=0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, times: list[float], sizes: list[int]) -> str:
    sent = [s for s in sizes if s]
    return (
        f"{name:16} render mean {statistics.mean(times) * 1000:6.3f} ms  "
        f"median {statistics.median(times) * 1000:6.3f}  p95 "
        f"{percentile(times, 0.95) * 1000:6.3f}   bytes/change mean "
        f"{statistics.mean(sizes):7.0f}  median {statistics.median(sizes):6.0f}  "
        f"p95 {percentile(sizes, 0.95):6.0f}  (messages {len(sent)}/{len(sizes)})"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--watchers", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        run(args)


def count_parts(by_part: dict[str, int], parts: dict[str, str], message: str) -> None:
    """Add the bytes of each part ``message`` sends (seats' parts counted together)."""
    for part_id, html in parts.items():
        if f'hx-swap-oob="true" id="{part_id}"' in message:
            name = re.sub(r"seat-\d-", "seat-", part_id)
            by_part[name] = by_part.get(name, 0) + len(html.encode())
        elif 'id="table"' in message:
            by_part["(whole table)"] = by_part.get("(whole table)", 0) + len(html.encode())


def play_one_move(room, users, rng) -> bool:
    """The strong computer's move for whoever the round waits on; False once it ended."""
    from games.models import Round
    from games.play.moves import apply_move
    from games.players.computer import choose_action
    from games.rules.round import Round as EngineRound
    from games.rules.round import action_to_dict

    rnd = Round.objects.filter(room=room).order_by("-number").first()
    if rnd.status == Round.Status.ENDED:
        return False
    engine = EngineRound.from_json(rnd.state)
    seat = engine.waiting_on()[0]
    action = action_to_dict(choose_action(engine, seat, "strong", rng))
    apply_move(room_id=room.pk, user=users[seat], action=action, expected_version=rnd.version)
    return True


def run(args) -> None:
    from django.contrib.auth.models import User
    from django.utils import translation

    from games.play.snapshot import load_snapshot
    from games.rooms.seating import create_room, set_ready, take_seat
    from games.table.parts import render_table
    from games.table.screen import Screen

    rng = random.Random(args.seed)
    people = [
        User.objects.create_user(f"player{i}", password="x-long-password-1") for i in range(4)
    ]
    onlookers = [
        User.objects.create_user(f"watcher{i}", password="x-long-password-1")
        for i in range(args.watchers)
    ]
    room = create_room(owner=people[0], name="bench", options={})
    for user in people[1:]:
        take_seat(room=room, user=user)
    seat_of = {s.user_id: s.index for s in room.seats.all()}
    users = sorted(people, key=lambda u: seat_of[u.pk])  # by seat

    kinds = ["player", "watcher", "watcher (2nd+)", "watcher first"]
    times = {k: [] for k in kinds}
    sizes = {k: [] for k in kinds}
    full = {}
    loads = []
    by_part: dict[str, int] = {}  # the first watcher's bytes, by part (seats together)
    changes = 0
    translation.activate("zh-hans")
    for _ in range(args.rounds):
        for user in users:
            set_ready(room=room, user=user)
        screens = {("p", i): Screen() for i in range(4)}
        screens.update({("w", i): Screen() for i in range(args.watchers)})
        first = True
        while True:
            started = time.perf_counter()
            snap = load_snapshot(room.pk)
            loads.append(time.perf_counter() - started)
            players = [(users[i], ("p", i), "player") for i in range(4)]
            lookers = [
                (onlookers[i], ("w", i), "watcher" if i == 0 else "watcher (2nd+)")
                for i in range(args.watchers)
            ]
            # Every other change, the first watcher's socket is handled before the
            # players': it renders the public parts cold.
            watcher_first = changes % 2 == 1
            order = lookers[:1] + players + lookers[1:] if watcher_first else players + lookers
            for viewer, key, kind in order:
                if watcher_first and kind == "watcher":
                    kind = "watcher first"
                started = time.perf_counter()
                table = render_table(snap, user=viewer, csrf="x" * 32)
                elapsed = time.perf_counter() - started
                message = screens[key].update(table)
                size = len((message or "").encode())
                if kind.startswith("watcher") and key == ("w", 0) and not first and message:
                    count_parts(by_part, table.parts, message)
                if first:
                    full.setdefault(kind, []).append(size)
                    continue
                sizes["watcher" if kind == "watcher first" else kind].append(size)
                if kind == "watcher first":
                    sizes[kind].append(size)
                if not (watcher_first and kind == "player"):
                    times[kind].append(elapsed)
            first = False
            if not play_one_move(room, users, rng):
                break
            changes += 1

    print(
        f"python {sys.version.split()[0]}; {args.rounds} rounds, {changes} changes; "
        f"1 load per change (shared by every socket): mean "
        f"{statistics.mean(loads) * 1000:.3f} ms"
    )
    for kind in kinds:
        print(summary(kind, times[kind], sizes[kind]))
    watched = len(sizes["watcher"])
    print(
        "a watcher's bytes per change, by part: "
        + ", ".join(
            f"{name} {total / watched:.0f}"
            for name, total in sorted(by_part.items(), key=lambda item: -item[1])
        )
    )
    for kind, values in full.items():
        print(f"first full table, {kind:8}: {statistics.mean(values) / 1024:6.1f} KiB")


if __name__ == "__main__":
    main()
