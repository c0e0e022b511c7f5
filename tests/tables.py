"""Tables for the tests of the site: people seated at a room through the rules service."""

from django.contrib.auth.models import User

from games import services
from games.models import Room


def four_people(prefix: str, *, ready: bool = True) -> tuple[Room, list[User]]:
    """A new room with four people seated in order (the first owns it); when they are all
    ready, the first round is dealt."""
    users = [User.objects.create_user(f"{prefix}{i}", password="x-long-password-1")
             for i in range(4)]
    room = services.create_room(owner=users[0], name="t", options={})
    for user in users[1:]:
        services.take_seat(room=room, user=user)
    if ready:
        for user in users:
            services.set_ready(room=room, user=user)
    return room, users
