"""The in-memory channel layer of the one-process default, made to scale with sockets.

Channels' ``InMemoryChannelLayer`` looks for expired messages in every channel on every
send and receive. With two hundred table sockets that walk, repeated for each of them,
was a noticeable share of a busy server's time. Messages expire after a minute, so
looking once a second loses nothing.
"""

import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryLayer


class InMemoryChannelLayer(ChannelsInMemoryLayer):
    CLEAN_EVERY_SECONDS = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at < self.CLEAN_EVERY_SECONDS:
            return
        self._cleaned_at = now
        super()._clean_expired()
