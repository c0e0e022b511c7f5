"""`GET /healthz`: is this process able to serve a table?

It checks the two things every move needs: the database answers a query, and the
channel layer carries a message (a round trip through a private channel), each within
a second or two; a process that is draining (common.drain) says so with a 503.
"""

import logging

from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from common import drain
from common.health import check_channel_layer, check_database

logger = logging.getLogger(__name__)

CHECKS = {"database": check_database, "channel_layer": check_channel_layer}


@never_cache
@require_GET
def healthz(request):
    if drain.draining:
        # Taken out of rotation: its sockets are moving to the other processes.
        return JsonResponse({"status": "draining"}, status=503)
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as exc:  # any failure makes the process unhealthy
            logger.warning("health check %s failed: %s", name, exc)
            results[name] = f"error: {type(exc).__name__}"
        else:
            results[name] = "ok"
    healthy = all(value == "ok" for value in results.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unhealthy", "checks": results},
        status=200 if healthy else 503,
    )
