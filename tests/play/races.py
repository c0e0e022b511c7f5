"""One player's two browser tabs discarding at the same moment, for the tests that two
moves on one round at once are applied once."""

import threading

from django.db import connection

from games.play.errors import StaleVersion
from games.rules.tiles import tile_str


def discards_from_two_tabs(engine, seat: int, discard) -> tuple[list[str], list[str]]:
    """``discard(tile)`` on two threads released together, for two different legal
    discards of ``seat`` (the same one twice when the hand has only one: a dealer holding
    a single void-suit tile). Returns the tiles and what each attempt came to, in the
    order they finished: what ``discard`` returned, or "stale" for a StaleVersion."""
    tiles = [tile_str(a[1]) for a in engine.legal_actions(seat) if a[0] == "discard"]
    tiles = (tiles * 2)[:2]
    barrier = threading.Barrier(2, timeout=60)
    outcomes = []

    def tab(tile):
        try:
            barrier.wait()
            outcomes.append(discard(tile))
        except StaleVersion:
            outcomes.append("stale")
        finally:
            connection.close()  # each thread's own connection

    threads = [threading.Thread(target=tab, args=(tile,)) for tile in tiles]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tiles, outcomes
