"""One writer per database: the hall holds a lock on its database for as long as it serves.

A second hall on the same database would serve stale tables and write over the first one's
log, so it is refused at start, naming the database and what holds it. On SQLite the lock is
an exclusive ``flock`` on a file beside the database (``hall.db.lock``), which also names the
holder; on PostgreSQL a session-level advisory lock on a connection kept for the hall's life.
Both belong to the operating system or the database server: they die with the process, so a
hall killed outright never blocks its restart.
"""

from __future__ import annotations

import fcntl
import os
import socket
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Connection, Engine, text

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text

ADVISORY_KEY = 0x6A4D_4841
"""The PostgreSQL advisory lock key of a hall (below 2**31: pg_locks shows it in ``objid``)."""


class DatabaseHeld(GamehallError):
    """Another hall already writes to this database."""


def holder_name() -> str:
    """How this process names itself to a hall refused the database."""
    since = datetime.now(UTC).isoformat(timespec="seconds")
    return f"gamehall pid {os.getpid()} on {socket.gethostname()} since {since}"


def refusal(database: str, holder: str) -> DatabaseHeld:
    """The error of a hall that finds ``database`` held by ``holder``."""
    return DatabaseHeld.of(
        Text("store.database_held", {"database": database, "holder": holder or "?"})
    )


class WriterLock:
    """The lock of a database that needs none (an in-memory SQLite database)."""

    def acquire(self) -> None:
        """Hold the database (again, after a release); DatabaseHeld if another hall does."""

    def release(self) -> None:
        """Let the database go (harmless if not held)."""


class FileLock(WriterLock):
    """An exclusive ``flock`` on ``<database>.lock``, the holder's name written inside."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = database.with_name(database.name + ".lock")
        self.fd: int | None = None

    def acquire(self) -> None:
        if self.fd is not None:
            return
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)  # not truncated: it names the holder
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 400, 0).decode(errors="replace").strip()
            os.close(fd)
            raise refusal(str(self.database), holder) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, (holder_name() + "\n").encode(), 0)
        self.fd = fd

    def release(self) -> None:
        if self.fd is None:
            return
        os.ftruncate(self.fd, 0)
        os.close(self.fd)  # closing the last descriptor drops the flock
        self.fd = None


class AdvisoryLock(WriterLock):
    """A session-level ``pg_try_advisory_lock`` on a connection of its own."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.connection: Connection | None = None

    def acquire(self) -> None:
        if self.connection is not None:
            return
        connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            connection.execute(
                text("SELECT set_config('application_name', :name, false)"),
                {"name": holder_name()[:63]},
            )
            held = connection.execute(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}
            ).scalar()
            if not held:
                raise refusal(self.database(), self.holder(connection))
        except BaseException:
            connection.close()
            raise
        self.connection = connection

    def release(self) -> None:
        if self.connection is None:
            return
        try:
            self.connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})
        finally:
            self.connection.close()
            self.connection = None

    def database(self) -> str:
        """The database, named without its password."""
        return self.engine.url.render_as_string(hide_password=True)

    @staticmethod
    def holder(connection: Connection) -> str:
        """The session holding the hall's advisory lock in this database, as it named itself."""
        row = connection.execute(
            text(
                "SELECT a.application_name, a.client_addr, a.pid FROM pg_locks l"
                " JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.objid = :key"
                " AND l.database = (SELECT oid FROM pg_database"
                " WHERE datname = current_database())"
            ),
            {"key": ADVISORY_KEY},
        ).first()
        if row is None:
            return "?"
        name, address, pid = row
        return f"{name or 'a session'} (server pid {pid}, from {address or 'a local socket'})"
