"""Fixtures of the tests of the write path (tests/play, tests/rooms): messages asserted in
English, and computers that move at once."""

import pytest
from django.utils import translation


@pytest.fixture
def in_english():
    """Service messages are asserted in English here; the pages' tests check the Chinese.
    Every test of tests/play uses it (its conftest); in tests/rooms, the modules of the
    write path ask for it."""
    with translation.override("en"):
        yield


@pytest.fixture
def no_waiting(settings):
    """Computers move and the next round deals at once, so whole rounds run in a test."""
    settings.BOT_DELAY_SECONDS = 0
    settings.NEXT_ROUND_PAUSE = 0
