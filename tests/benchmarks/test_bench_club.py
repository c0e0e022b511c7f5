"""The club benchmark builds a small club and times its ledger: a change to the standings
or to the rounds' tables that the benchmark does not follow fails here, not on the day
someone needs its figures at 500 members and 50,000 rounds."""

import re
import subprocess
import sys

from harness import ROOT


def test_the_club_benchmark_builds_a_club_and_times_its_ledger_in_few_queries():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.bench_club",
            *("--members", "9", "--tables", "2", "--rounds", "120", "--days", "70"),
            *("--runs", "2", "--states", "4"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    assert "a club of 9 members, 2 tables, 15 rooms, 120 rounds over 70 days" in out
    queries = dict(re.findall(r"^(.+?)\s{2,}.*queries (\d+)$", out, re.MULTILINE))
    assert len(queries) == 13, out
    page = queries.pop("the club's page (owner: admin parts too)")
    monthly_page = queries.pop("the page of a monthly club, last month shown")
    for what, count in queries.items():
        if what.startswith(("past", "a member")):
            assert count == "1", what
        else:  # the days that are over and today: seats, payments, wins; then 3 more
            assert 1 <= int(count) <= 9, what
    # The page: its session and user, the club and membership, the tables with their
    # waiting rooms and seats, the members, the standings, the admin parts; a constant.
    assert 10 <= int(page) <= 40, out
    assert int(monthly_page) <= int(page), out
    # The whole of last month is among the 70 days: 28 days at least, 48 rounds or more.
    last_month = re.search(r"^standings, last month .*?(\d+) rounds +(\d+) rows", out, re.M)
    assert int(last_month[1]) >= 48 and int(last_month[2]) == 9, out
