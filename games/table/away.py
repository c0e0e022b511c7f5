"""What happened while a player was away: told to them when their table opens again.

A player whose socket was closed for longer than the grace period came back to a table
the computer played for them. On their return they get a short summary, from the round's
event log since they were last seen: how many moves the computer made for them, who won,
and what they paid and were paid. Only what the log says, and only their own seat's
hidden moves (the computer's choices for them), never anyone else's. When the computer
still plays their seat (托管, switched on by two missed deadlines or by the player), the
note says so, and the dock's prompt takes the seat back in one press.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from games.models import Event, Round, Seat


@dataclass(frozen=True)
class AwaySummary:
    moves_for_you: int  # moves the computer made for the player (auto-play, timeouts)
    wins: tuple  # seat numbers of those who won meanwhile
    paid: int  # what the player paid meanwhile
    received: int  # what the player was paid meanwhile
    round_ended: bool
    still_auto_play: bool = False  # the computer goes on playing the seat (托管)


def since(
    room_id: int, seat: Seat, last_seen: datetime | None, now: datetime
) -> AwaySummary | None:
    """The summary for ``seat``'s player, last seen at ``last_seen``; None when they were
    not away (closed for less than the grace period) or nothing happened."""
    if last_seen is None or now - last_seen < timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS):
        return None
    rnd = Round.objects.filter(room_id=room_id).order_by("-number").first()
    if rnd is None:
        return None
    events = Event.objects.filter(round=rnd, created_at__gt=last_seen).values_list(
        "kind", "seat", "data"
    )
    moves = paid = received = 0
    winners, ended = [], False
    for kind, who, data in events:
        if kind == "action" and who == seat.index and data.get("by"):
            moves += 1
        elif kind == "win":
            winners.append(data["seat"])
        elif kind == "payment":
            if data["payer"] == seat.index:
                paid += data["amount"]
            if data["payee"] == seat.index:
                received += data["amount"]
        elif kind == "round_end":
            ended = True
    if not (moves or winners or paid or received or ended):
        return None
    return AwaySummary(
        moves, tuple(winners), paid, received, ended, still_auto_play=seat.auto_play and not ended
    )
