import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def in_english():
    """Service messages are asserted in English here; the web tests check the Chinese."""
    with translation.override("en"):
        yield


@pytest.fixture
def no_waiting(settings):
    """Computers move and the next round deals at once, so whole rounds run in a test."""
    settings.BOT_DELAY_SECONDS = 0
    settings.NEXT_ROUND_PAUSE = 0
