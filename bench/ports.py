"""A loopback port for a server the benchmarks and tests start, kill and restart."""

from __future__ import annotations

import random
import socket
from pathlib import Path

EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
LOWEST = 10_000


def ephemeral_low() -> int:
    """The lowest port the kernel hands out to outgoing connections (32768 if unknown)."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768


def free_port() -> int:
    """A TCP port free on loopback, below the kernel's ephemeral range.

    A port from that range is not safe for a server that is killed and restarted: while it is
    down, a client that keeps connecting to it can be given that very port as its own end (a
    TCP self-connect, which succeeds), and the restarted server then cannot bind it
    (docs/reliability.md, "Crash recovery")."""
    chooser = random.SystemRandom()
    top = max(LOWEST + 1, ephemeral_low())
    for _ in range(200):
        port = chooser.randrange(LOWEST, top)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free loopback port between {LOWEST} and {top}")
