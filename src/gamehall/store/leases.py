"""Table leases on PostgreSQL: which worker drives a table (its chance, its bots, its clocks).

A worker holds the lease of each table it drives as a session-level advisory lock on one
connection it keeps for that purpose (``pg_try_advisory_lock(LEASE_CLASS, key)``). The lock
belongs to the database server: when the worker dies, even by SIGKILL, its session ends and
every lease it held is free at once, for another worker to take on its next sweep. A lease is
never waited for: ``take`` answers at once whether this worker now drives the table.

A table's key is 32 bits of its id's SHA-256, so two tables of one database may share a key;
the one lease then covers both, and one worker drives both, which is safe.
"""

from __future__ import annotations

import hashlib
import threading

from sqlalchemy import Connection, Engine, text

from gamehall.store.lock import holder_name

LEASE_CLASS = 0x6A4D_4C53
"""The first half of every table lease's advisory key (the second is the table's)."""


def lease_key(table_id: str) -> int:
    """The second half of the advisory key of ``table_id``'s lease (a signed 32-bit int).

    >>> lease_key("abc") == lease_key("abc"), -(2**31) <= lease_key("abc") < 2**31
    (True, True)
    """
    digest = hashlib.sha256(table_id.encode()).digest()
    return int.from_bytes(digest[:4], "big", signed=True)


class Leases:
    """The table leases this worker holds, on a connection of their own (one at a time: the
    hall's threads share it under a lock)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.held: set[str] = set()
        self._connection: Connection | None = None
        self._lock = threading.Lock()

    def _session(self) -> Connection:
        if self._connection is None:
            connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            connection.execute(
                text("SELECT set_config('application_name', :name, false)"),
                {"name": holder_name()[:63]},
            )
            self._connection = connection
        return self._connection

    def take(self, table_id: str) -> bool:
        """Whether this worker drives ``table_id`` now: its lease taken, or held already."""
        with self._lock:
            if table_id in self.held:
                return True
            taken = (
                self._session()
                .execute(
                    text("SELECT pg_try_advisory_lock(:class, :key)"),
                    {"class": LEASE_CLASS, "key": lease_key(table_id)},
                )
                .scalar()
            )
            if taken:
                self.held.add(table_id)
            return bool(taken)

    def give_up(self, table_id: str) -> None:
        """Let ``table_id``'s lease go (harmless if not held)."""
        with self._lock:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            self._session().execute(
                text("SELECT pg_advisory_unlock(:class, :key)"),
                {"class": LEASE_CLASS, "key": lease_key(table_id)},
            )

    def close(self) -> None:
        """Let every lease go: the session ends (its connection is not handed back to the
        pool, where the locks would outlive it)."""
        with self._lock:
            self.held.clear()
            if self._connection is not None:
                try:
                    self._connection.execute(text("SELECT pg_advisory_unlock_all()"))
                finally:
                    self._connection.invalidate()
                    self._connection.close()
                    self._connection = None
