"""Opening the database: SQLite by default, PostgreSQL by URL; schema kept by Alembic."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.store.lock import AdvisoryLock, FileLock, WriterLock

DEFAULT_URL = "sqlite:///gamehall.db"
MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_KEY = 0x6A4D_4D47
"""The PostgreSQL advisory lock key under which one process at a time migrates the schema."""
PASSWORD = re.compile(r"(//[^:/@]*:)[^/]*@")
"""A URL's password: after the user's name, up to the last ``@`` before the host."""


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


class DatabaseUnavailable(GamehallError):
    """A database URL gamehall cannot open, or a database server it cannot reach."""


def shown_url(url: str) -> str:
    """``url`` as it may be shown: its password hidden.

    >>> shown_url("postgresql://hall:s3cret@db.example/hall")
    'postgresql://hall:***@db.example/hall'
    """
    return PASSWORD.sub(r"\1***@", url)


def engine_url(engine: Engine) -> str:
    """The URL of ``engine``'s database as a person gave it: password hidden, the driver
    gamehall chose left out."""
    url = engine.url
    if url.drivername == "postgresql+psycopg":
        url = url.set(drivername="postgresql")
    return url.render_as_string(hide_password=True)


@contextlib.contextmanager
def reaching(engine: Engine) -> Iterator[None]:
    """Turn a database that cannot be reached (a server, a SQLite file's folder) into a
    one-line refusal naming it."""
    try:
        yield
    except (OperationalError, OSError) as error:
        said = database_problem(error) if isinstance(error, DBAPIError) else error.strerror
        reason = {"database": engine_url(engine), "reason": said or type(error).__name__}
        raise DatabaseUnavailable.of(Text("store.unreachable", reason)) from None


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
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except ArgumentError:  # no URL, or a dialect SQLAlchemy has no driver for
        raise DatabaseUnavailable.of(Text("store.bad_url", {"url": shown_url(url)})) from None
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
    with reaching(engine):
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


def migrate(engine: Engine) -> tuple[str | None, str | None]:
    """Bring the schema up to date (``alembic upgrade head``), one process at a time: on
    PostgreSQL under a transaction-level advisory lock, so that workers started together do not
    race (the later ones find it done). Returns the revisions before and after (None: none)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with reaching(engine), engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                lock = text("SELECT pg_advisory_xact_lock(:key)")
                connection.execute(lock, {"key": MIGRATION_KEY})
            before = revision(connection)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            return before, revision(connection)
    except DBAPIError as error:  # reached, but refused: rights, a schema changed by hand ...
        reason = {"database": engine_url(engine), "reason": database_problem(error)}
        raise DatabaseUnavailable.of(Text("store.migrate_failed", reason)) from None


def revision(connection: Connection) -> str | None:
    """The schema revision the database is at (None: a database gamehall never migrated)."""
    return MigrationContext.configure(connection).get_current_revision()
