"""Where a person sat down from, kept on their seat only to warn the table when two
players join from the same network address or the same browser (fair play between
friends, issue 47): a keyed digest of the address, never the address itself, and the
accounts this browser has logged in to (its signed cookie, ``accounts.devices``). The
table says that two players share one, never which address."""

from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from accounts.devices import accounts_known
from common.counters import client_address

SALT = "games.rooms.origins.address"


@dataclass(frozen=True, slots=True)
class Origin:
    address_key: str
    browser_accounts: tuple[int, ...]


def origin_of(request) -> Origin:
    """The origin of ``request``: its address's digest and its browser's accounts."""
    address = client_address(request)
    key = salted_hmac(SALT, address, algorithm="sha256").hexdigest()[:16]
    return Origin(address_key=key, browser_accounts=tuple(accounts_known(request)))


def shared_origins(seats) -> tuple[str, ...]:
    """What two people seated at the table share: "address" (one network), "browser"
    (one browser has logged in to both accounts); in that order, each once."""
    people = [s for s in seats if s.user_id is not None]
    found = []
    keys = [s.address_key for s in people if s.address_key]
    if len(keys) != len(set(keys)):
        found.append("address")
    for seat in people:
        others = {s.user_id for s in people if s is not seat}
        if others & set(seat.browser_accounts or ()):
            found.append("browser")
            break
    return tuple(found)
