import pytest

from harness.services import OwnPostgres, OwnRedis, Unavailable

# The faults' scenario asserts in a helper module: pytest explains its failures too.
pytest.register_assert_rewrite("tests.deploy.faults")


@pytest.fixture
def own_redis():
    try:
        redis = OwnRedis()
    except Unavailable as exc:
        pytest.skip(str(exc))
    redis.start()
    yield redis
    redis.stop()


@pytest.fixture(scope="module")
def own_postgres():
    try:
        postgres = OwnPostgres()
    except Unavailable as exc:
        pytest.skip(str(exc))
    postgres.create()
    yield postgres
    postgres.destroy()
