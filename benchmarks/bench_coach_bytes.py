"""What the coach's panel (games.table.coaching) adds to the table's updates, in bytes.

    PYTHONPATH=. DJANGO_SETTINGS_MODULE=xuezhan.settings \\
        .venv/bin/python -m benchmarks.bench_coach_bytes --rounds 6 --seed 1

Plays rounds of four 大师 (expert) seats in a room that allows the coach. After every
move (every table update) it renders the table as seat 0's person sees it twice, the
coach switched on and off, and brings two browsers (``games.table.screen.Screen``, as
each table socket keeps one) to it: the bytes each would be sent. Reports, per update,
the extra bytes with the coach on (mean, p99, max), over all updates and over the
updates at which the panel changed; the first whole table's extra bytes; the panel's
own size when shown (raw and gzip-compressed, for a socket that deflates); and the
time to render the panel, 大师's advice included (mean and p99, ms).

Rendered in Chinese (the site's language) from memory: no database is touched.
"""

import argparse
import gzip
import json
import random
import statistics
import time
from types import SimpleNamespace

import django


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else 0.0


def _summary(values: list[float], digits: int = 1) -> dict:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "mean": round(statistics.fmean(values), digits),
        "p99": round(_p99(values), digits),
        "max": round(max(values), digits),
    }


def measure(rounds: int, seed: str) -> dict:
    from django.contrib.auth.models import User
    from django.utils import timezone, translation

    from games.models import Round, Seat
    from games.play.snapshot import TableSnapshot
    from games.players.simulate import play_round
    from games.rules.options import RoomOptions
    from games.rules.round import Round as EngineRound
    from games.table.parts import render_table
    from games.table.screen import Screen

    users = [User(id=i + 1, username=f"player{i}") for i in range(4)]
    options = RoomOptions.from_dict({"coaching": True})
    viewer = SimpleNamespace(is_authenticated=True, pk=1)
    extra_all, extra_changed, first_full, panel_raw, panel_gzip, render_ms = (
        [],
        [],
        [],
        [],
        [],
        [],
    )

    def seats(coach_on: bool) -> tuple:
        found = []
        for index, user in enumerate(users):
            seat = Seat(
                index=index,
                user_id=user.pk,
                auto_play=False,
                online=True,
                coach_for_id=user.pk if coach_on and index == 0 else None,
            )
            seat.user = user
            found.append(seat)
        return tuple(found)

    def show(state, number: int, screens: dict, version: int) -> None:
        """One table update: seat 0's page with the coach on and off."""
        rnd = Round(
            pk=number + 1,
            number=number + 1,
            seed_hash="0" * 64,
            version=version,
            status=Round.Status.PLAYING,
        )
        sent = {}
        for on in (True, False):
            snap = TableSnapshot(
                room_id=1,
                room_code="BENCH1",
                owner_id=1,
                room_status="playing",
                seats=seats(on),
                round=rnd,
                engine=state,
                scores=(0, 0, 0, 0),
                loaded_at=timezone.now(),
            )
            start = time.perf_counter()
            table = render_table(snap, user=viewer, csrf="x" * 64)
            if on:
                render_ms.append((time.perf_counter() - start) * 1000)
            sent[on] = (screens[on].update(table) or "").encode()
            if on and table.parts["me-coach"] != '<div id="me-coach"></div>':
                html = table.parts["me-coach"].encode()
                panel_raw.append(len(html))
                panel_gzip.append(len(gzip.compress(html)))
        extra = len(sent[True]) - len(sent[False])
        if version == 1:
            first_full.append(extra)
        else:
            extra_all.append(extra)
            if b'id="me-coach"' in sent[True]:
                extra_changed.append(extra)

    with translation.override("zh-hans"):
        for number in range(rounds):
            engine = EngineRound.deal(
                seed=f"bench-coach-bytes-{seed}-{number}", dealer=number % 4, options=options
            )
            screens = {True: Screen(), False: Screen()}
            versions = iter(range(1, 10**6))
            show(engine, number, screens, next(versions))
            play_round(
                engine,
                ("expert",) * 4,
                random.Random(number),
                on_applied=lambda state, *_, n=number, s=screens, v=versions: show(
                    state, n, s, next(v)
                ),
            )

    return {
        "rounds": rounds,
        "updates": len(extra_all),
        "extra_bytes_per_update": _summary(extra_all),
        "extra_bytes_per_update_where_the_panel_changed": _summary(extra_changed),
        "extra_bytes_first_whole_table": _summary(first_full),
        "panel_bytes_when_shown": _summary(panel_raw),
        "panel_bytes_when_shown_gzip": _summary(panel_gzip),
        "render_ms_seat_0_with_the_coach_on": _summary(render_ms, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    django.setup()
    print(json.dumps(measure(args.rounds, args.seed), indent=2))


if __name__ == "__main__":
    main()
