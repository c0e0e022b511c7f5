"""ASGI entry point: HTTP goes to Django, WebSockets to Channels consumers.

WebSockets pass two guards: the Origin header must name one of ALLOWED_HOSTS (so a
foreign page cannot open a socket with a player's cookies), and the session cookie
authenticates the user exactly as for HTTP.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xuezhan.settings")

# Django must be set up before the consumers (and their models) are imported.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
