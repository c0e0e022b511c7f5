"""The real components of a deployment: PostgreSQL and Redis (run by `.ci/run`)."""

import contextlib

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


@pytest.mark.redis
async def test_an_idle_socket_keeps_waiting_for_its_next_message():
    """A table socket with nothing to receive sits in a blocking pop that Redis ends after
    the layer's brpop_timeout and then starts again. The client must not give up on that
    read first: with redis-py 8's default 5 s read timeout, sockets idle for 5 s crashed
    with "Timeout reading from Redis" (seen in CI on the quick-phrases tests)."""
    import asyncio

    from channels_redis.core import RedisChannelLayer
    from django.conf import settings

    layer = RedisChannelLayer(hosts=settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"])
    channel = await layer.new_channel()
    idle = layer.brpop_timeout + 1.5
    with pytest.raises(asyncio.TimeoutError):  # ours, not Redis's: nothing came, nothing broke
        await asyncio.wait_for(layer.receive(channel), timeout=idle)
    await layer.send(channel, {"type": "table.changed", "version": 1})
    assert await layer.receive(channel) == {"type": "table.changed", "version": 1}
    await layer.close_pools()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_page_loads_wait_for_a_pooled_connection_rather_than_fail():
    """Fifty tables' page loads at once once ran PostgreSQL out of connections (500,
    "too many clients"): each request thread kept its own. Through the pool, many more
    concurrent requests than connections all answer, by taking turns."""
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth.models import User
    from django.db import connections
    from django.test import Client

    from games.rooms.seating import create_room

    owner = User.objects.create_user("pool-owner", password="x-long-password-1")
    room = create_room(owner=owner, name="p", options={})
    original = dict(connection.settings_dict)
    connection.close()
    connection.close_pool()
    connection.settings_dict["OPTIONS"] = {"pool": {"min_size": 0, "max_size": 2, "timeout": 30}}

    def load_table(_):
        client = Client(HTTP_HOST="localhost")
        client.force_login(owner)
        try:
            return client.get(f"/t/{room.code}/").status_code
        finally:
            connections.close_all()

    try:
        with ThreadPoolExecutor(max_workers=12) as threads:
            statuses = list(threads.map(load_table, range(36)))
        assert statuses == [200] * 36
        assert connection.pool.get_stats()["pool_max"] == 2
    finally:
        connection.close()
        connection.close_pool()
        connection.settings_dict.clear()
        connection.settings_dict.update(original)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_after_an_outage_the_pool_hands_out_no_broken_connection():
    """A PostgreSQL restart breaks every idle connection of the pool. Each would fail one
    unit of work after the database is back, and each failure would count as the
    database going away again (the clocks' grace given over and over). Once the database
    answers, the broken ones are replaced before any work."""
    from common import health

    assert connection.vendor == "postgresql"
    pool = connection.pool
    pool.open()
    held = [pool.getconn() for _ in range(3)]
    pids = [conn.info.backend_pid for conn in held]
    for conn in held:
        pool.putconn(conn)
    import psycopg

    # The outage, for those three (from a connection of its own, not the pool's).
    with psycopg.connect(pool.conninfo, **pool.kwargs) as killer:
        killer.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM unnest(%s::int[]) AS pid", [pids]
        )  # waits (up to 5 s) until they are gone

    health.drop_broken_connections()

    borrowed = [pool.getconn() for _ in range(3)]
    try:
        for conn in borrowed:
            assert conn.execute("SELECT 1").fetchone() == (1,)
            assert conn.info.backend_pid not in pids
    finally:
        for conn in borrowed:
            pool.putconn(conn)


class LateDatabase:
    """A port where PostgreSQL is down (nothing listens) until ``back()``, then
    forwards every connection to the real one: a restart as the pool sees it."""

    def __init__(self, target_port: int) -> None:
        import socket

        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.target_port = target_port
        self.server = None

    def back(self) -> None:
        import socket
        import threading

        self.server = socket.create_server(("127.0.0.1", self.port))

        def pipe(a, b):
            with contextlib.suppress(OSError):
                while data := a.recv(65536):
                    b.sendall(data)
            with contextlib.suppress(OSError):
                b.shutdown(socket.SHUT_WR)

        def serve():
            with contextlib.suppress(OSError):
                while True:
                    client, _ = self.server.accept()
                    upstream = socket.create_connection(("127.0.0.1", self.target_port))
                    for a, b in ((client, upstream), (upstream, client)):
                        threading.Thread(target=pipe, args=(a, b), daemon=True).start()

        threading.Thread(target=serve, daemon=True).start()

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


@pytest.mark.postgres
def test_a_request_waiting_through_a_restart_gets_a_connection_soon_after():
    """The pool gives up a try to connect after its reconnect_timeout; a request that
    was already waiting then got no connection until its own timeout ran out, long after
    the database was back (the timer loop waited 20 s after a 5 s restart). With the
    project's callback the pool tries again while anyone waits."""
    import threading
    import time

    import psycopg_pool

    from xuezhan.pool_retry import reconnect_while_waited_for

    real = connection.settings_dict
    late = LateDatabase(int(real["PORT"] or 5432))
    pool = psycopg_pool.ConnectionPool(
        f"host=127.0.0.1 port={late.port} dbname={real['NAME']} user={real['USER']}",
        min_size=1,
        max_size=2,
        open=False,
        reconnect_timeout=0.5,
        reconnect_failed=reconnect_while_waited_for,
    )
    try:
        pool.open(wait=False)
        threading.Timer(2.0, late.back).start()  # after every first try has given up
        started = time.monotonic()
        with pool.connection(timeout=15) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
        assert time.monotonic() - started < 6.0
    finally:
        pool.close()
        late.close()
