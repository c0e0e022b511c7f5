from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # The expert bot reads waits in most decisions: build their table at start-up.
        from games.rules.hands import prepare_tables

        prepare_tables()
