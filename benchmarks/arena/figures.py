"""An arena run's figures, as one dict (the JSON report): moves and CPU per move as the
load benchmark counts them, the rounds, the leaderboard's latency after each round, the
tables in play, the stalls and every error."""

import statistics

from benchmarks.load.measures import percentile, summary


def spread(values: list[float], digits: int = 3) -> dict:
    """n, median, p95, max (and min: a leaderboard may beat the table's own frame)."""

    def rounded(value):
        return None if value is None else round(value, digits)

    return {
        "n": len(values),
        "median": rounded(statistics.median(values)) if values else None,
        "p95": rounded(percentile(values, 95)),
        "max": rounded(max(values)) if values else None,
        "min": rounded(min(values)) if values else None,
    }


def leaderboard_latency(run) -> tuple[list[float], int, int]:
    """Seconds from a round's settlement reaching a player to their row of the
    leaderboard counting it, for every player's round settled in the window; with how
    many such rounds it never counted, and how many it counted without a settlement
    frame (the player left the table first)."""
    latencies, never, unsettled = [], 0, 0
    end = run.stats.window[1]
    for player in run.players:
        for visit in player.visits:
            if visit.settled_at is None:
                if visit.counted_at is not None and run.stats.in_window(visit.counted_at):
                    unsettled += 1
                continue
            if not run.stats.in_window(visit.settled_at):
                continue
            if visit.counted_at is not None:
                latencies.append(visit.counted_at - visit.settled_at)
            elif visit.settled_at < end:
                never += 1
    return latencies, never, unsettled


def first_moves(tables, which) -> list[float]:
    return [t.first_move_at - t.opened_at for t in tables if which(t) and t.first_move_at]


def way_to_the_table(run, which) -> dict:
    """Each step of a player's way from the seating seen on the leaderboard to the table's
    first frame on its socket (s): the page, the socket's handshake, the first frame."""
    visits = [v for p in run.players for v in p.visits if which(v.seen_at)]
    steps = (("page", "seen_at", "page_at"), ("socket", "page_at", "socket_at"))
    steps += (("first_frame", "socket_at", "frame_at"),)
    return {
        name: spread(
            [
                getattr(v, end) - getattr(v, start)
                for v in visits
                if getattr(v, start) is not None and getattr(v, end) is not None
            ],
            2,
        )
        for name, start, end in steps
    }


def report(
    run,
    *,
    elapsed: float,
    cpu: dict,
    queries: int,
    setup_seconds: float,
    seated_at_start: int,
    first_seating: list[float],
) -> dict:
    stats = run.stats
    tables = list(run.tables.values())
    moves = sum(t.moves_in_window for t in tables)
    server_cpu = sum(v["cpu_seconds"] for k, v in cpu.items() if k not in ("loadgen", "proxy"))
    latencies, never, unsettled = leaderboard_latency(run)
    in_play = run.in_play_samples
    moved = [t for t in tables if t.moves_in_window]
    # A table seated in the window's last seconds has had no time for a first move: it
    # counts as never moving only once it has had as long as a stall allows (a table that
    # waits longer anywhere in the run is a stall, counted as one).
    never_moved = [
        t.code
        for t in tables
        if t.moves == 0 and t.opened_at <= stats.window[1] - run.stall_seconds
    ]
    stalls_in_window = [s for s in run.stalls if s["in_window"]]
    return {
        "players": run.player_count,
        "tournament": run.code,
        "tournament_status_at_end": run.board_status,
        "setup_seconds": round(setup_seconds, 2),
        "players_seated_when_the_window_opened": seated_at_start,
        "first_seating_seconds": spread(first_seating),
        "window_seconds": round(elapsed, 3),
        "moves": moves,
        "moves_per_second": moves / elapsed,
        "rounds_ended": run.rounds_in_window,
        "tables_opened": len(tables),
        "tables_that_moved_in_window": len(moved),
        "tables_never_moved": never_moved,
        "tables_in_play": {
            "max": max(in_play) if in_play else None,
            "median": statistics.median(in_play) if in_play else None,
            "min": min(in_play) if in_play else None,
            "samples": len(in_play),
        },
        "stall_seconds": run.stall_seconds,
        "stalls": len(stalls_in_window),
        "stalls_whole_run": run.stalls,
        "longest_gap_between_moves_s": spread([t.max_gap for t in tables], 2),
        # From a player seeing the seating on the leaderboard to the table's first move:
        # the tables of the start (everybody at once), then those opened in the window.
        "first_move_after_seating_s": {
            "start": spread(first_moves(tables, lambda t: t.opened_at < stats.window[0]), 2),
            "window": spread(first_moves(tables, lambda t: stats.in_window(t.opened_at)), 2),
        },
        "way_to_the_table_s": {
            "start": way_to_the_table(run, lambda t: t < stats.window[0]),
            "window": way_to_the_table(run, stats.in_window),
        },
        "leaderboard_latency_s": spread(latencies),
        "leaderboard_never_counted": never,
        "leaderboard_counted_without_settlement": unsettled,
        "leaderboard_frames": run.board_frames,
        "leaderboard_frame_bytes_mean": (
            run.board_bytes / run.board_frames if run.board_frames else None
        ),
        "wait_for_a_table_s": spread(run.waits, 2),
        "commands_sent": stats.sent_in_window,
        "own_update_ms": summary([c.own_ms for c in stats.clicks]),
        "errors": {
            "refused": sum(stats.refused.values()),
            "refused_by_text": dict(stats.refused.most_common()),
            "stale": sum(stats.stale.values()),
            "http_5xx_whole_run": stats.http_5xx_total,
            "http_4xx": sum(n for s, n in stats.http_status.items() if 400 <= s < 500),
            "http_failures": dict(stats.http_failures),
            "ws": dict(stats.ws_errors),
            "ws_whole_run": stats.ws_errors_total,
            "timeouts": stats.timeouts,
            "board": dict(run.board_errors),
            "tables": dict(run.table_errors),
        },
        "processes": cpu,
        "server_cpu_seconds_per_second": server_cpu / elapsed,
        "server_cpu_ms_per_move": server_cpu * 1000 / moves if moves else None,
        "queries_per_move": queries / moves if moves else None,
        "page_load_ms": summary(stats.page_loads),
    }


def error_count(result: dict, log_problems: dict) -> int:
    """Every error of a run: HTTP and socket failures, refusals, timeouts, the
    leaderboard's and the tables' problems, and the server logs' tracebacks (stale clicks
    are no error: another claim came first)."""
    e = result["errors"]
    return (
        e["refused"]
        + e["http_5xx_whole_run"]
        + e["http_4xx"]
        + sum(e["http_failures"].values())
        + e["ws_whole_run"]
        + e["timeouts"]
        + sum(e["board"].values())
        + sum(e["tables"].values())
        + sum(n for found in log_problems.values() for n in found.values())
    )
