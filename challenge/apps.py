from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "challenge"
    verbose_name = _("Daily challenge")

    def ready(self) -> None:
        # The tables of a set of deals deal its deals, round after round.
        from challenge import friends
        from games.play import dealing

        if friends.fixed_deal not in dealing.fixed_deal_sources:
            dealing.fixed_deal_sources.append(friends.fixed_deal)
