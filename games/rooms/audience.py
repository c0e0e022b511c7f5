"""Who may look at a room: its table, its finished rounds and its scoreboard.

A room is watchable by default: any logged-in user may open its table without a seat and
follow it live (hidden tiles are never shown to a viewer without a seat). Its owner may
switch that off; then only the people seated there and the owner see the table.

A finished round of a watchable room is open to the same audience: everything on its
page could be reconstructed by a watcher anyway, since the table shows the deal's
commitment (SHA-256 of the seed) and the round's page reveals the seed, which is there
precisely so that anyone who watched can check the deal. Nothing of a round being
played is shown (its page answers 404 until it has ended).

A sealed room (``Room.is_sealed``: a deal others will play too, the daily challenge)
is nobody's to watch but the person seated there, and its finished rounds are shown
only to people who have played the same deal to its end themselves.
"""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser

from games.models import Room, Round, RoundPlayer

# Who else may keep a person from a room's table and its rounds: functions of (room,
# user) that answer False to refuse. ``clubs.apps`` adds its own: a club's tables are its
# members' only, and watched as the club sets it.
watch_guards: list[Callable[[Room, AbstractBaseUser], bool]] = []


# Who may know a room is there at all (its name on the page that says watching is off):
# every guard must agree. clubs.guards keeps a club's rooms from anybody not a member.
known_guards: list[Callable[[Room, AbstractBaseUser], bool]] = []


# How many moves behind its play a watcher sees a room's table (games.table.delayed):
# functions of the room answering a number of moves, the largest taken. tournaments.apps
# adds its own: a tournament's tables are watched a few moves late, so that nobody
# watching can coach a player.
watch_delay_sources: list[Callable[[Room], int]] = []


def watch_delay(room: Room) -> int:
    return max((source(room) for source in watch_delay_sources), default=0)


def may_know_of(room: Room, user: AbstractBaseUser) -> bool:
    return all(guard(room, user) for guard in known_guards)


def may_watch(room: Room, user: AbstractBaseUser) -> bool:
    """May ``user`` see the table of ``room`` (seated or not)?"""
    if not user.is_authenticated:
        return False
    if not all(guard(room, user) for guard in watch_guards):
        return False
    if room.is_sealed():  # its player only (its owner, who may stand up and sit again)
        return room.owner_id == user.pk or room.seats.filter(user=user).exists()
    return room.allow_watching or room.owner_id == user.pk or room.seats.filter(user=user).exists()


def may_see_results(room: Room, user: AbstractBaseUser) -> bool:
    """May ``user`` open the room's finished rounds and its scoreboard? Those who played
    in it always may (their own history), anyone who may watch the table too; a sealed
    room's scoreboard only those who played in it."""
    if not user.is_authenticated:
        return False
    played_here = RoundPlayer.objects.filter(round__room=room, user=user).exists()
    if room.is_sealed():
        return played_here
    return may_watch(room, user) or played_here


def finished_the_same_deal(rnd: Round, user: AbstractBaseUser) -> bool:
    """Has ``user`` played ``rnd``'s deal to its end themselves, at any table? Then its
    other games hold no secret from them (and their own game is worth comparing)."""
    return Round.objects.filter(
        seed_hash=rnd.seed_hash, status=Round.Status.ENDED, players__user=user
    ).exists()


def may_see_round(rnd: Round, user: AbstractBaseUser) -> bool:
    """May ``user`` open the page of the finished round ``rnd``? Its players, whoever may
    watch its room; for a deal others play too (a sealed room, ``Room.sealed_until``),
    whoever has played that very deal to its end, and nobody else until it is out."""
    if rnd.players.filter(user=user).exists():
        return True
    room = rnd.room
    if room.sealed_until is not None:
        if finished_the_same_deal(rnd, user):
            return True
        if room.is_sealed():
            return False
    return may_watch(room, user)
