from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Only the people the clock seated sit at a tournament's table.
        from games.rooms import seating
        from tournaments import guards

        if guards.seated_by_the_clock not in seating.seat_guards:
            seating.seat_guards.append(guards.seated_by_the_clock)
        # Its watchers see a tournament table some moves late.
        from games.rooms import audience

        if guards.watch_delay not in audience.watch_delay_sources:
            audience.watch_delay_sources.append(guards.watch_delay)
        # A round that ends at a tournament table wakes the clock at once.
        from games import driver
        from games.play import broadcast
        from tournaments import clock

        if clock.rooms_changed not in broadcast.room_list_hooks:
            broadcast.room_list_hooks.append(clock.rooms_changed)
        if clock.tick not in driver.periodic_hooks:
            driver.periodic_hooks.append(clock.tick)
        # A duplicate table's deals are the stage's, the same at every table.
        from games.play import dealing
        from tournaments import duplicate

        if duplicate.fixed_deal not in dealing.fixed_deal_sources:
            dealing.fixed_deal_sources.append(duplicate.fixed_deal)
