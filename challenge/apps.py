from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengeConfig(AppConfig):
    name = "challenge"
    verbose_name = _("Daily challenge")
