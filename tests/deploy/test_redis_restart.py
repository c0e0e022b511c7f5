"""The Redis channel layer of a deployment through a Redis restart (its own Redis)."""

import asyncio

from xuezhan.channel_layer import ResilientRedisChannelLayer


def layer_on(redis) -> ResilientRedisChannelLayer:
    layer = ResilientRedisChannelLayer(hosts=[{"address": redis.url, "socket_timeout": 30}])
    layer.RETRY_SECONDS = 0.1
    return layer


async def test_a_socket_waits_through_a_redis_restart_and_hears_its_group_again(own_redis):
    """Two layers stand for two processes. A consumer waiting for its next message waits
    through the restart rather than failing, and its group membership, which Redis lost,
    is written again: a message sent to the group after the restart reaches it."""
    sender, receiver = layer_on(own_redis), layer_on(own_redis)
    channel = await receiver.new_channel()
    await receiver.group_add("room-abc", channel)
    waiting = asyncio.ensure_future(receiver.receive(channel))
    await asyncio.sleep(0.3)
    await asyncio.to_thread(own_redis.restart, 1.0)
    # The first receive comes back with the membership rewritten once Redis answers, so
    # a group message may need a moment to find it: send until it does.
    for _ in range(50):
        if waiting.done():
            break
        await sender.group_send("room-abc", {"type": "table.changed", "version": 8})
        await asyncio.sleep(0.2)
    message = await asyncio.wait_for(waiting, 10)
    assert message["type"] == "table.changed"
    assert not waiting.exception()
    await receiver.flush()
    await sender.close_pools()
    await receiver.close_pools()


async def test_joining_a_group_while_redis_is_away_is_let_in_and_counts_once_it_is_back(own_redis):
    sender, receiver = layer_on(own_redis), layer_on(own_redis)
    channel = await receiver.new_channel()
    own_redis.stop()
    await receiver.group_add("room-xyz", channel)  # no error: the socket opens
    own_redis.start()
    waiting = asyncio.ensure_future(receiver.receive(channel))
    for _ in range(50):
        if waiting.done():
            break
        await sender.group_send("room-xyz", {"type": "lobby.changed"})
        await asyncio.sleep(0.2)
    assert (await asyncio.wait_for(waiting, 10)) == {"type": "lobby.changed"}
    await sender.close_pools()
    await receiver.close_pools()
