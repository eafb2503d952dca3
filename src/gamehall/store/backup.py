"""``gamehall backup``: a consistent copy of the hall's SQLite database, even while it serves.

SQLite's online backup API copies the database as one snapshot (what the ``-wal`` file holds
included), while the hall goes on writing; the copy is a single file in rollback-journal mode,
ready to be opened or served. A PostgreSQL database is backed up with ``pg_dump``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.store.database import check_integrity, database_url


class BackupRefused(GamehallError):
    """A backup that cannot be made here (PostgreSQL, no database, the file exists)."""


@dataclass(frozen=True)
class Backup:
    """What a backup copied: from where, to where, how many tables and actions."""

    database: Path
    path: Path
    tables: int
    actions: int


def source_file(url: str) -> Path:
    """The SQLite file ``url`` names; refused for PostgreSQL, memory or a missing file."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        shown = parsed.render_as_string(hide_password=True)
        raise BackupRefused.of(Text("store.backup_postgres", {"database": shown}))
    database = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if not database or database == ":memory:" or not Path(database).is_file():
        raise BackupRefused.of(Text("store.backup_missing", {"database": url}))
    return Path(database)


def backup(target: Path, url: str | None = None) -> Backup:
    """Copy the database at ``url`` (the hall's default if None) to the new file ``target``."""
    source = source_file(url or database_url())
    if target.exists():
        raise BackupRefused.of(Text("store.backup_exists", {"path": str(target)}))
    check_integrity(source)
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(source)) as reading,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            reading.backup(copy)  # one consistent snapshot, the hall writing on meanwhile
            copy.execute("PRAGMA journal_mode=DELETE")  # the copy is one self-contained file
            tables, actions = (
                copy.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
                for name in ("tables", "actions")
            )
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return Backup(source, target, tables, actions)
