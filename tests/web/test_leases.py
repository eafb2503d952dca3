"""Table leases on PostgreSQL (``store.leases``): one worker drives a table at a time, and
when that worker dies, even by SIGKILL, another takes its tables over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from sqlalchemy import Engine

from gamehall.store.leases import Leases

HOLDER = """
import sys, time
from gamehall.store.database import connect
from gamehall.store.leases import Leases
leases = Leases(connect(sys.argv[1]))
assert all(leases.take(table) for table in sys.argv[2:])
print("held", flush=True)
time.sleep(600)
"""


def test_one_worker_drives_a_table_at_a_time(postgres_engine: Engine) -> None:
    first, second = Leases(postgres_engine), Leases(postgres_engine)
    try:
        assert first.take("t-one") and first.take("t-one")  # held already: still its own
        assert not second.take("t-one")
        assert second.take("t-two") and not first.take("t-two")
        first.give_up("t-one")
        assert second.take("t-one") and not first.take("t-one")
        second.close()
        assert first.take("t-one") and first.take("t-two")
        assert first.held == {"t-one", "t-two"}
    finally:
        first.close()
        second.close()


def test_the_tables_of_a_worker_killed_outright_are_taken_over(postgres_engine: Engine) -> None:
    url = postgres_engine.url.render_as_string(hide_password=False)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, url, "t-a", "t-b"], stdout=subprocess.PIPE, text=True
    )
    survivor = Leases(postgres_engine)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert not survivor.take("t-a") and not survivor.take("t-b")
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(timeout=30)
        deadline = time.monotonic() + 30  # the server ends the session as the socket closes
        while not (survivor.take("t-a") and survivor.take("t-b")):
            assert time.monotonic() < deadline, "the killed worker's leases were not freed"
            time.sleep(0.1)
        assert survivor.held == {"t-a", "t-b"}
    finally:
        holder.kill()
        holder.wait()
        survivor.close()
