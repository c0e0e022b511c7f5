"""A socket's handler that fails is logged as a failure (games.table.safe_socket); one
that sent to a page that had just closed did not fail, and logs no error: a player
leaving a table while the others' changes reach it is no fault of the site's."""

import logging

from autobahn.exception import Disconnected

from games.table.safe_socket import SafeConsumer


class Probe(SafeConsumer):
    async def table_changed(self, message) -> None:
        raise Disconnected("Attempt to send on a closed protocol")

    async def list_changed(self, message) -> None:
        raise RuntimeError("a bug in a handler")


async def test_a_send_to_a_closed_page_is_no_failure_and_a_bug_is_one(caplog):
    probe = Probe()
    with caplog.at_level(logging.DEBUG, logger="games.table.safe_socket"):
        await probe.dispatch({"type": "table.changed"})
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        await probe.dispatch({"type": "list.changed"})
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1 and "list.changed" in failures[0].getMessage()
