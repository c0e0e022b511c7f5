"""The tables a fixed deal is played at: a person's own against three 大师, and 大师's
own of four, whose results are the par. Both are sealed (``Room.sealed_until``): not in
the lobby, nobody watching, the seeds secret."""

from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from games.history.my_rounds import nets
from games.models import SEATS, Room, Round, Seat
from games.play import dealing, steps
from games.rooms import seating

LEVEL = "expert"  # 大师
# The owner of 大师's own tables: an account nobody can sign up as or log in to (a
# user name may not hold a space) that owns nothing else.
HOST_USERNAME = "daily challenge"


def host() -> AbstractBaseUser:
    account, created = get_user_model().objects.get_or_create(
        username=HOST_USERNAME, defaults={"is_active": False}
    )
    if created:
        account.set_unusable_password()
        account.save(update_fields=["password"])
    return account


def masters_table(*, name: str, options: dict, sealed_until: datetime) -> Room:
    """A sealed table of four 大师, nothing dealt yet."""
    room = Room.objects.create(owner=host(), name=name, options=options, sealed_until=sealed_until)
    Seat.objects.bulk_create(
        [Seat(room=room, index=i, bot_level=LEVEL, ready=True) for i in range(SEATS)]
    )
    return room


def play_masters_round(room: Room, deal: tuple[str, int] | None = None) -> Round:
    """Deal the next round at 大师's table and play it to its end at once."""
    rnd = dealing.start_round(room, deal=deal)
    steps.run_bots(round_id=rnd.pk)
    rnd.refresh_from_db()
    if rnd.status != Round.Status.ENDED:  # run_bots stops only where a person acts
        raise RuntimeError(f"大师's round {rnd.pk} did not end")
    return rnd


def par_of(rnd: Round, seat: int) -> int:
    return nets(rnd)[seat]


def own_table(
    *, user: AbstractBaseUser, name: str, options: dict, sealed_until: datetime, seat: int
) -> Room:
    """``user``'s sealed table at ``seat`` against three 大师, nothing dealt yet."""
    room = seating.create_room(owner=user, name=name, options=options)
    room.allow_watching = False
    room.sealed_until = sealed_until
    room.save(update_fields=["allow_watching", "sealed_until"])
    Seat.objects.filter(room=room).update(user=None, bot_level=LEVEL, ready=True)
    Seat.objects.filter(room=room, index=seat).update(user=user, bot_level="", ready=False)
    return room
