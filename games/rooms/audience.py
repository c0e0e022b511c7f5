"""Who may look at a room: its table, its finished rounds and its scoreboard.

A room is watchable by default: any logged-in user may open its table without a seat and
follow it live (hidden tiles are never shown to a viewer without a seat). Its owner may
switch that off; then only the people seated there and the owner see the table.

A finished round of a watchable room is open to the same audience: everything on its
page could be reconstructed by a watcher anyway, since the table shows the deal's
commitment (SHA-256 of the seed) and the round's page reveals the seed, which is there
precisely so that anyone who watched can check the deal. Nothing of a round being
played is shown (its page answers 404 until it has ended).
"""

from django.contrib.auth.models import AbstractBaseUser

from games.models import Room, RoundPlayer


def may_watch(room: Room, user: AbstractBaseUser) -> bool:
    """May ``user`` see the table of ``room`` (seated or not)?"""
    if not user.is_authenticated:
        return False
    return (room.allow_watching or room.owner_id == user.pk
            or room.seats.filter(user=user).exists())


def may_see_results(room: Room, user: AbstractBaseUser) -> bool:
    """May ``user`` open the room's finished rounds and its scoreboard? Those who played
    in it always may (their own history), anyone who may watch the table too."""
    if not user.is_authenticated:
        return False
    return may_watch(room, user) or RoundPlayer.objects.filter(
        round__room=room, user=user).exists()
