"""The port a killed-and-restarted server listens on (``bench/ports.py``)."""

from __future__ import annotations

import socket

from bench.ports import ephemeral_low, free_port


def test_the_port_is_below_the_ephemeral_range_and_free() -> None:
    """A port the kernel may give a client as its own end would let a client's self-connect
    hold it while the server is down, and the restart fail (the crash drill's one failed
    restart, docs/reliability.md)."""
    ports = {free_port() for _ in range(20)}
    assert all(1024 < port < ephemeral_low() for port in ports)
    assert len(ports) > 1
    for port in ports:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))
