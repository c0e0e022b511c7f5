"""The site rides out its processes' faults: a daphne killed or drained, the worker killed.
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
        "daphne killed",
        "daphne drained (SIGTERM)",
        "worker killed",
    ],
)
def test_the_site_rides_out(fault, own_postgres, tmp_path):
    the_site_rides_out(fault, own_postgres, tmp_path)
