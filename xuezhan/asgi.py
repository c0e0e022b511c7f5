"""ASGI entry point: HTTP goes to Django, WebSockets to Channels consumers.

WebSockets pass two guards: the Origin header must be the site's own origin, scheme,
host and port (so no other page can open a socket with a player's cookies; see
xuezhan/origin.py), and the session cookie authenticates the user exactly as for HTTP.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xuezhan.settings")

# Django must be set up before the consumers (and their models) are imported.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from clubs.routing import websocket_urlpatterns as club_sockets  # noqa: E402
from common import drain  # noqa: E402
from games import driver  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from games.table import safe_socket  # noqa: E402
from tournaments.routing import websocket_urlpatterns as tournament_sockets  # noqa: E402
from xuezhan.origin import SameOriginValidator  # noqa: E402


class StartTimers:
    """Starts the in-process timer loop with the first request the process serves:
    daphne has no start-up hook, and after a restart the first reconnecting browser (or
    health check) is what brings overdue rounds back to life. From then on SIGTERM
    drains the process (common.drain) rather than cutting its players off."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        driver.start()
        drain.install(close_sockets=safe_socket.close_all, stop_timers=driver.stop)
        return await self.app(scope, receive, send)


application = StartTimers(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": SameOriginValidator(
                AuthMiddlewareStack(
                    URLRouter(websocket_urlpatterns + club_sockets + tournament_sockets)
                )
            ),
        }
    )
)
