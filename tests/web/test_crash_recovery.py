"""Crash recovery: a hall killed (SIGKILL) at random moments while people and bots play many
tables loses no acknowledged action, applies none twice, and serves every table exactly as an
independent replay of its stored log (bench/crash.py's drill, a few rounds, SQLite and
PostgreSQL). Also what the drill and the soak found: a kill right after a game's last action
leaves it finished, a finished game cannot be undone, and finished tables do not pile up in
memory."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bench.crash import RoundFigures, Settings, run_round
from gamehall.core.record import Record, replay
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.app import create_app
from gamehall.web.hall import FINISHED_KEPT
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import postgres_url

DRILL = Settings(tables=8, kills=2, pause=(0.3, 1.5), tail=1.0)


def fresh_like(url: str, tmp_path: Path, number: int) -> str:
    """Another fresh database of the same kind as ``url``."""
    if url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / f'round{number}.db'}"
    fresh = postgres_url()
    assert fresh is not None
    return fresh


def test_sigkill_while_playing_loses_and_duplicates_no_action(
    database_url: str, tmp_path: Path
) -> None:
    """Two rounds of two kills each: every 200 is logged once at its seq, every person's
    logged action was submitted, and every seat's served snapshot (and every view shown before
    a kill) equals an independent replay of the log."""
    rounds: list[RoundFigures] = []
    for number in range(2):
        url = database_url if number == 0 else fresh_like(database_url, tmp_path, number)
        workdir = tmp_path / f"round{number}"
        workdir.mkdir()
        figures = asyncio.run(run_round(url, DRILL, f"pytest/{number}", workdir))
        assert figures.kills == DRILL.kills
        assert figures.clean, figures.first_problems
        rounds.append(figures)
    assert sum(r.acked for r in rounds) > 50, "the clients played"
    assert sum(r.tables for r in rounds) >= 2 * DRILL.tables
    assert sum(r.views_checked for r in rounds) > sum(r.tables for r in rounds)


CHILD = """
import asyncio, os, sys
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.hall import Hall, SeatRequest

hall = Hall(TableStore(open_engine(sys.argv[1])))
append_many = TableStore.append_many

def append_then_die(store, table_id, *args):
    append_many(store, table_id, *args)
    if hall.tables[table_id].match.is_over():
        os._exit(9)  # killed right after the game's last action is written

TableStore.append_many = append_then_die

async def main():
    bots = [SeatRequest("bot", "random")] * 3
    info, _ = hall.create_table("boss-quest", 3, {}, bots, bot_delay=0, seed="end")
    print(info.id, flush=True)
    hall.live(info.id)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def test_kill_after_the_last_action_leaves_the_table_finished(database_url: str) -> None:
    """The last action and the finished mark are one write: no game over listed as playing."""
    child = subprocess.run(
        [sys.executable, "-c", CHILD, database_url],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 9, child.stderr
    table = child.stdout.split()[0]
    store = TableStore(open_engine(database_url))
    info = store.get(table)
    assert info is not None
    actions = [action for _, action, _ in store.actions(table)]
    match = replay(
        Record(info.game, info.players, info.rules_version, info.seed, info.options, [], actions)
    )
    outcome = match.outcome()
    assert outcome is not None
    assert (info.status, info.outcome) == ("finished", outcome.to_json())
    assert table not in {t.id for t in store.list_tables("playing")}


MOST_STEPS = 5_000
"""Moves the always-first-action game may take before the test fails."""


def test_a_finished_game_cannot_be_undone(client: TestClient) -> None:
    """Undoing the last action of a finished game would reopen it behind its finished mark."""
    table = client.post(
        "/api/tables",
        json={
            "game": "20-strong",
            "players": 1,
            "bot_delay": 0,
            "seed": "undo-end",
            "seats": [{"kind": "me"}],
        },
    ).json()
    headers = {CREDENTIAL: credentials(client, table)[0]}

    def ready() -> dict[str, Any]:  # the seat's move, or the end (else empty)
        state: dict[str, Any] = client.get(f"/api/tables/{table['id']}", headers=headers).json()
        return state if state["over"] or state["legal"] else {}

    for _ in range(MOST_STEPS):  # a solo seeded game: the same steps every time
        state = wait_until(ready, "the seat's move or the end")
        if state["over"]:
            break
        client.post(
            f"/api/tables/{table['id']}/actions",
            headers=headers,
            json={"seq": state["seq"], "action": state["legal"][0]["action"]},
        )
    assert state["over"], f"the game did not end in {MOST_STEPS} moves"
    undone = client.post(
        f"/api/tables/{table['id']}/undo", headers=headers, json={"seq": state["seq"]}
    )
    assert undone.status_code == 409, undone.text
    assert client.get(f"/api/tables/{table['id']}").json()["over"]


def test_finished_tables_do_not_pile_up_in_memory(tmp_path: Path) -> None:
    """The soak's leak: every finished table stayed in memory. Now the newest few are kept, and
    an older one is replayed from its log when asked for."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", caps=GENEROUS)
    bots = [{"kind": "bot", "bot": "random"}] * 2
    with TestClient(app) as client:
        hall = app.state.hall
        ids = []
        for number in range(FINISHED_KEPT + 16):
            table = client.post(
                "/api/tables",
                json={
                    "game": "boss-quest",
                    "players": 2,
                    "bot_delay": 0,
                    "seed": f"pile{number}",
                    "seats": bots,
                },
            ).json()
            ids.append(table["id"])
        deadline = time.monotonic() + 120
        while len(hall.store.list_tables("finished", 1000)) < len(ids):
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        assert len(hall.tables) <= FINISHED_KEPT
        assert ids[0] not in hall.tables
        state = client.get(f"/api/tables/{ids[0]}").json()
        assert state["over"] and state["seq"] == len(hall.store.actions(ids[0]))
        record = client.get(f"/api/tables/{ids[0]}/record")
        assert record.status_code == 200
        assert replay(Record.from_json(record.json())).is_over()
