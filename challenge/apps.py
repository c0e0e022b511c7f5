from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "challenge"
    verbose_name = _("Daily challenge")

    def ready(self) -> None:
        # The tables of a set of deals deal its deals, round after round.
        from challenge import friends
        from games.play import dealing
        from games.rooms import sharing

        if friends.fixed_deal not in dealing.fixed_deal_sources:
            dealing.fixed_deal_sources.append(friends.fixed_deal)
        # A set's link, opened by a friend who is not logged in, names the set and its maker.
        if friends.share_title not in sharing.title_sources:
            sharing.title_sources.append(friends.share_title)
