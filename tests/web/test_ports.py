"""The port a killed-and-restarted server listens on (``bench/ports.py``)."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import threading
from pathlib import Path

from bench.ports import ephemeral_low, free_port
from tests.waiting import wait_until


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


def test_the_hall_prints_the_address_to_open(tmp_path: Path) -> None:
    """``gamehall serve`` says where to point a browser: the loopback address when it listens
    on every address (0.0.0.0 is not an address a browser opens), and that friends use this
    machine's address."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gamehall",
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{tmp_path / 'hall.db'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"},
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_read_lines, args=(process, lines), daemon=True)
    reader.start()
    try:
        first = wait_until(lambda: _next(lines), "the hall's first line")
        assert first.strip() == f"gamehall web hall: open http://127.0.0.1:{port}/ in a browser"
        second = wait_until(lambda: _next(lines), "the hall's second line")
        assert "friends open this machine's address" in second
    finally:
        process.terminate()
        process.wait(timeout=30)
        reader.join(timeout=30)


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    """Every line the process prints, as it prints it, until its output closes (a blocking
    read: no line can wait unseen in a buffer, as one could behind ``select``)."""
    assert process.stdout is not None
    for line in process.stdout:
        lines.put(line)


def _next(lines: queue.Queue[str]) -> str:
    """The next line printed, or "" if none is there yet."""
    try:
        return lines.get_nowait()
    except queue.Empty:
        return ""
