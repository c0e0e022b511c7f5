"""A person's sockets come and go: the table is told at once, and the clock of their
pending decision follows (the absence grace, games.play.deadlines.is_away)."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Room, Round, Seat
from games.play import broadcast, deadlines
from games.rules.round import Round as EngineRound


def seen(*, room_id: int, user_id: int, shown_away: bool = True) -> None:
    """The player's table socket is open (called on connect). ``shown_away``: the others'
    tables showed them offline or away until now (or it is not known). Those tables are
    shown again only when something on them changed: the player back, or the time of the
    decision pending (their own clock applies again); not for a second tab of a player
    who is there."""
    now = timezone.now()
    updated = Seat.objects.filter(room_id=room_id, user_id=user_id).update(
        last_seen=now, online=True
    )
    if updated:
        rescheduled = reschedule_current(room_id, now)
        if shown_away or rescheduled:
            tell_the_table(room_id)  # the others see the player is back at once


def left(*, room_id: int, user_id: int, still_here: bool = False) -> None:
    """The player's socket closed: after the grace period their seat plays itself.
    ``still_here``: another socket of theirs is still open (a second tab)."""
    now = timezone.now()
    Seat.objects.filter(room_id=room_id, user_id=user_id).update(last_seen=now, online=still_here)
    grace = now + timedelta(seconds=settings.DISCONNECT_GRACE_SECONDS)
    with transaction.atomic():
        rnd = (
            Round.objects.select_for_update()
            .filter(room_id=room_id, status=Round.Status.PLAYING)
            .first()
        )
        if rnd is not None and (rnd.deadline is None or rnd.deadline > grace):
            rnd.deadline = grace
            rnd.save(update_fields=["deadline"])
    if not still_here:
        tell_the_table(room_id)  # 离线 shows at once


def tell_the_table(room_id: int) -> None:

    room = Room.objects.filter(pk=room_id).only("pk", "code").first()
    if room is not None:
        transaction.on_commit(lambda: broadcast.broadcast_table_changed(room))


def reschedule_current(room_id: int, now: datetime) -> bool:
    """A player came back: their own clock applies again, not the absence's. Whether the
    round's deadline changed."""
    with transaction.atomic():
        rnd = (
            Round.objects.select_for_update()
            .select_related("room")
            .filter(room_id=room_id, status=Round.Status.PLAYING)
            .first()
        )
        if rnd is None:
            return False
        before = rnd.deadline
        deadlines.schedule(rnd, EngineRound.from_json(rnd.state), new_decision=False, now=now)
        if rnd.deadline == before:
            return False
        rnd.save(update_fields=["deadline"])
        return True
