"""One bad table never stops the hall: a table whose log cannot be replayed (an action that
does not parse, one that is illegal where it stands, a rules version the code does not have,
an unknown game, damaged options) is marked broken once, logged on one line, listed with a
badge and its reason in the page's language, refused (410) by its page, API and socket, and
every other table starts and plays. Its log is never rewritten. SQLite and PostgreSQL."""

from __future__ import annotations

import html
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until

DAMAGES = ["unparsable", "illegal", "rules_version", "unknown_game", "options"]
REASONS = {
    "unparsable": ("action 5 of its log (no such action) does not replay", "l'action 5 de son"),
    "illegal": ("action 5 of its log", "ne se rejoue pas"),
    "rules_version": ("played under rules version 0.0-old", "version 0.0-old des règles"),
    "unknown_game": ("it cannot be loaded", "elle ne peut pas être chargée"),
    "options": ("its options are damaged", "ses options sont abîmées"),
}


def bot_table(client: TestClient, bot_delay: float) -> str:
    """A Boss Quest table of three random bots; its id."""
    seats = [{"kind": "bot", "bot": "random"}] * 3
    body = {"game": "boss-quest", "players": 3, "seats": seats, "bot_delay": bot_delay}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: str = response.json()["id"]
    return table


def damage(url: str, table: str, kind: str) -> None:
    """Damage one table's row or log the way a bad write, an old hall or a new one would."""
    statements = {
        "unparsable": "UPDATE actions SET action = 'no such action'"
        " WHERE table_id = :t AND seq = 5",
        "illegal": "UPDATE actions SET action = (SELECT action FROM actions WHERE table_id = :t"
        " AND seq = 0) WHERE table_id = :t AND seq = 5",
        "rules_version": "UPDATE tables SET rules_version = '0.0-old' WHERE id = :t",
        "unknown_game": "UPDATE tables SET game = 'no-such-game' WHERE id = :t",
        "options": "UPDATE tables SET options = '{damaged' WHERE id = :t",
    }
    engine = open_engine(url)
    statement = statements[kind]
    if kind == "options" and engine.dialect.name == "postgresql":  # json is checked there
        statement = "UPDATE tables SET options = '[1, 2]' WHERE id = :t"
    with engine.begin() as connection:
        connection.execute(text(statement), {"t": table})
    engine.dispose()


def rows(url: str, table: str) -> tuple[Any, ...]:
    """A table's row and its whole log, as stored."""
    engine = open_engine(url)
    with engine.connect() as connection:
        row = connection.execute(
            text("SELECT game, rules_version, options, status FROM tables WHERE id = :t"),
            {"t": table},
        ).one()
        log = connection.execute(
            text("SELECT seq, action, mover FROM actions WHERE table_id = :t ORDER BY seq"),
            {"t": table},
        ).all()
    engine.dispose()
    return (tuple(row), [tuple(r) for r in log])


@pytest.fixture
def broken_hall(database_url: str) -> tuple[str, dict[str, str], str]:
    """A database with one table per kind of damage (each stopped before its end: its bots
    pause 10 s), and a sound one in play: the URL, damage -> table, and the sound table."""
    with TestClient(create_app(database_url, caps=GENEROUS)) as client:
        tables = {kind: bot_table(client, bot_delay=10) for kind in DAMAGES}
        sound = bot_table(client, bot_delay=10)
        wait_until(
            lambda: all(
                client.get(f"/api/tables/{t}").json()["seq"] > 6 for t in [*tables.values(), sound]
            ),
            "the first draws of every table",
        )
    for kind, table in tables.items():
        damage(database_url, table, kind)
    return database_url, tables, sound


def test_every_other_table_starts_and_plays(
    broken_hall: tuple[str, dict[str, str], str], caplog: pytest.LogCaptureFixture
) -> None:
    """The hall starts; each damaged table is marked and logged once; the sound one plays
    on to its end (its bots now without pause)."""
    url, tables, sound = broken_hall
    engine = open_engine(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE tables SET bot_delay = 0 WHERE id = :t"), {"t": sound})
    engine.dispose()
    before = {table: rows(url, table) for table in tables.values()}
    with (
        caplog.at_level(logging.ERROR, logger="gamehall.store.tables"),
        TestClient(create_app(url, caps=GENEROUS)) as client,
    ):
        assert client.get("/api/health").status_code == 200
        wait_until(lambda: client.get(f"/api/tables/{sound}").json()["over"], "the sound game")
    logged = [r.getMessage() for r in caplog.records if r.name == "gamehall.store.tables"]
    for kind, table in tables.items():
        lines = [line for line in logged if line.startswith(f"table {table} is broken")]
        assert len(lines) == 1 and "\n" not in lines[0], (kind, logged)
        assert REASONS[kind][0] in lines[0], (kind, lines[0])
    store = TableStore(open_engine(url))
    marks = {table: store.get(table).broken for table in tables.values()}  # type: ignore[union-attr]
    assert all(marks.values())
    caplog.clear()
    with TestClient(create_app(url, caps=GENEROUS)) as client:  # marking again changes nothing
        assert client.get("/api/health").status_code == 200
    assert not [r for r in caplog.records if r.name == "gamehall.store.tables"]
    assert {t: store.get(t).broken for t in tables.values()} == marks  # type: ignore[union-attr]
    for table in tables.values():  # never rewritten: the row and the log as they were
        assert rows(url, table) == before[table]
    store.engine.dispose()


def test_a_broken_table_is_shown_and_refused_with_its_reason(
    broken_hall: tuple[str, dict[str, str], str],
) -> None:
    """The lobby lists each with a badge and its reason, in English and in French; its API,
    page and socket refuse it (410) naming the reason, not a 500."""
    url, tables, sound = broken_hall
    with TestClient(create_app(url, caps=GENEROUS)) as client:
        english = html.unescape(client.get("/fragments/tables").text)
        french = html.unescape(client.get("/fragments/tables?lang=fr").text)
        for kind, table in tables.items():
            en, fr = REASONS[kind]
            item = next(line for line in english.split("<li") if table in line)
            assert 'class="badge broken"' in item and ">broken<" in item and en in item, item
            item = next(line for line in french.split("<li") if table in line)
            assert ">cassée<" in item and fr in item, item
            refused = client.get(f"/api/tables/{table}")
            assert refused.status_code == 410, refused.text
            assert refused.json()["error"].startswith(f"table {table} cannot be played: ")
            assert en in refused.json()["error"]
            page = client.get(f"/t/{table}?lang=fr")
            assert page.status_code == 410 and page.headers["content-type"].startswith("text/html")
            shown = html.unescape(page.text)
            assert f"la table {table} ne peut pas être jouée" in shown and fr in shown
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect(f"/ws/tables/{table}") as socket,
            ):
                socket.receive_json()
            assert closed.value.code == 4410
        assert sound not in [t for t in tables.values()]
        sound_item = next(line for line in english.split("<li") if sound in line)
        assert "broken" not in sound_item
        assert client.get(f"/api/tables/{sound}").status_code == 200
