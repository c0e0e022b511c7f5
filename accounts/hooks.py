"""What accounts asks of the apps built on it: lists of functions that those apps fill at
start-up (``games.apps``), so that accounts imports none of them, as games learns of a
fixed deal only through ``games.play.dealing.fixed_deal_sources``, which challenge fills.
"""

from collections.abc import Callable

# The share title of the page a link leads to (a table, a set of deals), named on the
# log-in and sign-up pages its ``next`` passes through: functions of a path (or None)
# that answer a title or None.
share_title_sources: list[Callable[[str | None], str | None]] = []

# What the profile page shows of a person's play (their statistics, their ranks):
# functions of the person that answer what they add to the page's context.
profile_parts: list[Callable[[object], dict]] = []

# The rooms where a round is being played at the person's seat: until it ends their
# account cannot be deleted (``accounts.keeping.RoundInPlay``).
rooms_in_play: list[Callable[[object], list]] = []

# Called for a person whose account is being deleted, in the transaction that deletes it:
# each leaves the person's seats that wait for players, and raises
# ``accounts.keeping.RoundInPlay`` when a round started at one of them meanwhile.
seat_leavers: list[Callable[[object], None]] = []
