"""Load benchmark: many tables of four simulated people playing over HTTP and WebSockets
(the code is in benchmarks/load/; ``--help`` for the options).

    .venv/bin/python -m benchmarks.bench_load --tables 1,5,10,25,50 \\
        [--mode default|services] [--processes 1|2] [--seconds 20] [--think 0.2] \\
        [--seed 1] [--offer-pause 1.0] [--idle] [--json out.json] [--project-dir DIR]
"""

import sys

from benchmarks.load.cli import main

if __name__ == "__main__":
    sys.exit(main())
