from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The expert bot reads waits in most decisions: build their table at start-up.
        from games.rules.hands import prepare_tables

        prepare_tables()

        # What accounts asks of games (accounts.hooks), and the timer loop woken by the
        # table's sockets (games.play.deadlines.wake_listeners): handed in here, so that
        # neither accounts nor the table imports what lies above it.
        from accounts import hooks
        from games import driver
        from games.history import profile
        from games.play import deadlines
        from games.rooms import deleted_accounts, sharing

        for hook, function in (
            (hooks.share_title_sources, sharing.title_for_path),
            (hooks.profile_parts, profile.profile_parts),
            (hooks.rooms_in_play, deleted_accounts.playing_rooms),
            (hooks.seat_leavers, deleted_accounts.leave_waiting_rooms),
            (deadlines.wake_listeners, driver.wake),
        ):
            if function not in hook:
                hook.append(function)
