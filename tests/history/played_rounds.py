"""Finished rounds for the history's tests: played through by the computer players, or made
up with the ledger a test wants."""

from datetime import timedelta

from django.utils import timezone

from games.models import Event, LedgerEntry, Round, RoundPlayer
from games.play.steps import run_bots
from games.rooms.seating import add_bot, create_room, set_auto_play, set_ready


def play_rounds(owner, count, name="历史"):
    """A room where ``owner`` sits with three computers, on auto-play, for ``count`` rounds."""
    room = create_room(owner=owner, name=name, options={})
    for index in (1, 2, 3):
        add_bot(room=room, user=owner, index=index, level="strong")
    rounds = []
    for _ in range(count):
        rnd = set_ready(room=room, user=owner)
        set_auto_play(room=room, user=owner, on=True)
        run_bots(round_id=rnd.pk)
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.ENDED
        rounds.append(rnd)
    return room, rounds


def made_up_round(room, number, players, state, payments, days_ago):
    rnd = Round.objects.create(
        room=room,
        number=number,
        dealer=0,
        seed_hash="0" * 64,
        seed=f"s{number}",
        state=state,
        status=Round.Status.ENDED,
        ended_at=timezone.now() - timedelta(days=days_ago),
    )
    for seat, user in enumerate(players):
        RoundPlayer.objects.create(
            round=rnd, seat=seat, user=user, bot_level="" if user else "easy"
        )
    event = Event.objects.create(round=rnd, number=1, version=1, kind="payment")
    for payer, payee, amount, reason in payments:
        LedgerEntry.objects.create(
            round=rnd, event=event, payer_seat=payer, payee_seat=payee, amount=amount, reason=reason
        )
    return rnd


def win(seat, how, fan, patterns, source=None, claim=None):
    return {
        "seat": seat,
        "how": how,
        "fan": fan,
        "patterns": patterns,
        "from": source,
        "claim": claim,
    }
