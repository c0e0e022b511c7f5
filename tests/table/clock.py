"""A clock a test moves by hand."""

from django.utils import timezone


class Clock:
    """The time every part of the site reads (django.utils.timezone.now)."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def __call__(self):
        return self.now
