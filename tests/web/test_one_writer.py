"""One writer per database: a second hall is refused at start (in process and as `gamehall
serve`), a killed hall never blocks its restart, an undo deletes only the action it takes back,
and a table whose log has a gap or a wrong mover is refused on resume. SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text, update

from bench.ports import free_port
from gamehall.store.database import open_engine
from gamehall.store.lock import ADVISORY_KEY, DatabaseHeld
from gamehall.store.models import ActionRow
from gamehall.store.tables import LogMismatch, TableStore
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import Server

SERVE = [sys.executable, "-m", "gamehall", "serve"]
SERVE_WAIT = 180.0
"""How long a refused `gamehall serve` may take to exit (it imports the whole hall first)."""


def bot_table(http: httpx.Client | TestClient, **extra: Any) -> dict[str, Any]:
    """Open a table of three bots that plays itself to the end."""
    seats = [{"kind": "bot", "bot": "random"}] * 3
    body = {"game": "boss-quest", "players": 3, "seats": seats, "bot_delay": 0, **extra}
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def people_table(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    """A Boss Quest table of three people: its id, and the credential and snapshot of the
    one to move once the first draws are made."""
    seats = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]
    response = client.post(
        "/api/tables", json={"game": "boss-quest", "players": 3, "seats": seats, "bot_delay": 0}
    )
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    tokens = credentials(client, table)

    def to_move() -> Any:
        return client.get(f"/api/tables/{table['id']}").json()["to_move"] in tokens

    wait_until(to_move, "a person's turn")
    credential = tokens[client.get(f"/api/tables/{table['id']}").json()["to_move"]]
    state = client.get(f"/api/tables/{table['id']}", headers={CREDENTIAL: credential}).json()
    return table["id"], credential, state


def test_a_second_hall_in_one_process_is_refused_until_the_first_stops(
    database_url: str,
) -> None:
    """The second `create_app` on the same database is refused, naming the database and the
    process that holds it; once the first stops, a hall starts on it again."""
    first = create_app(database_url, caps=GENEROUS)
    with pytest.raises(DatabaseHeld) as refused:
        create_app(database_url, caps=GENEROUS)
    message = str(refused.value)
    assert "already in use by another hall" in message
    assert f"gamehall pid {os.getpid()}" in message
    shown = database_url.rsplit("/", 1)[-1]
    assert shown in message and "\n" not in message
    with TestClient(first) as http:
        assert http.get("/api/health").status_code == 200
    again = create_app(database_url, caps=GENEROUS)
    with TestClient(again) as http:
        assert http.get("/api/health").status_code == 200


def test_a_second_gamehall_serve_is_refused_with_one_line(database_url: str) -> None:
    """`gamehall serve` on a database a served hall holds exits non-zero at once, its one
    line naming the database and the first server's process."""
    running = Server(database_url)
    try:
        running.start()
        assert running.process is not None
        second = subprocess.run(
            [*SERVE, "--port", str(free_port()), "--database", database_url],
            capture_output=True,
            text=True,
            timeout=SERVE_WAIT,
            check=False,
        )
        assert second.returncode == 2, second.stderr
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert "already in use by another hall" in lines[0]
        assert f"gamehall pid {running.process.pid}" in lines[0]
        assert database_url.rsplit("/", 1)[-1] in lines[0]
        assert "open http://" not in second.stdout  # it never claimed to serve
        assert httpx.get(running.base + "/api/health").status_code == 200  # the first serves on
    finally:
        running.stop()


def advisory_lock_free(url: str) -> bool:
    """Whether no session holds the hall's advisory lock in the PostgreSQL database ``url``."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection:
            held = connection.execute(
                text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = :k"),
                {"k": ADVISORY_KEY},
            ).scalar()
    finally:
        engine.dispose()
    return held == 0


def test_a_killed_hall_never_blocks_its_restart(database_url: str) -> None:
    """SIGKILL runs no shutdown code, yet the lock dies with the process (the OS drops the
    flock; PostgreSQL ends the session): the restarted hall serves the same tables."""
    first, restarted = Server(database_url), Server(database_url)
    try:
        first.start()
        with httpx.Client(base_url=first.base) as http:
            table = bot_table(http)["id"]
            wait_until(lambda: http.get(f"/api/tables/{table}").json()["over"], "the bots finish")
        first.kill()
        if database_url.startswith("postgresql"):  # the server notices the closed socket
            wait_until(lambda: advisory_lock_free(database_url), "the session ends")
        restarted.start()
        assert httpx.get(f"{restarted.base}/api/tables/{table}").json()["over"]
    finally:
        first.stop()
        restarted.stop()


def test_undo_deletes_only_the_action_it_takes_back(database_url: str) -> None:
    """By table, sequence and action: a different action at that place, or one that is not
    the last, is refused and nothing is deleted."""
    store = TableStore(open_engine(database_url))
    app = create_app(database_url, caps=GENEROUS)
    with TestClient(app) as client:
        table = bot_table(client)["id"]
        wait_until(lambda: client.get(f"/api/tables/{table}").json()["over"], "the game ends")
    log = store.actions(table)
    last, action, _ = log[-1]
    with pytest.raises(LogMismatch, match=f"does not end with action {last}"):
        store.remove_last(table, last, action + "x")
    with pytest.raises(LogMismatch, match=f"does not end with action {last - 1}"):
        store.remove_last(table, last - 1, log[-2][1])
    assert store.actions(table) == log
    store.remove_last(table, last, action)
    assert store.actions(table) == log[:-1]
    store.engine.dispose()


def test_an_undo_of_a_log_changed_behind_the_hall_is_refused_and_the_log_kept(
    tmp_path: Path,
) -> None:
    """If the log's last row is not the action the hall takes back (written by something
    else), the undo is refused (409), nothing is deleted, and the table is replayed from its
    log, which is the truth."""
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    store = TableStore(open_engine(url))
    with TestClient(create_app(url, leave_grace=600, caps=GENEROUS)) as client:
        table, credential, state = people_table(client)
        discard = next(a["action"] for a in state["legal"] if a["action"].startswith("discard"))
        moved = client.post(
            f"/api/tables/{table}/actions",
            headers={CREDENTIAL: credential},
            json={"seq": state["seq"], "action": discard},
        )
        assert moved.status_code == 200, moved.text
        seq = moved.json()["seq"]
        with store.engine.begin() as connection:  # another writer rewrites the last action
            connection.execute(
                update(ActionRow)
                .where(ActionRow.table_id == table, ActionRow.seq == seq - 1)
                .values(action="ask 1")
            )
        before = store.actions(table)
        undone = client.post(
            f"/api/tables/{table}/undo", headers={CREDENTIAL: credential}, json={"seq": seq}
        )
        assert undone.status_code == 409, undone.text
        assert "does not end with action" in undone.json()["error"]
        assert store.actions(table) == before
        shown = client.get(f"/api/tables/{table}", headers={CREDENTIAL: credential}).json()
        assert shown["seq"] == len(before)  # the replayed log, not the memory before it
    store.engine.dispose()


def tamper(url: str, table: str, change: str) -> None:
    """Damage a table's log as another writer could: a gap, or a wrong mover."""
    engine = open_engine(url)
    with engine.begin() as connection:
        if change == "gap":
            connection.execute(
                text("DELETE FROM actions WHERE table_id = :t AND seq = 3"), {"t": table}
            )
        else:
            connection.execute(
                text("UPDATE actions SET mover = :m WHERE table_id = :t AND seq = 0"),
                {"t": table, "m": 1},  # seq 0 is a draw: chance moved
            )
    engine.dispose()


def test_resuming_refuses_a_log_with_a_gap_or_a_wrong_mover(database_url: str) -> None:
    """A gap in the sequence numbers, or a stored mover the replay disagrees with: the table
    is refused with the reason (410), every other table still plays."""
    with TestClient(create_app(database_url, caps=GENEROUS)) as client:
        gap, mover, sound = (bot_table(client, bot_delay=5)["id"] for _ in range(3))
        wait_until(
            lambda: all(
                client.get(f"/api/tables/{t}").json()["seq"] > 4 for t in (gap, mover, sound)
            ),
            "the first draws",
        )
    tamper(database_url, gap, "gap")
    tamper(database_url, mover, "mover")
    with TestClient(create_app(database_url, caps=GENEROUS)) as client:
        refused = client.get(f"/api/tables/{gap}")
        assert refused.status_code == 410
        assert "its log skips from action 3 to action 4" in refused.json()["error"]
        refused = client.get(f"/api/tables/{mover}")
        assert refused.status_code == 410
        assert "action 0 of its log says Seat 2 moved" in refused.json()["error"]
        assert client.get(f"/api/tables/{sound}").status_code == 200
