"""Dealing a new round in a room: the seed and its commitment, the seats' players, the
first deadline; and the next round of a table of computers that plays on by itself."""

import hashlib
import secrets
from collections.abc import Callable

from django.utils.translation import gettext as _

from games.models import Event, Room, Round, RoundPlayer, Seat
from games.play import broadcast, cues, deadlines, matches
from games.play.errors import ServiceError
from games.rules.options import RoomOptions
from games.rules.round import CURRENT_SHUFFLE
from games.rules.round import Round as EngineRound


def locked_room(room: Room) -> Room:
    return Room.objects.select_for_update().get(pk=room.pk)


def ensure_not_closed(room: Room) -> None:
    """A closed room (its match is over, or nobody was there for half an hour:
    games.rooms.idle_rooms) takes no new person and deals no round. (Its owner may still seat
    or remove computer players: nothing is dealt for them either.)"""
    if room.status == Room.Status.CLOSED:
        raise ServiceError(_("This room has closed: open a new one in the lobby."))


def ensure_rounds_left(room: Room) -> None:
    """A match of N rounds (RULES.md section 13) deals no round after its last."""
    if matches.no_more_rounds(room):
        length = matches.match_length(room.options)
        raise ServiceError(
            _(
                "The match is over: all %(rounds)d rounds have been played. "
                "Its final standings are on the table."
            )
            % {"rounds": length}
        )


# Where a sealed room's fixed deals come from (Room.sealed_until: deals others play too):
# each source, given the room and the number of its next round, answers (seed, dealer)
# or None. Registered by the apps that make such rooms (challenge.apps), so that the
# table's own way of dealing the next round (ready, then start_round) deals them too.
fixed_deal_sources: list[Callable[[Room, int], tuple[str, int] | None]] = []


def start_round(room: Room, *, deal: tuple[str, int] | None = None) -> Round:
    """Deal the room's next round. ``deal``: (seed, dealer) of a deal chosen beforehand
    (the daily challenge, whose deal everybody plays); a sealed room's fixed deal
    (``fixed_deal_sources``); a fresh secret seed otherwise."""
    ensure_rounds_left(room)  # every way a round starts comes through here
    ensure_not_closed(room)
    previous = room.rounds.order_by("-number").first()
    if deal is None and room.sealed_until is not None:
        number = (previous.number + 1) if previous else 1
        deal = next(
            (found for source in fixed_deal_sources if (found := source(room, number)) is not None),
            None,
        )
    if deal is not None:
        seed, dealer = deal
    else:
        seed = secrets.token_hex(16)
        if previous is None:
            dealer = secrets.randbelow(room.players)  # the first dealer of a room is random
        else:
            dealer = previous.state["next_dealer"]
    engine = EngineRound.deal(
        seed, dealer, RoomOptions.from_dict(room.options), shuffle=CURRENT_SHUFFLE
    )
    number = (previous.number + 1) if previous else 1
    rnd = Round.objects.create(
        room=room,
        number=number,
        dealer=dealer,
        seed=seed,
        seed_hash=hashlib.sha256(seed.encode()).hexdigest(),
        shuffle=CURRENT_SHUFFLE,
        state=engine.to_json(),
        version=0,
        last_event=1,
        cue=cues.dealt(),
    )
    RoundPlayer.objects.bulk_create(
        [
            RoundPlayer(round=rnd, seat=s.index, user_id=s.user_id, bot_level=s.bot_level)
            for s in room.seats.all()
        ]
    )
    Event.objects.create(
        round=rnd,
        number=1,
        version=0,
        kind="round_started",
        data={
            "dealer": dealer,
            "seed_sha256": rnd.seed_hash,
            "shuffle": rnd.shuffle,
            "options": room.options,
        },
    )
    room.status = Room.Status.PLAYING
    room.save(update_fields=["status"])
    broadcast.notify_lobby_on_commit(room)
    deadlines.schedule(rnd, engine, new_decision=True)
    rnd.save(update_fields=["deadline", "decision_started_at"])
    Seat.objects.filter(room=room, user__isnull=False).update(ready=False)
    return rnd


def start_unattended_round(room: Room) -> Round | None:
    """Next round of a room where only computer players sit, while it has rounds left."""
    room = locked_room(room)
    if room.auto_rounds <= 0 or not deadlines.all_computers(room):
        return None
    if room.status != Room.Status.OPEN or matches.no_more_rounds(room):
        return None
    broadcast.notify_on_commit(room)
    room.auto_rounds -= 1
    room.save(update_fields=["auto_rounds"])
    return start_round(room)
