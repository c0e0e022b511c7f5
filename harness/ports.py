"""Ports on 127.0.0.1: a free one, and waiting until something listens on one."""

import contextlib
import socket
import time

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")
