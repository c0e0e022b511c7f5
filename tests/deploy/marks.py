"""When the deployment's heavier tests run: with the real services (the PostgreSQL phase
of .ci/run, where they start their own PostgreSQL and Redis beside it) and nginx."""

import os

import pytest

NGINX = "/usr/sbin/nginx"

needs_nginx = pytest.mark.skipif(
    not os.path.exists(NGINX), reason="needs nginx (apt-get install nginx-light)"
)

with_real_services_and_nginx = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="the deployment's tests run with the real services "
        "(make test with DATABASE_URL=postgres://…, as .ci/run does)",
    ),
    needs_nginx,
]
