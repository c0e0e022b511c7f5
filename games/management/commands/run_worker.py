"""`manage.py run_worker`: timers and computer players outside the web processes.

For deployments with several web processes. It claims due rounds with
SELECT … FOR UPDATE SKIP LOCKED (see games.play.steps), so any number of workers and web
processes can run together without applying a move twice.
"""

import signal
import time

from django.core.management.base import BaseCommand

from games.play.steps import advance_due_rounds
from games.rooms import idle_rooms

IDLE_SECONDS = 0.5


class Command(BaseCommand):
    help = "Apply due moves (computer players, missed deadlines) until stopped."

    def add_arguments(self, parser):
        parser.add_argument("--until-idle", action="store_true",
                            help="stop once nothing is due (for scripts and tests)")

    def handle(self, *args, until_idle=False, **options):
        stopping = []
        signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
        self.stdout.write("worker: applying due moves")
        while not stopping:
            idle_rooms.sweep_if_due()  # once a minute: rooms nobody has been at close
            wait = advance_due_rounds()
            if until_idle and (wait is None or wait > IDLE_SECONDS):
                break
            time.sleep(IDLE_SECONDS if wait is None else min(max(wait, 0.01), IDLE_SECONDS))
