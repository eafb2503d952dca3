"""Table updates fanned out across workers through PostgreSQL (``store.fanout``): heard by
every listener once committed, in commit order, never for a write rolled back."""

from __future__ import annotations

import time

from sqlalchemy import Engine

from gamehall.store.database import connect
from gamehall.store.fanout import Listener, Update, notify


def test_an_update_is_heard_by_every_worker_once_committed_in_order(
    postgres_engine: Engine,
) -> None:
    other_worker = connect(postgres_engine.url.render_as_string(hide_password=False))
    listeners = [Listener(postgres_engine), Listener(other_worker)]
    try:
        with postgres_engine.begin() as connection:
            notify(connection, Update("t-1", 4))
            notify(connection, Update("t-2", 1))
        with other_worker.connect() as connection:
            with connection.begin() as transaction:
                notify(connection, Update("t-1", 99))
                transaction.rollback()  # a write that failed is never announced
            with connection.begin():
                notify(connection, Update("t-1", 5))
        expected = [Update("t-1", 4), Update("t-2", 1), Update("t-1", 5)]
        for listener in listeners:
            heard: list[Update] = []
            deadline = time.monotonic() + 30  # delivered at commit; a loaded machine may lag
            while len(heard) < len(expected) and time.monotonic() < deadline:
                heard += listener.updates(timeout=0.5)
            assert heard == expected  # the rolled-back one would have come before the last
    finally:
        for listener in listeners:
            listener.close()
        other_worker.dispose()


def test_nothing_is_heard_when_nothing_was_written(postgres_engine: Engine) -> None:
    listener = Listener(postgres_engine)
    try:
        assert list(listener.updates(timeout=0.2)) == []
    finally:
        listener.close()
