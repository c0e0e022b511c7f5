import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def in_english():
    """Service messages are asserted in English here; the web tests check the Chinese."""
    with translation.override("en"):
        yield
