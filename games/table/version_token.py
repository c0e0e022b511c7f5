"""The table's version as the browser sees it: an opaque number.

Every move raises the round's version by one, and the page sends the version back with
each move so that a move made on an old view is refused. Shown as it is, it would count
moves nobody else sees: a version that jumps by two between a discard and the next draw
says that somebody was asked to claim the discard and passed (``games.play.offers``). So the
browser gets ``encode(room, 2 × version + held)`` — a keyed permutation of the number,
``held`` marking the view of a tile on offer, which is never a version to move on — and
the server decodes what comes back.

The permutation is a four-round Feistel network over 28 bits keyed by the site's secret
and the room's code: without the secret, one token says nothing about another.
"""

import hashlib
import hmac
from functools import lru_cache

from django.conf import settings

HALF_BITS = 14
HALF_MASK = (1 << HALF_BITS) - 1
LIMIT = 1 << (2 * HALF_BITS)  # numbers and tokens alike are below this
ROUNDS = 4


@lru_cache(maxsize=1024)
def room_key(secret: str, room_code: str) -> bytes:
    return hmac.new(secret.encode(), f"table-version:{room_code}".encode(), hashlib.sha256).digest()


def _mix(key: bytes, step: int, half: int) -> int:
    digest = hashlib.blake2b(f"{step}:{half}".encode(), key=key, digest_size=4).digest()
    return int.from_bytes(digest, "big") & HALF_MASK


def permute(key: bytes, number: int) -> int:
    left, right = number >> HALF_BITS, number & HALF_MASK
    for step in range(ROUNDS):
        left, right = right, left ^ _mix(key, step, right)
    return (left << HALF_BITS) | right


def unpermute(key: bytes, token: int) -> int:
    left, right = token >> HALF_BITS, token & HALF_MASK
    for step in reversed(range(ROUNDS)):
        left, right = right ^ _mix(key, step, left), left
    return (left << HALF_BITS) | right


@lru_cache(maxsize=8192)
def encode(room_code: str, version: int, *, held: bool = False) -> int:
    number = 2 * version + int(held)
    if not 0 <= number < LIMIT:
        raise ValueError("version out of range")
    return permute(room_key(settings.SECRET_KEY, room_code), number)


def decode(room_code: str, token: int) -> int | None:
    """The version a move was made on; None for a token that names no version to move
    on (a tile on offer, or a number no page was given)."""
    if not 0 <= token < LIMIT:
        return None
    number = unpermute(room_key(settings.SECRET_KEY, room_code), token)
    return None if number % 2 else number // 2
