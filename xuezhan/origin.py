"""The WebSocket origin check: a socket may only be opened by a page of this site.

Channels' ``AllowedHostsOriginValidator`` compares the Origin's host with ALLOWED_HOSTS
and ignores its scheme and port, so a page served by any port or scheme of an allowed
host (another program on the same machine, a plain-HTTP page of an HTTPS site) could
open a player's socket with the player's cookies. Here the Origin must equal, in full
(scheme, host and port), the origin of the site the socket was opened on (its Host
header, over HTTPS where the site is served so), or one of CSRF_TRUSTED_ORIGINS.
"""

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def site_origins(scope) -> set[str]:
    """The origins a page of this site has, as seen by this socket's request."""
    host = _header(scope, b"host")
    origins = set(settings.CSRF_TRUSTED_ORIGINS)
    domain = split_domain_port(host)[0] if host else ""
    if domain and validate_host(domain, settings.ALLOWED_HOSTS):
        secure = scope.get("scheme") in ("wss", "https") or settings.HTTPS
        origins.add(f"{'https' if secure else 'http'}://{host.lower()}")
    return origins


class SameOriginValidator:
    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        origin = _header(scope, b"origin")
        if origin is None or origin.lower() not in site_origins(scope):
            # Refuse the handshake before anything runs (403 to the browser).
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
