"""The site rides out its services' faults: Redis and PostgreSQL restarted or away.
The scenario and what it checks: tests/deploy/faults.py. They run with the real services
(the PostgreSQL phase of .ci/run), where nginx is installed too."""

import pytest

from tests.deploy.marks import with_real_services_and_nginx

pytest.importorskip("aiohttp")

from tests.deploy.faults import the_site_rides_out  # noqa: E402

pytestmark = with_real_services_and_nginx


@pytest.mark.parametrize(
    "fault",
    [
        "redis restart (down 2 s)",
        # A table's sockets over both web processes (as during a drain): its moves reach
        # the other process only through the Redis that restarts.
        "redis restart, sockets split (down 2 s)",
        "postgres restart (down 5 s)",
        "postgres away 25 s",
    ],
)
def test_the_site_rides_out(fault, own_postgres, tmp_path):
    the_site_rides_out(fault, own_postgres, tmp_path)
