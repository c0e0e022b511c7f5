"""The hooks by which an app on top of ``games`` (challenge, clubs, tournaments) tells
it what to ask: ``games`` holds plain lists of functions (``seating.seat_guards``,
``broadcast.room_list_hooks``, …) and never imports the apps that fill them."""

from collections.abc import Callable


def register(hooks: list, function: Callable) -> None:
    """Add ``function`` to ``hooks`` once: an app's ``ready`` may run again (a test
    setting the apps up anew), and a hook must not be called twice for one event."""
    if function not in hooks:
        hooks.append(function)
