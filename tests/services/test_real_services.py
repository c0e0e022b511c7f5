"""The real components of a deployment: PostgreSQL and Redis (run by `.ci/run`)."""

import pytest
from channels.layers import get_channel_layer
from django.db import connection


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_on_postgresql_and_redis(client):
    assert connection.vendor == "postgresql"
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"] == {"database": "ok", "channel_layer": "ok"}


@pytest.mark.redis
async def test_a_group_message_reaches_a_consumer_of_another_process():
    """Two layer instances stand for two daphne processes sharing one Redis."""
    from channels_redis.core import RedisChannelLayer
    from django.conf import settings

    hosts = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    sender, receiver = RedisChannelLayer(hosts=hosts), RedisChannelLayer(hosts=hosts)
    channel = await receiver.new_channel()
    await receiver.group_add("room-test", channel)
    await sender.group_send("room-test", {"type": "table.changed", "version": 7})
    message = await receiver.receive(channel)
    assert message == {"type": "table.changed", "version": 7}
    await receiver.group_discard("room-test", channel)
    await sender.close_pools()
    await receiver.close_pools()
    assert get_channel_layer() is not None
