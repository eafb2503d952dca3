"""A server killed mid-game restarts with every table exactly where it was."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from gamehall.core.record import Record, replay, verify_deal
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import Server


def state(server: Server, table: str, token: str) -> dict[str, Any]:
    response = httpx.get(f"{server.base}/api/tables/{table}", headers={CREDENTIAL: token})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def play_some(server: Server, table: str, token: str, moves: int) -> dict[str, Any]:
    """Make ``moves`` moves for the person (bots and chance play in between)."""
    snapshot = state(server, table, token)
    while moves > 0 and not snapshot["over"]:
        if snapshot["legal"]:
            httpx.post(
                f"{server.base}/api/tables/{table}/actions",
                headers={CREDENTIAL: token},
                json={"seq": snapshot["seq"], "action": snapshot["legal"][-1]["action"]},
            )
            moves -= 1
        time.sleep(0.02)
        snapshot = state(server, table, token)
    return snapshot


def same_lines(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether two snapshots' log windows agree wherever they overlap."""
    first = {before["log_start"] + i: line for i, line in enumerate(before["log"])}
    second = {after["log_start"] + i: line for i, line in enumerate(after["log"])}
    overlap = first.keys() & second.keys()
    return bool(overlap) and all(first[i] == second[i] for i in overlap)


def test_kill_restart_resume_finish(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    server, restarted = Server(url), Server(url)
    try:
        server.start()
        table = httpx.post(
            f"{server.base}/api/tables",
            json={
                "game": "boss-quest",
                "players": 3,
                "bot_delay": 0.01,
                "seats": [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}],
            },
        ).json()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            token = credentials(http, table)[0]
        play_some(server, table["id"], token, 5)
        before = state(server, table["id"], token)
        server.kill()

        log_at_kill = TableStore(open_engine(url)).actions(table["id"])
        restarted.start()
        after = state(restarted, table["id"], token)
        assert after["seq"] >= before["seq"] and after["seq"] >= len(log_at_kill)
        assert same_lines(before, after), "the log seen before the kill is unchanged"
        final = play_some(restarted, table["id"], token, 10_000)
        assert final["over"]
    finally:  # both stopped, also when an assertion fails
        server.stop()
        restarted.stop()

    log = TableStore(open_engine(url)).actions(table["id"])
    assert [seq for seq, _, _ in log] == list(range(len(log))), "no lost or duplicated action"
    assert log[: len(log_at_kill)] == log_at_kill, "the log before the kill is kept as it was"
    record = httpx.Client()  # the record of the finished game replays independently
    restarted.start()
    try:
        data = record.get(f"{restarted.base}/api/tables/{table['id']}/record").json()
    finally:
        restarted.stop()
    assert data["actions"] == [action for _, action, _ in log]
    replayed = replay(Record.from_json(data))
    assert replayed.is_over()
    assert verify_deal(replayed).key == "core.deal.verified", "the deal survives the kill"
