"""Rounds written straight into the database with the payments of their ledger, for the
tests of what is read back from it (the ranking)."""

from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Event, LedgerEntry, Round, RoundPlayer


def people(*names):
    return [User.objects.create(username=name) for name in names]


def ledger_round(
    room,
    seats,
    payments,
    *,
    seed_hash="x",
    status=Round.Status.ENDED,
    ended_at=None,
    bot_level="strong",
):
    """A round of ``room``: ``seats`` four users (None: a computer player of
    ``bot_level``), ``payments`` (payer seat, payee seat, amount) in its ledger; ended at
    ``ended_at`` (now) unless ``status`` says it is still played."""
    rnd = Round.objects.create(
        room=room,
        number=room.rounds.count() + 1,
        dealer=0,
        seed_hash=seed_hash,
        seed="x",
        state={"winners": []},
        status=status,
    )
    if status == Round.Status.ENDED:
        Round.objects.filter(pk=rnd.pk).update(ended_at=ended_at or timezone.now())
    for seat, user in enumerate(seats):
        RoundPlayer.objects.create(
            round=rnd, seat=seat, user=user, bot_level="" if user else bot_level
        )
    event = Event.objects.create(round=rnd, number=1, version=1, kind="payment")
    for payer, payee, amount in payments:
        LedgerEntry.objects.create(
            round=rnd,
            event=event,
            payer_seat=payer,
            payee_seat=payee,
            payer=seats[payer],
            payee=seats[payee],
            amount=amount,
            reason="ron",
        )
    return rnd
