"""``gamehall serve`` picks its database: a SQLite file by default, PostgreSQL by URL.

The server runs as its own process in a scratch working directory, with or without
``GAMEHALL_DATABASE_URL`` (and no ``--database`` option).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.ports import free_port
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from tests.web.conftest import postgres_url


@contextmanager
def serve(cwd: Path, database_url: str | None) -> Iterator[str]:
    """``gamehall serve`` started in ``cwd``; yields its base URL, stops it after."""
    env = {k: v for k, v in os.environ.items() if k != "GAMEHALL_DATABASE_URL"}
    if database_url is not None:
        env["GAMEHALL_DATABASE_URL"] = database_url
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "gamehall", "serve", "--port", str(port)],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 180  # generous: a loaded machine starts slowly
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                if httpx.get(base + "/api/health", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()


def open_a_table(base: str) -> str:
    response = httpx.post(
        base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "bot_delay": 0,
            "seats": [{"kind": "me"}, {"kind": "bot"}],
        },
        timeout=30,
    )
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id


def test_without_a_database_url_the_hall_keeps_a_sqlite_file_in_the_working_directory(
    tmp_path: Path,
) -> None:
    with serve(tmp_path, None) as base:
        table_id = open_a_table(base)
    database = tmp_path / "gamehall.db"
    assert database.is_file(), sorted(p.name for p in tmp_path.iterdir())
    stored = TableStore(open_engine(f"sqlite:///{database}")).get(table_id)
    assert stored is not None and stored.game == "boss-quest"


def test_with_a_postgresql_url_the_table_lands_in_postgresql(tmp_path: Path) -> None:
    url = postgres_url()
    assert url is not None
    with serve(tmp_path, url) as base:
        table_id = open_a_table(base)
    assert list(tmp_path.iterdir()) == [], "no SQLite file (nor anything else) was written"
    engine = open_engine(url)
    try:
        stored = TableStore(engine).get(table_id)
    finally:
        engine.dispose()
    assert stored is not None and stored.game == "boss-quest"
    assert engine.dialect.name == "postgresql"
