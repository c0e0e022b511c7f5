"""`manage.py run_worker`: timers and computer players outside the web processes.

For deployments with several web processes. It claims due rounds with
SELECT … FOR UPDATE SKIP LOCKED (see games.play.steps), so any number of workers and web
processes can run together without applying a move twice.

It holds no socket: a web process applies its own rooms' steps (and renders them from
memory), and the worker takes a step over only once it is overdue
(``settings.TIMER_TAKEOVER_SECONDS``), which it is when no process holds that room any
more. While nothing is due it sleeps until the next deadline could be overdue, looking
at most once a second for deadlines set meanwhile: one small query.
"""

import logging
import signal
import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connections

from games.play import deadlines, outage
from games.play.steps import AdoptedRooms, advance_due_rounds
from games.rooms import idle_rooms

logger = logging.getLogger(__name__)

IDLE_SECONDS = 1.0  # look at least this often: web processes set new deadlines


class Command(BaseCommand):
    help = "Apply due moves (computer players, missed deadlines) until stopped."

    def add_arguments(self, parser):
        parser.add_argument(
            "--until-idle",
            action="store_true",
            help="stop once nothing is due (for scripts and tests)",
        )

    def handle(self, *args, until_idle=False, **options):
        stopping = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        self.stdout.write("worker: applying due moves")
        adopted = AdoptedRooms()

        def adopt(room_id: int) -> None:
            # A room that was only late in a live process stays that process's.
            if room_id in adopted or not deadlines.held_by_a_live_process(room_id):
                adopted.add(room_id)

        while not stopping:
            try:
                outage.resume_clocks_if_met_away()
                idle_rooms.sweep_if_due()  # once a minute: rooms nobody has been at close
                # Alone (--until-idle: a script or test with no web process), every due
                # step is its own at once.
                wait = advance_due_rounds(
                    here=adopted.rooms(),
                    stepped=adopt,
                    takeover=0 if until_idle else settings.TIMER_TAKEOVER_SECONDS,
                )
            except outage.DATABASE_AWAY as exc:
                # Restarting, or out of reach: look again, and once it is back resume
                # the clocks first (outage.resume_clocks_if_met_away) rather than exit.
                logger.warning("worker: database away: %s", exc)
                outage.noticed_away()
                connections.close_all()
                wait = IDLE_SECONDS
            if until_idle and (wait is None or wait > IDLE_SECONDS):
                break
            time.sleep(IDLE_SECONDS if wait is None else min(max(wait, 0.01), IDLE_SECONDS))
