"""The Redis channel layer of a deployment through a Redis restart (its own Redis)."""

import asyncio

from channels_redis.core import RedisChannelLayer
from redis.exceptions import ConnectionError as RedisConnectionError

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
    await receiver.group_add("lobby-abc", channel)
    waiting = asyncio.ensure_future(receiver.receive(channel))
    await asyncio.sleep(0.3)
    await asyncio.to_thread(own_redis.restart, 1.0)
    # The first receive comes back with the membership rewritten once Redis answers, so
    # a group message may need a moment to find it: send until it does.
    for _ in range(50):
        if waiting.done():
            break
        await sender.group_send("lobby-abc", {"type": "lobby.changed"})
        await asyncio.sleep(0.2)
    message = await asyncio.wait_for(waiting, 10)
    assert message["type"] == "lobby.changed"
    assert not waiting.exception()
    await receiver.flush()
    await sender.close_pools()
    await receiver.close_pools()


async def test_joining_a_group_while_redis_is_away_is_let_in_and_counts_once_it_is_back(own_redis):
    sender, receiver = layer_on(own_redis), layer_on(own_redis)
    channel = await receiver.new_channel()
    own_redis.stop()
    await receiver.group_add("lobby-xyz", channel)  # no error: the socket opens
    own_redis.start()
    waiting = asyncio.ensure_future(receiver.receive(channel))
    for _ in range(50):
        if waiting.done():
            break
        await sender.group_send("lobby-xyz", {"type": "lobby.changed"})
        await asyncio.sleep(0.2)
    assert (await asyncio.wait_for(waiting, 10)) == {"type": "lobby.changed"}
    await sender.close_pools()
    await receiver.close_pools()


async def test_after_a_restart_each_table_socket_loads_its_table_again(own_redis):
    """A move sent to the room while Redis was away is lost: once its membership is
    written again, each table socket of the process is told to load its table (the
    sockets of one room share one load: one change names it), whether or not anything
    is sent to it afterwards. A socket of another kind of group is told nothing."""
    layer = layer_on(own_redis)
    table_sockets = [await layer.new_channel() for _ in range(2)]
    other = await layer.new_channel()
    for channel in table_sockets:
        await layer.group_add("room-abc", channel)
    await layer.group_add("lobby", other)
    waiting = [asyncio.ensure_future(layer.receive(c)) for c in [*table_sockets, other]]
    await asyncio.sleep(0.3)
    await asyncio.to_thread(own_redis.restart, 1.0)
    told = await asyncio.wait_for(asyncio.gather(*waiting[:2]), 10)
    assert [m["type"] for m in told] == ["table.changed", "table.changed"]
    assert told[0]["change"] == told[1]["change"]
    await asyncio.sleep(0.5)
    assert not waiting[2].done()
    waiting[2].cancel()
    await layer.flush()
    await layer.close_pools()


async def test_a_rejoin_refused_as_redis_comes_back_is_tried_again(own_redis, monkeypatch):
    """The race the fault test met now and then: the socket's wait tries to rejoin while
    Redis does not answer yet, then waits again just as it does, without an error. The
    memberships are written again all the same, a moment later, and every table socket
    is told to load its table."""
    layer = layer_on(own_redis)
    channel = await layer.new_channel()
    await layer.group_add("room-abc", channel)
    waiting = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0.3)
    refusing = True
    group_add = RedisChannelLayer.group_add

    async def refused_while_told(self, group, member):
        if refusing:
            raise RedisConnectionError("Redis does not answer yet")
        await group_add(self, group, member)

    monkeypatch.setattr(RedisChannelLayer, "group_add", refused_while_told)
    await asyncio.to_thread(own_redis.restart, 1.0)
    await asyncio.sleep(0.5)  # Redis answers the wait; the rejoins are still refused
    assert not waiting.done()
    refusing = False
    told = await asyncio.wait_for(waiting, 5)
    assert told["type"] == "table.changed"
    await layer.flush()
    await layer.close_pools()
