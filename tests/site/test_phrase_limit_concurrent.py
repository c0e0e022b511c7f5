"""Quick phrases sent in the same instant (several sockets of one person, several
processes) pass one at a time: one of them goes, the others are too quick. The list of a
person's phrases was read and written back without a lock: all of them went."""

import threading
import time

from django.utils import translation

from games.table import phrase_limits


class OverTheNetwork:
    """The cache as Redis is to a process: every call takes a moment's round trip (the
    moment in which another process's call comes in)."""

    def __init__(self, cache) -> None:
        self.cache = cache

    def __getattr__(self, name):
        call = getattr(self.cache, name)

        def slowly(*args, **kwargs):
            time.sleep(0.02)
            return call(*args, **kwargs)

        return slowly


def test_phrases_sent_together_let_one_through(settings, monkeypatch):
    real = phrase_limits.caches
    monkeypatch.setattr(phrase_limits, "caches", {"default": OverTheNetwork(real["default"])})
    settings.PHRASE_INTERVAL_SECONDS = 3
    settings.PHRASES_PER_MINUTE = 10
    start = threading.Barrier(12)
    answers = []

    def send():
        start.wait()
        with translation.override("en"):
            answers.append(phrase_limits.phrase_refusal(4242))

    threads = [threading.Thread(target=send) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert len(answers) == 12
    assert answers.count(None) == 1
    assert all("too quickly" in answer for answer in answers if answer is not None)
