"""Tables set up for a test to look at: a coached room at a turn, a room at the swap, a
xueliu round with two wins."""

from django.contrib.auth.models import User
from django.utils import translation

from games.models import Room, Round
from games.play.snapshot import load_snapshot
from games.players.bots import choose_exchange
from games.rooms.seating import create_room, set_ready, take_seat
from games.rules.round import Round as EngineRound
from games.rules.tiles import format_tiles
from games.table.parts import render_table
from tests.rules.tables import act, table
from tests.table.pages import put

COACHED = {"coaching": True}
TURN = [
    "1s2m3m4m5m6m7m1p2p3p6p7p8p9p",
    "1m2m3m4m5m6m7m8m9m1p2p3p9p",
    "9p9p1m3m5m7m9m2p4p6p8p1p3p",
    "1m3m5m7m8m8m9m2p2p4p7p1p6p",
]


WALL = "3m4m5m6m1m2m7m9m3p4p"


def seated_room(prefix: str, options: dict) -> tuple[Room, list[User]]:
    users = [
        User.objects.create_user(f"{prefix}{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=users[0], name="教练", options=options)
    for user in users[1:]:
        take_seat(room=room, user=user)
    for user in users:
        set_ready(room=room, user=user)
    return room, users


def render(room, user) -> dict:
    with translation.override("zh-hans"):
        return render_table(load_snapshot(room.pk), user=user, csrf="x").parts


def swapping_room(prefix: str, **options):
    users = [
        User.objects.create_user(f"{prefix}{i}", password="x-long-password-1") for i in range(4)
    ]
    room = create_room(owner=users[0], name="t", options={"exchange_three": True, **options})
    for user in users[1:]:
        take_seat(room=room, user=user)
    for user in users:
        set_ready(room=room, user=user)
    return room, users


def engine_of(room) -> EngineRound:
    return EngineRound.from_json(Round.objects.get(room=room).state)


def a_pick(engine: EngineRound, seat: int) -> str:
    """Three tiles of one suit from the seat's hand (the computer's pick)."""
    return format_tiles(choose_exchange(engine, seat))


IDLE = "1123456778899s"
DISCARDER = "666m22446688p99m5p"
WAITS_5P = "123m456m789m111p5p"


def two_wins(room):
    """Seat 1 wins on seat 0's 5p, then self-drawn on another 5p; seat 2 is to act."""
    engine = table(
        [DISCARDER, WAITS_5P, IDLE, IDLE],
        wall="2s2s3s5p1m1m",
        options={"mode": "xueliu", "last_four_must_win": False},
    )
    act(engine, 0, "discard", "5p")
    act(engine, 1, "win")
    act(engine, 2, "discard", "1s")
    act(engine, 3, "discard", "1s")
    act(engine, 0, "discard", "3s")
    act(engine, 1, "zimo")
    Room.objects.filter(pk=room.pk).update(options=engine.options.to_dict())
    put(room, engine, cue={"kind": "zimo", "seat": 1, "tile": "5p", "version": 6})
    return engine
