"""`GET /healthz`: is this process able to serve a table?

It checks the two things every move needs: the database answers a query, and the
channel layer carries a message (a round trip through a private channel).
"""

import asyncio
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

CHANNEL_CHECK_SECONDS = 2.0


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not return 1")


async def _channel_round_trip() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = await layer.new_channel("healthz.")
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "healthz.ping", "token": token})
    message = await asyncio.wait_for(layer.receive(channel), timeout=CHANNEL_CHECK_SECONDS)
    if message.get("token") != token:
        raise RuntimeError("channel layer returned a different message")


def check_channel_layer() -> None:
    async_to_sync(_channel_round_trip)()


CHECKS = {"database": check_database, "channel_layer": check_channel_layer}


@never_cache
@require_GET
def healthz(request):
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
