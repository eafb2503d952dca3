"""A physical table (companion mode) through the API and the WebSocket: people enter the dice
and cards, each outcome by a seat that sees it, and may correct an entry until the next
decision; the record is an ordinary record (docs/companion.md)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from gamehall.bots import make_bot
from gamehall.core.companion import possible_outcomes
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.core.registry import create
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.forms import post_lobby_form
from tests.web.test_api import act, open_table, snapshot


def enter(client: TestClient, table: str, token: str | None, seq: int, entry: str) -> Any:
    headers = {CREDENTIAL: token} if token else {}
    return client.post(
        f"/api/tables/{table}/chance", headers=headers, json={"seq": seq, "entry": entry}
    )


def correct(client: TestClient, table: str, token: str | None, seq: int) -> Any:
    headers = {CREDENTIAL: token} if token else {}
    return client.post(f"/api/tables/{table}/correct", headers=headers, json={"seq": seq})


def a_possible_outcome(client: TestClient, table: str) -> str:
    """An outcome that can come up now (the choices offered a seat may include others: they
    must not tell it what the other seats hold)."""
    match = client.app.state.hall.live(table).match  # type: ignore[attr-defined]
    return str(possible_outcomes(match.game, match.state)[-1])


def socket_html(client: TestClient, table: str, token: str | None) -> str:
    headers = {CREDENTIAL: token} if token else {}
    with client.websocket_connect(f"/ws/tables/{table}", headers=headers) as socket:
        html: str = socket.receive_json()["html"]
    return html


def test_each_outcome_is_entered_by_a_seat_that_sees_it(client: TestClient) -> None:
    """Two knights at a physical Boss Quest: nothing is drawn; a face-down weapon is offered
    to its knight only (the other seat and spectators are refused and see no choices), a
    face-up one to the first knight; the log keeps the entries as chance actions."""
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}], physical=True)
    tokens = list(credentials(client, table).values())
    time.sleep(0.05)
    assert snapshot(client, table["id"])["seq"] == 0, "a physical table draws nothing itself"
    hidden_checked = 0
    for _ in range(40):
        views = [snapshot(client, table["id"], token) for token in tokens]
        if views[0]["to_move"] != "chance":
            break
        seq = views[0]["seq"]
        offered = [i for i, view in enumerate(views) if "entry" in view["companion"]]
        assert len(offered) == 1 or views[0]["companion"]["entry"]["unseen"]
        seat = offered[0]
        entry = views[seat]["companion"]["entry"]
        spectator = snapshot(client, table["id"])["companion"]
        assert "entry" not in spectator and spectator["waiting"]["asked"] == entry["asked"]
        refused = enter(client, table["id"], None, seq, entry["choices"][0]["action"])
        assert refused.status_code == 403 and "spectator" in refused.json()["error"]
        if entry["hidden"]:
            other = 1 - seat
            assert views[other]["companion"]["waiting"] == {
                "asked": "weapon",
                "awaited": f"Knight {seat + 1} enters their hidden weapon…",
                "seat": seat + 1,
            }
            refused = enter(client, table["id"], tokens[other], seq, "1")
            assert refused.status_code == 403, refused.text
            assert f"Knight {other + 1} does not see this outcome" in refused.json()["error"]
            html = socket_html(client, table["id"], tokens[other])
            assert 'data-action="weapon' not in html and 'class="entry-text"' not in html
            assert f"Knight {seat + 1} enters their hidden weapon" in html
            mine = socket_html(client, table["id"], tokens[seat])
            assert 'data-action="weapon R1"' in mine and 'class="entry-text"' in mine
            hidden_checked += 1
        assert snapshot(client, table["id"])["seq"] == seq, "a refused entry changes nothing"
        outcome = a_possible_outcome(client, table["id"])
        response = enter(client, table["id"], tokens[seat], seq, outcome)
        assert response.status_code == 200, response.text
        assert response.json()["seq"] == seq + 1
    assert hidden_checked == 2 and views[0]["to_move"] in (0, 1)
    hall = client.app.state.hall  # type: ignore[attr-defined]
    log = hall.store.actions(table["id"])
    assert log and all(mover == CHANCE for _, _, mover in log)


def test_a_wrong_entry_is_corrected_until_the_next_decision(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}], physical=True)
    me, friend = credentials(client, table).values()
    assert enter(client, table["id"], me, 0, "armorer 2").status_code == 200
    assert enter(client, table["id"], me, 1, "boss 14").status_code == 200
    state = snapshot(client, table["id"], me)
    assert state["companion"]["correct"] == {"last": "boss 14"}
    assert "correct" not in snapshot(client, table["id"], friend)["companion"]
    assert correct(client, table["id"], None, 2).status_code == 403
    refused = correct(client, table["id"], friend, 2)
    assert refused.status_code == 409 and "Knight 1 enters this outcome" in refused.json()["error"]
    stale = correct(client, table["id"], me, 1)
    assert stale.status_code == 409 and "expected action 2" in stale.json()["error"]
    assert correct(client, table["id"], me, 2).json() == {"seq": 1}
    html = socket_html(client, table["id"], me)
    assert 'class="correct"' in html and "Knight 2 is the first armorer." in html  # the log
    assert enter(client, table["id"], me, 1, "21").status_code == 200  # the right boss
    views = [snapshot(client, table["id"], token) for token in (me, friend)]
    while views[0]["to_move"] == "chance":  # lay out, deal: each by the seat offered it
        seat = next(i for i, view in enumerate(views) if "entry" in view["companion"])
        outcome = a_possible_outcome(client, table["id"])
        response = enter(client, table["id"], (me, friend)[seat], views[0]["seq"], outcome)
        assert response.status_code == 200, response.text
        views = [snapshot(client, table["id"], token) for token in (me, friend)]
    mover = views[0]["to_move"]
    token = (me, friend)[mover]
    legal = snapshot(client, table["id"], token)["legal"]
    assert act(client, table["id"], token, views[0]["seq"], legal[-1]["action"]).status_code == 200
    after_decision = correct(client, table["id"], token, views[0]["seq"] + 1)
    assert after_decision.status_code == 409
    assert "the last step was a decision" in after_decision.json()["error"]
    record = Record.of(client.app.state.hall.live(table["id"]).match)  # type: ignore[attr-defined]
    assert record.actions[:2] == ["armorer 2", "boss 21"]


def test_a_physical_table_against_a_bot_records_the_normal_seeded_game(client: TestClient) -> None:
    """A person types their moves and every outcome of a normal seeded game, a bot plays the
    other seat (its moves announced in the log): the table's record is that game and replays."""
    seed = "physical-7"
    game = create("boss-quest", 2)
    normal = Match(game, seed, [make_bot("heuristic", game.name) for _ in range(2)])
    normal.resume([])  # a table's bots draw from the streams of a resumed match
    normal.play_out()
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}], physical=True, seed=seed)
    token = credentials(client, table)[0]
    for index, (action, mover) in enumerate(zip(normal.actions, normal.movers, strict=True)):
        if mover == 1:
            continue
        wait_until(  # the bot moves after the entries, in the background
            lambda: snapshot(client, table["id"])["seq"] == index,  # noqa: B023
            f"the table reaching step {index}",
        )
        if mover == CHANCE:
            response = enter(client, table["id"], token, index, str(action).split(" ", 1)[1])
        else:
            response = act(client, table["id"], token, index, str(action))
        assert response.status_code == 200, (index, str(action), response.text)
    wait_until(lambda: snapshot(client, table["id"])["over"], "the game ending")
    record = client.get(f"/api/tables/{table['id']}/record")
    assert record.status_code == 200
    assert record.json()["actions"] == [str(a) for a in normal.actions]
    assert replay(Record.from_json(record.json())).outcome() == normal.outcome()


def test_a_table_that_draws_its_own_chance_takes_no_entries(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}])
    token = credentials(client, table)[0]
    for _ in range(300):
        state = snapshot(client, table["id"], token)
        if state["legal"]:
            break
        time.sleep(0.01)
    assert state["companion"] == {"physical": False}
    refused = enter(client, table["id"], token, state["seq"], "1")
    assert refused.status_code == 422 and "not a physical copy" in refused.json()["error"]
    assert correct(client, table["id"], token, state["seq"]).status_code == 422


def test_the_lobby_form_opens_a_physical_table(client: TestClient) -> None:
    lobby = client.get("/")
    assert 'name="physical"' in lobby.text and "Physical copy" in lobby.text
    response = post_lobby_form(
        client,
        data={"game": "20-strong", "players": "1", "seat_kinds": ["me"], "physical": "true"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    page = client.get(response.headers["location"])
    assert "physical copy" in page.text
    hall = client.app.state.hall  # type: ignore[attr-defined]
    info = hall.store.list_tables("playing", 1)[0]
    assert info.physical and hall.store.get(info.id).physical
    assert "· physical copy" in client.get("/fragments/tables").text


def test_a_database_from_before_physical_tables_is_migrated(database_url: str) -> None:
    """Migration 0002 adds ``tables.physical`` to an existing database: its tables draw their
    own chance, as before (SQLite and PostgreSQL)."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from gamehall.store.database import MIGRATIONS, open_engine
    from gamehall.store.tables import TableStore

    url = database_url.replace("postgresql://", "postgresql+psycopg://")
    old = create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with old.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, rules_version, status,"
                " bot_delay, created_at) VALUES ('old', 'boss-quest', 2, '{}', '1', '1',"
                " 'playing', 0.6, CURRENT_TIMESTAMP)"
            )
        )
    old.dispose()
    store = TableStore(open_engine(database_url))
    info = store.get("old")
    assert info is not None and info.physical is False
