"""Settings for the server processes of ``harness.stack`` (the load and fault benchmarks,
tests/deploy): the project's own settings, plus a count of every database query the
process runs.

Every new database connection gets an execute wrapper that adds one to a process-wide
counter. When ``XUEZHAN_BENCH_METRICS_DIR`` is set, a daemon thread writes
``{"pid": …, "queries": n, …}`` to ``<dir>/<pid>.json`` every 0.5 s; the benchmark reads
these files before and after its measured window. Nothing here changes what the site
does, so the same file also works against an older checkout (the benchmark copies it
next to that checkout's code when the checkout has no such module).
"""

import json
import os
import sys
import threading
import time

from django.db.backends.signals import connection_created

from xuezhan.settings import *  # noqa: F403

_lock = threading.Lock()
_queries = [0]


def _count_query(execute, sql, params, many, context):
    with _lock:
        _queries[0] += 1
    return execute(sql, params, many, context)


def _on_connection_created(sender, connection, **kwargs) -> None:
    # The same connection object reconnects many times (closed after each request, or
    # after CONN_MAX_AGE): wrap it once.
    if _count_query not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count_query)


connection_created.connect(_on_connection_created, dispatch_uid="xuezhan-bench-load-queries")


def _module_file(name: str) -> str | None:
    module = sys.modules.get(name)
    return getattr(module, "__file__", None)


def _rooms_held() -> int | None:
    """Rooms whose table sockets this process holds (a checkout that has the registry)."""
    module = sys.modules.get("games.table.local_sockets")
    return len(module.rooms()) if module is not None else None


def _write_metrics(directory: str) -> None:
    path = os.path.join(directory, f"{os.getpid()}.json")
    while True:
        data = {
            "rooms_held": _rooms_held(),
            "pid": os.getpid(),
            "queries": _queries[0],
            "time": time.time(),
            "argv": sys.argv,
            "settings_file": _module_file("xuezhan.settings"),
            "games_file": _module_file("games"),
        }
        try:
            with open(path + ".tmp", "w") as out:
                json.dump(data, out)
            os.replace(path + ".tmp", path)
        except OSError:
            pass  # the benchmark removed its directory: nothing left to report to
        time.sleep(0.5)


_METRICS_DIR = os.environ.get("XUEZHAN_BENCH_METRICS_DIR")
if _METRICS_DIR:
    threading.Thread(
        target=_write_metrics, args=(_METRICS_DIR,), name="bench-metrics", daemon=True
    ).start()
