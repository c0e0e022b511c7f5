from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        # Only a club's members sit at its tables and see them.
        from clubs import guards
        from games.rooms import audience, seating

        if guards.club_members_only not in seating.seat_guards:
            seating.seat_guards.append(guards.club_members_only)
        if guards.club_watchers not in audience.watch_guards:
            audience.watch_guards.append(guards.club_watchers)
        if guards.club_room_known not in audience.known_guards:
            audience.known_guards.append(guards.club_room_known)
        # The lobby lists the clubs of the person looking.
        from clubs import lobby as club_lobby
        from games.rooms import lobby

        if club_lobby.my_clubs_section not in lobby.lobby_sections:
            lobby.lobby_sections.append(club_lobby.my_clubs_section)
        # A club's page keeps its list of tables live.
        from clubs import live
        from games.play import broadcast

        if live.rooms_changed not in broadcast.room_list_hooks:
            broadcast.room_list_hooks.append(live.rooms_changed)
