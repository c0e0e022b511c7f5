import pytest

from tests.english import in_english, no_waiting  # noqa: F401 (fixtures)


@pytest.fixture(autouse=True)
def english(in_english):  # noqa: F811
    """Every test of the write path asserts its messages in English."""
