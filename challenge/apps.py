from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "challenge"
    verbose_name = _("Daily challenge")

    def ready(self) -> None:
        from challenge import friends
        from common.hooks import register
        from games.play import dealing
        from games.rooms import sharing

        # The tables of a set of deals deal its deals, round after round.
        register(dealing.fixed_deal_sources, friends.fixed_deal)
        # A set's link, opened by a friend who is not logged in, names the set and its maker.
        register(sharing.title_sources, friends.share_title)
