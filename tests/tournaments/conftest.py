import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def in_english():
    """The services' refusals are matched by their English words."""
    with translation.override("en"):
        yield
