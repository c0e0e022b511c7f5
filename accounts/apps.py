from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connects the receiver that ends a session's sockets when it logs out.
        from accounts import socket_sessions  # noqa: F401
