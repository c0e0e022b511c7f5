"""The wall from a seed (RULES.md section 2): the deal's commitment (SHA-256 of the
seed) and the shuffle, in each of the orders rounds have been dealt with."""

import hashlib
import random

from games.rules.tiles import SUIT_COUNT, full_set


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


# How a seed orders the wall. Shuffle 1 was keyed by sha256(seed), the very commitment
# shown at the table before play, so anyone could deal the round from it; shuffle 2 is
# keyed by the secret seed itself (RULES.md section 2). Rounds record the shuffle they
# were dealt with, so that the ones dealt before keep re-dealing and verifying.
SHUFFLE_KEYED_BY_HASH = 1
SHUFFLE_KEYED_BY_SEED = 2
CURRENT_SHUFFLE = SHUFFLE_KEYED_BY_SEED


def shuffled_wall(seed: str, shuffle: int = CURRENT_SHUFFLE, suits: int = SUIT_COUNT) -> list[int]:
    """The wall's tiles (108, or 72 with two suits) in the order a seed gives; anyone
    with the seed can re-deal."""
    if shuffle == SHUFFLE_KEYED_BY_SEED:
        key = f"xuezhan-wall:{seed}"
    elif shuffle == SHUFFLE_KEYED_BY_HASH:
        key = seed_hash(seed)
    else:
        raise ValueError(f"unknown shuffle {shuffle!r}")
    wall = full_set(suits)
    random.Random(key).shuffle(wall)
    return wall
