"""Opening the database: SQLite by default, PostgreSQL by URL; schema kept by Alembic."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.store.lock import AdvisoryLock, FileLock, WriterLock

DEFAULT_URL = "sqlite:///gamehall.db"
MIGRATIONS = Path(__file__).with_name("migrations")


def database_url() -> str:
    """``GAMEHALL_DATABASE_URL``, or a SQLite file in the working directory."""
    return os.environ.get("GAMEHALL_DATABASE_URL", DEFAULT_URL)


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # durable at each checkpoint, fast commits
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def database_problem(error: DBAPIError) -> str:
    """What the database said, on one line (never the statement or its parameters)."""
    said = str(error.orig).strip().splitlines()
    return said[0] if said else type(error.orig).__name__


class DamagedDatabase(GamehallError):
    """A SQLite file that is not a sound database (damaged, truncated, or something else)."""


def sqlite_file(engine: Engine) -> Path | None:
    """The file of a SQLite engine's database (None: not SQLite, or in memory)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database)


def check_integrity(path: Path) -> None:
    """Refuse a SQLite file that ``PRAGMA quick_check`` finds damaged (or that is none)."""
    if not path.exists() or path.stat().st_size == 0:
        return  # a new database
    try:
        with contextlib.closing(sqlite3.connect(path)) as connection:
            found = [row[0] for row in connection.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as error:
        found = [str(error)]
    if found != ["ok"]:
        reason = "; ".join(found[:3])
        raise DamagedDatabase.of(Text("store.damaged", {"database": str(path), "reason": reason}))


def connect(url: str | None = None) -> Engine:
    """An engine for ``url`` (its SQLite file checked first), the schema not yet migrated."""
    url = url or database_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, pool_pre_ping=True)
    path = sqlite_file(engine)
    if path is not None:
        check_integrity(path)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def open_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` with the schema migrated to the newest revision."""
    engine = connect(url)
    migrate(engine)
    return engine


def writer_lock(engine: Engine) -> WriterLock:
    """The lock that makes this hall the only writer to ``engine``'s database (not yet held)."""
    if engine.dialect.name == "postgresql":
        return AdvisoryLock(engine)
    path = sqlite_file(engine)
    return FileLock(path.resolve()) if path is not None else WriterLock()


def open_writer(url: str | None = None) -> tuple[Engine, WriterLock]:
    """The engine of the one hall that writes to ``url``'s database, and the lock it holds
    (taken before migrating: a second hall changes nothing); DatabaseHeld if another holds it."""
    engine = connect(url)
    lock = writer_lock(engine)
    lock.acquire()
    try:
        migrate(engine)
    except BaseException:
        lock.release()
        engine.dispose()
        raise
    return engine, lock


def close_engine(engine: Engine) -> None:
    """Close every connection; a SQLite file is checkpointed first, so it alone holds all of
    its data (nothing is left in ``-wal``)."""
    if sqlite_file(engine) is not None:
        with engine.connect() as connection:
            connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    engine.dispose()


def migrate(engine: Engine) -> None:
    """Bring the schema up to date (``alembic upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
