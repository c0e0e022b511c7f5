"""The apps on top of games (challenge, clubs, tournaments) fill its hooks once each,
however often their ``ready`` runs: a guard or a clock called twice per event would seat
nobody twice or tick twice as fast."""

from django.apps import apps

from games import driver
from games.play import broadcast, dealing
from games.rooms import audience, lobby, seating, sharing

HOOKS = (
    seating.seat_guards,
    audience.watch_guards,
    audience.known_guards,
    audience.watch_delay_sources,
    lobby.lobby_sections,
    broadcast.room_list_hooks,
    driver.periodic_hooks,
    dealing.fixed_deal_sources,
    sharing.title_sources,
)


def test_each_hook_is_registered_once_however_often_the_apps_are_ready():
    for name in ("challenge", "clubs", "tournaments"):
        apps.get_app_config(name).ready()
        apps.get_app_config(name).ready()
    for hooks in HOOKS:
        assert hooks, hooks  # every one of them is filled by some app
        assert len(hooks) == len(set(hooks)), hooks
    # The tournaments' clock is on every process's timer loop, once.
    from tournaments import clock

    assert driver.periodic_hooks.count(clock.tick) == 1
