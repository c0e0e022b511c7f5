from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from common.hooks import register
        from games import driver
        from games.play import broadcast, dealing, homes
        from games.rooms import audience, seating
        from tournaments import clock, duplicate, guards, table_home

        # Only the people the clock seated sit at a tournament's table.
        register(seating.seat_guards, guards.seated_by_the_clock)
        # Its watchers see a tournament table some moves late.
        register(audience.watch_delay_sources, guards.watch_delay)
        # A round that ends at a tournament table wakes the clock at once; the timer loop
        # of every process runs it.
        register(broadcast.room_list_hooks, clock.rooms_changed)
        register(driver.periodic_hooks, clock.tick)
        # A duplicate table's deals are the stage's, the same at every table.
        register(dealing.fixed_deal_sources, duplicate.fixed_deal)
        # Its table links back to it, and sends its players back once the round is over.
        register(homes.home_sources, table_home.home)
