"""Data safety: a clean stop leaves everything in the SQLite file itself; `gamehall backup`
copies it consistently while the hall serves (and points PostgreSQL to pg_dump); a damaged
file is refused at start with one line; a full disk answers 503 like every other refusal, and
the bots play on once writes succeed again."""

from __future__ import annotations

import html
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import event

from bench.ports import free_port
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.conftest import Server, postgres_url
from tests.web.forms import post_lobby_form

GAMEHALL = [sys.executable, "-m", "gamehall"]
COMMAND_WAIT = 180.0
"""How long one `gamehall` command may take (it imports the whole hall first)."""
NO_LIMIT = 1_073_741_823
"""SQLite's default ``max_page_count``."""


def bot_table(http: httpx.Client | TestClient, game: str = "boss-quest", delay: float = 0) -> str:
    """Open a table that bots play to the end; its id."""
    players = 3 if game == "boss-quest" else 2
    seats = [{"kind": "bot", "bot": "random"}] * players
    body = {"game": game, "players": players, "seats": seats, "bot_delay": delay}
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: str = response.json()["id"]
    return table


def over(http: httpx.Client | TestClient, table: str) -> bool:
    """Whether the table's game has ended."""
    return bool(http.get(f"/api/tables/{table}").json()["over"])


def gamehall(*args: str) -> subprocess.CompletedProcess[str]:
    """Run a `gamehall` command to its end."""
    return subprocess.run(
        [*GAMEHALL, *args], capture_output=True, text=True, timeout=COMMAND_WAIT, check=False
    )


def logged(database: Path) -> dict[str, int]:
    """The actions logged per table in a SQLite file, read with nothing but that file."""
    with closing(sqlite3.connect(database)) as connection:
        found = connection.execute("SELECT table_id, count(*) FROM actions GROUP BY table_id")
        return dict(found.fetchall())


def test_a_clean_stop_leaves_everything_in_the_database_file(tmp_path: Path) -> None:
    """SIGTERM: the hall checkpoints and closes its database, so a copy of hall.db alone
    (no -wal beside it) holds every action served."""
    database = tmp_path / "hall.db"
    running = Server(f"sqlite:///{database}")
    try:
        running.start()
        with httpx.Client(base_url=running.base) as http:
            tables = [bot_table(http) for _ in range(3)]
            wait_until(lambda: all(over(http, t) for t in tables), "the bots finish")
            served = {t: http.get(f"/api/tables/{t}").json()["seq"] for t in tables}
        running.stop()  # SIGTERM (uvicorn ends with that status once it has shut down)
    finally:
        running.stop()
    wal = tmp_path / "hall.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    alone = tmp_path / "copy" / "hall.db"
    alone.parent.mkdir()
    shutil.copyfile(database, alone)
    assert logged(alone) == served
    assert all(n > 50 for n in served.values())


def test_backup_is_consistent_while_the_hall_serves(tmp_path: Path) -> None:
    """The copy, made while bots write, is one sound file (no -wal needed) whose log is a
    gapless prefix of the live one; a hall serves it and replays the table."""
    database, copy = tmp_path / "hall.db", tmp_path / "saved" / "copy.db"
    copy.parent.mkdir()
    url = f"sqlite:///{database}"
    running = Server(url)
    try:
        running.start()
        with httpx.Client(base_url=running.base) as http:
            table = bot_table(http, "ancient-terrible-things", delay=1)  # minutes of play
            wait_until(lambda: http.get(f"/api/tables/{table}").json()["seq"] > 30, "moves")
            done = gamehall("backup", str(copy), "--database", url)
            playing = not over(http, table)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().startswith(f"Backup of {database} written to {copy} (1 ")
        again = gamehall("backup", str(copy), "--database", url)
        assert again.returncode == 2 and "already exists" in again.stderr
        live = TableStore(open_engine(url)).actions(table)  # read beside the serving hall
    finally:
        running.stop()
    assert playing, "the backup was made while the bots played"
    assert not (copy.parent / "copy.db-wal").exists()
    with closing(sqlite3.connect(copy)) as connection:
        assert connection.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        saved = connection.execute(
            "SELECT seq, action, mover FROM actions WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
    assert [seq for seq, _, _ in saved] == list(range(len(saved)))
    assert len(saved) > 30 and saved == live[: len(saved)]
    with TestClient(create_app(f"sqlite:///{copy}", caps=GENEROUS)) as client:
        served = client.get(f"/api/tables/{table}")  # replayed (chance may draw on at once)
        assert served.status_code == 200 and served.json()["seq"] >= len(saved)


def test_backup_of_postgresql_points_to_pg_dump(tmp_path: Path) -> None:
    """`gamehall backup` copies SQLite files; for PostgreSQL it refuses with one line."""
    url = postgres_url()
    assert url is not None
    copy = tmp_path / "copy.sql"
    refused = gamehall("backup", str(copy), "--database", url)
    assert refused.returncode == 2
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "use pg_dump" in lines[0], refused.stderr
    assert "password" not in lines[0] and not copy.exists()


def refused_to_serve(database: Path) -> str:
    """`gamehall serve` on the file: it must exit non-zero with one line; that line."""
    served = subprocess.run(
        [*GAMEHALL, "serve", "--port", str(free_port()), "--database", f"sqlite:///{database}"],
        capture_output=True,
        text=True,
        timeout=COMMAND_WAIT,
        check=False,
    )
    assert served.returncode == 2, (served.stdout, served.stderr)
    lines = served.stderr.strip().splitlines()
    assert len(lines) == 1, served.stderr
    return lines[0]


def test_a_file_that_is_not_a_database_is_refused_at_start(tmp_path: Path) -> None:
    database = tmp_path / "hall.db"
    database.write_text("these are my notes, not a database\n" * 200)
    line = refused_to_serve(database)
    assert f"the database {database} is damaged (file is not a database)" in line
    assert database.read_text().startswith("these are my notes")  # left as it was


def test_a_truncated_database_is_refused_at_start(tmp_path: Path) -> None:
    database = tmp_path / "hall.db"
    with TestClient(create_app(f"sqlite:///{database}", caps=GENEROUS)) as client:
        tables = [bot_table(client) for _ in range(6)]
        wait_until(lambda: all(over(client, t) for t in tables), "the bots finish")
    size = database.stat().st_size
    with database.open("r+b") as handle:
        handle.truncate(size // 2)
    line = refused_to_serve(database)
    assert f"the database {database} is damaged (" in line, line


def full_disk_hall(database: Path, limit: dict[str, int]) -> Any:
    """A hall whose connections take ``limit``'s ``max_page_count`` at every checkout (set to
    1, the database is full at its current size: SQLite refuses to grow it, SQLITE_FULL)."""
    app = create_app(f"sqlite:///{database}", leave_grace=600, caps=GENEROUS)

    def cap(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {limit['pages']}")

    event.listen(app.state.hall.store.engine, "checkout", cap)
    return app


def refused_when_full(send: Any) -> httpx.Response:
    """Send requests that write (``send()``) until the full database refuses one; each one
    before it succeeded (a row may still fit in a page)."""
    for _ in range(200):
        response: httpx.Response = send()
        if response.status_code == 503:
            return response
        assert response.status_code in (200, 201, 303), response.text
    raise AssertionError("the full database never refused a write")


def test_a_full_disk_answers_503_and_the_bots_play_on_once_it_has_room(tmp_path: Path) -> None:
    """A real SQLITE_FULL: the API answers JSON 503, a page a readable 503 in its language,
    the bots' tables wait (health says so) and finish once the database may grow again;
    their logs then replay from the file exactly."""
    database, page_limit = tmp_path / "hall.db", {"pages": NO_LIMIT}
    with TestClient(full_disk_hall(database, page_limit)) as client:
        tables = [bot_table(client, "ancient-terrible-things", delay=0.02) for _ in range(2)]
        wait_until(
            lambda: all(client.get(f"/api/tables/{t}").json()["seq"] > 10 for t in tables),
            "the first moves",
        )
        page_limit["pages"] = 1  # no page more than the file has now
        wait_until(
            lambda: client.get("/api/health").json()["drivers_waiting_to_write"] > 0,
            "a bot table waits for the database",
        )
        refused = refused_when_full(lambda: client.post("/api/tables", json=BODY))
        assert refused.headers["content-type"] == "application/json"
        assert "database or disk is full" in refused.json()["error"]
        page = refused_when_full(
            lambda: post_lobby_form(client, FORM, params={"lang": "fr"}, follow_redirects=False)
        )
        assert page.headers["content-type"].startswith("text/html")
        assert "la base de données ne peut pas prendre cela maintenant" in html.unescape(page.text)
        assert not any(over(client, t) for t in tables)
        page_limit["pages"] = NO_LIMIT
        wait_until(lambda: all(over(client, t) for t in tables), "the bots finish")
        wait_until(
            lambda: client.get("/api/health").json()["drivers_waiting_to_write"] == 0,
            "no table waits",
        )
        served = {t: client.get(f"/api/tables/{t}").json()["seq"] for t in tables}
    assert {t: n for t, n in logged(database).items() if t in tables} == served
    with TestClient(create_app(f"sqlite:///{database}", caps=GENEROUS)) as client:
        for table in tables:  # the log alone replays to the same end
            replayed = client.get(f"/api/tables/{table}").json()
            assert replayed["over"] and replayed["seq"] == served[table]


BODY = {
    "game": "boss-quest",
    "players": 2,
    "seats": [{"kind": "me"}, {"kind": "invite"}],
}
FORM = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "invite"], "bot_delay": "0"}
