"""Computer moves inside the web process: after a move gives a bot (or a seat on
auto-play) the turn, it moves after a short pause so that people can follow.

One task per round per process. Several processes may drive the same round: every move
goes through ``services.apply_bot_action``, which locks the round and re-reads whose
turn it is, so no move is ever applied twice.
"""

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings

from games import services
from games.models import Round

logger = logging.getLogger(__name__)

_tasks: dict[int, asyncio.Task] = {}


def ensure_driving(round_id: int | None) -> None:
    """Start driving the round's computer seats unless this process already does."""
    if round_id is None:
        return
    task = _tasks.get(round_id)
    if task is not None and not task.done():
        return
    _tasks[round_id] = asyncio.get_running_loop().create_task(_drive(round_id))


@database_sync_to_async
def _waits_on_a_computer(round_id: int) -> bool:
    rnd = Round.objects.select_related("room").filter(pk=round_id).first()
    return rnd is not None and services.pending_bot_seat(rnd) is not None


async def _drive(round_id: int) -> None:
    try:
        while await _waits_on_a_computer(round_id):
            await asyncio.sleep(settings.BOT_DELAY_SECONDS)
            if not await database_sync_to_async(services.apply_bot_action)(round_id=round_id):
                break
    except Exception:
        logger.exception("driving round %s failed", round_id)
    finally:
        _tasks.pop(round_id, None)
