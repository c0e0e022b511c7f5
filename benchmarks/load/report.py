"""The load benchmark's report: a Markdown table, one row per table count, and details."""

import math
import subprocess
from pathlib import Path


def fmt(value, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f}"


def quartet(s: dict) -> str:
    return "/".join(fmt(s[k]) for k in ("p50", "p90", "p99", "max"))


HEADER = (
    "| tables | moves/s | own update ms p50/p90/p99/max | other 3 updated ms p50/p90/p99/max "
    "| refused | 5xx | ws err | timeouts | server CPU s/s | server CPU ms/move "
    "| server max RSS MB | loadgen CPU s/s | queries/move "
    "| bytes/update p50/mean/p90 | bytes/move |"
)


def row(r: dict) -> str:
    if "failed" in r:
        return f"| {r['tables']} | failed: {r['failed'][:200]} |"
    e = r["errors"]
    servers = {k: v for k, v in r["processes"].items() if k != "loadgen"}
    rss = max((v["max_rss_mb"] for v in servers.values()), default=None)
    u = r["update_bytes"]
    return (
        f"| {r['tables']} | {fmt(r['moves_per_second'], 1)} | {quartet(r['own_update_ms'])} "
        f"| {quartet(r['others_updated_ms'])} | {e['refused']} | {e['http_5xx']} "
        f"| {e['ws_total']} | {e['timeouts']} | {fmt(r['server_cpu_seconds_per_second'], 2)} "
        f"| {fmt(r['server_cpu_ms_per_move'], 1)} | {fmt(rss)} "
        f"| {fmt(r['processes']['loadgen']['cpu_per_second'], 2)} "
        f"| {fmt(r['queries_per_move'], 1)} "
        f"| {fmt(u['median'])}/{fmt(u['mean'])}/{fmt(u['p90'])} "
        f"| {fmt(r['bytes_per_move'])} |"
    )


def details(r: dict) -> str:
    if "failed" in r:
        return ""
    e = r["errors"]
    procs = ", ".join(
        f"{k} {v['cpu_per_second']:.2f} s/s {v['max_rss_mb']:.0f} MB"
        for k, v in r["processes"].items()
    )
    lines = [
        f"- {r['tables']} tables: {r['tables_started']} started in {r['setup_seconds']} s, "
        f"{r['people_warm']}/{r['people']} people at version ≥ 1 when the window opened; "
        f"{r['moves']} moves, {r['commands_sent']} commands sent, "
        f"{r['rounds_ended']} rounds ended; page load ms p50/p90 "
        f"{fmt(r['page_load_ms']['p50'])}/{fmt(r['page_load_ms']['p90'])}, "
        f"post ms p50/p90 {fmt(r['post_ms']['p50'])}/{fmt(r['post_ms']['p90'])}; "
        f"sign-up {'ok' if r['signup']['ok'] else 'FAILED'} ({r['signup']})",
        f"  processes: {procs}",
    ]
    by_kind = r.get("own_update_ms_by_kind") or {}
    if by_kind:
        lines.append(
            "  own update ms p50/p99 by kind: "
            + ", ".join(
                f"{kind} {fmt(s['p50'])}/{fmt(s['p99'])} ({s['n']})" for kind, s in by_kind.items()
            )
        )
    extra = []
    if e.get("stale"):
        extra.append(f"{e['stale']} clicks the table had moved past (another claim first)")
    if e["refused_by_text"]:
        extra.append(
            "refused: " + "; ".join(f"{n}× {t!r}" for t, n in e["refused_by_text"].items())
        )
    for key in ("http_failures", "ws"):
        if e[key]:
            extra.append(f"{key}: {e[key]}")
    if e["http_4xx"] or e["http_5xx_whole_run"]:
        extra.append(f"HTTP 4xx in window {e['http_4xx']}, 5xx whole run {e['http_5xx_whole_run']}")
    if r["others_missing"]:
        extra.append(f"{r['others_missing']} clicks whose update never reached all three others")
    if e["ready_failures"]:
        extra.append(f"ready failures {e['ready_failures']}")
    if e["setup"]:
        extra.append(f"set-up errors: {e['setup'][:3]}")
    for role, found in r["server_log_problems"].items():
        if found:
            extra.append(
                f"{role} log exceptions: " + "; ".join(f"{n}× {text}" for text, n in found.items())
            )
    if e["ws_whole_run"] != e["ws_total"]:
        extra.append(f"WebSocket errors over the whole run: {e['ws_whole_run']}")
    lines += [f"  {x}" for x in extra]
    return "\n".join(lines)


def git_head(project_dir: Path) -> str:
    try:
        head = subprocess.run(
            ["git", "-C", str(project_dir), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(project_dir), "status", "--porcelain"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
    return head + ("+changes" if dirty else "")
