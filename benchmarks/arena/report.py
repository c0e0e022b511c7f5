"""The arena benchmark's short report for a person: the figures, the plain load
benchmark's CPU per move beside them, and the goal's three checks."""

from benchmarks.load.report import fmt

LATENCY_GOAL_S = 1.0  # the leaderboard counts a round within 1 s of its end


def _spread(s: dict, digits: int = 2, unit: str = "") -> str:
    keys = ("median", "p95", "max")
    return "/".join(fmt(s[k], digits) for k in keys) + unit + f" (n {s['n']})"


def verdict(r: dict) -> list[tuple[str, bool]]:
    """The goal: no error, every table moving, the leaderboard within 1 s of a round."""
    latency = r["leaderboard_latency_s"]
    return [
        ("no error", r["error_total"] == 0),
        (
            "every table moving",
            r["stalls"] == 0 and not r["tables_never_moved"] and r["moves"] > 0,
        ),
        (
            f"leaderboard within {LATENCY_GOAL_S:g} s of each round's end",
            latency["n"] > 0
            and latency["max"] is not None
            and latency["max"] <= LATENCY_GOAL_S
            and r["leaderboard_never_counted"] == 0,
        ),
    ]


def text(r: dict) -> str:
    if "failed" in r:
        return f"arena: FAILED: {r['failed']}"
    e = r["errors"]
    tip = r["tables_in_play"]
    daphne = {k: v for k, v in r["processes"].items() if k not in ("loadgen", "proxy")}
    lines = [
        f"arena of {r['players']} players, {r['window_seconds']:.0f} s measured "
        f"(set-up {r['setup_seconds']} s, {r['players_seated_when_the_window_opened']} seated "
        f"when the window opened)",
        f"  moves {r['moves']} ({fmt(r['moves_per_second'], 1)}/s), rounds ended "
        f"{r['rounds_ended']}, tables opened {r['tables_opened']}, in play at once max "
        f"{fmt(tip['max'])} median {fmt(tip['median'], 1)}",
        f"  server CPU {fmt(r['server_cpu_ms_per_move'], 1)} ms/move "
        f"({fmt(r['server_cpu_seconds_per_second'], 2)} s/s; "
        + ", ".join(f"{k} max RSS {v['max_rss_mb']:.0f} MB" for k, v in daphne.items())
        + f"), loadgen {fmt(r['processes']['loadgen']['cpu_per_second'], 2)} s/s, "
        f"{fmt(r['queries_per_move'], 1)} queries/move",
    ]
    load = r.get("plain_load")
    if load:
        if "failed" in load:
            lines.append(f"  plain load benchmark: FAILED: {load['failed'][:300]}")
        else:
            lines.append(
                f"  plain load benchmark, {load['tables']} tables, {load['window_seconds']:.0f} s: "
                f"server CPU {fmt(load['server_cpu_ms_per_move'], 1)} ms/move "
                f"({fmt(load['moves_per_second'], 1)} moves/s)"
            )
    lines += [
        "  leaderboard after a round's end s median/p95/max "
        + _spread(r["leaderboard_latency_s"])
        + f", min {fmt(r['leaderboard_latency_s']['min'], 3)}; never counted "
        f"{r['leaderboard_never_counted']}; {r['leaderboard_frames']} frames of "
        f"{fmt(r['leaderboard_frame_bytes_mean'])} bytes",
        "  wait for a table s median/p95/max " + _spread(r["wait_for_a_table_s"]),
        "  longest gap between a table's moves s median/p95/max "
        + _spread(r["longest_gap_between_moves_s"])
        + f"; stalls (> {r['stall_seconds']:g} s) {r['stalls']}"
        + (f", tables never moved {r['tables_never_moved']}" if r["tables_never_moved"] else ""),
        "  first move after the seating s median/p95/max: at the start "
        + _spread(r["first_move_after_seating_s"]["start"])
        + ", in the window "
        + _spread(r["first_move_after_seating_s"]["window"]),
        "  the way there, median/p95/max s: "
        + "; ".join(
            f"{when}: "
            + ", ".join(
                f"{step} {_spread(spread)}"
                for step, spread in r["way_to_the_table_s"][when].items()
            )
            for when in ("start", "window")
        ),
        "  own update ms p50/p90/p99/max "
        + "/".join(fmt(r["own_update_ms"][k]) for k in ("p50", "p90", "p99", "max")),
        f"  errors {r['error_total']}: refused {e['refused']}, 5xx {e['http_5xx_whole_run']}, "
        f"4xx {e['http_4xx']}, ws {e['ws_whole_run']}, timeouts {e['timeouts']}, stale clicks "
        f"{e['stale']} (not errors)",
    ]
    for key in ("refused_by_text", "http_failures", "ws", "board", "tables"):
        if e[key]:
            lines.append(f"    {key}: {e[key]}")
    for role, found in r.get("server_log_problems", {}).items():
        if found:
            lines.append(f"    {role} log: " + "; ".join(f"{n}× {t}" for t, n in found.items()))
    for stall in r["stalls_whole_run"][:5]:
        lines.append(f"    stall: {stall}")
    lines += [f"  {'ok  ' if ok else 'FAIL'} {what}" for what, ok in verdict(r)]
    return "\n".join(lines)
