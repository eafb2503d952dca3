"""Opening the database: SQLite by default, PostgreSQL by URL; schema kept by Alembic."""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event

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


def open_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` with the schema migrated to the newest revision."""
    url = url or database_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    migrate(engine)
    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema up to date (``alembic upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
