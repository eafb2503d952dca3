"""Table updates fanned out across workers through PostgreSQL itself (LISTEN/NOTIFY).

The worker that writes a table's steps sends ``NOTIFY gamehall_tables`` with the table and
its new sequence number, in the transaction of the write (``notify``): the others hear it only
once the steps are committed, in commit order, and never for a write that rolled back. Each
worker listens on a connection of its own (:class:`Listener`) and reloads the tables it hears
of for its listeners (people and spectators connected to it).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import NamedTuple

import psycopg
from sqlalchemy import Connection, Engine, text

CHANNEL = "gamehall_tables"
"""The notification channel of table updates."""


class Update(NamedTuple):
    """A table written up to ``seq`` (its log holds actions ``0 .. seq - 1``)."""

    table_id: str
    seq: int


def notify(connection: Connection, update: Update) -> None:
    """Tell every listening worker of ``update`` once ``connection``'s transaction commits."""
    payload = json.dumps([update.table_id, update.seq])
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {
            "channel": CHANNEL,
            "payload": payload,
        },
    )


class Listener:
    """The updates other workers (and this one) send, heard on a connection of its own."""

    def __init__(self, engine: Engine) -> None:
        url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._connection = psycopg.connect(url, autocommit=True)
        self._connection.execute(f"LISTEN {CHANNEL}")

    def updates(self, timeout: float) -> Iterator[Update]:
        """The updates heard within ``timeout`` seconds (ends at the timeout)."""
        for heard in self._connection.notifies(timeout=timeout):
            table_id, seq = json.loads(heard.payload)
            yield Update(str(table_id), int(seq))

    def close(self) -> None:
        """Stop listening: the connection ends."""
        self._connection.close()
