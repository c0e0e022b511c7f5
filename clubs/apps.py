from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from clubs import guards, live, table_home
        from clubs import lobby as club_lobby
        from common.hooks import register
        from games.play import broadcast, homes
        from games.rooms import audience, lobby, seating

        # Only a club's members sit at its tables and see them.
        register(seating.seat_guards, guards.club_members_only)
        register(audience.watch_guards, guards.club_watchers)
        register(audience.known_guards, guards.club_room_known)
        # The lobby lists the clubs of the person looking.
        register(lobby.lobby_sections, club_lobby.my_clubs_section)
        # A club's page keeps its list of tables live.
        register(broadcast.room_list_hooks, live.rooms_changed)
        # A club's room links back to the club's page between rounds.
        register(homes.home_sources, table_home.home)
