"""The heartbeat shared by presence and watchers: one call per interval for all the open
sockets of the process, and no task left once the last socket has gone."""

import asyncio

from games.table.heartbeat import Heartbeat


async def test_one_beat_covers_every_open_socket_and_the_last_to_leave_stops_it(settings):
    settings.PRESENCE_SECONDS = 0.02
    beats = []

    async def beat(open_sockets):
        beats.append(open_sockets)

    heartbeat = Heartbeat("test", beat)
    heartbeat.add("a", 1)
    heartbeat.add("b", 2)
    await asyncio.sleep(0.07)
    assert beats and beats[-1] == {"a": 1, "b": 2}
    heartbeat.remove("a")
    task = heartbeat._task
    assert task is not None and not task.done()  # "b" is still open
    heartbeat.remove("b")
    await asyncio.sleep(0)
    assert task.cancelled() and heartbeat._task is None
    count = len(beats)
    await asyncio.sleep(0.05)
    assert len(beats) == count


async def test_a_failing_beat_is_logged_and_the_next_one_still_comes(settings, caplog):
    settings.PRESENCE_SECONDS = 0.02
    calls = []

    async def beat(open_sockets):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database away")

    heartbeat = Heartbeat("test", beat)
    heartbeat.add("a", 1)
    await asyncio.sleep(0.08)
    heartbeat.remove("a")
    assert len(calls) >= 2 and "test update failed" in caplog.text
