"""The advisor and bot strengths in the web hall: the hint endpoint, search bots at a table,
the replacement bot's strength chosen in the lobby."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.test_api import act, human_to_move, open_table, snapshot


def hint(client: TestClient, table: str, token: str | None, seq: int, lang: str = "en") -> object:
    headers = {CREDENTIAL: token} if token else {}
    return client.post(f"/api/tables/{table}/hint?lang={lang}", headers=headers, json={"seq": seq})


def test_the_hint_ranks_every_legal_action_for_the_seat_to_move(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])
    _, token, state = human_to_move(client, table)
    response = hint(client, table["id"], token, state["seq"])
    assert response.status_code == 200, response.text  # type: ignore[attr-defined]
    data = response.json()  # type: ignore[attr-defined]
    legal = sorted(a["action"] for a in state["legal"])
    assert sorted(row["action"] for row in data["actions"]) == legal
    assert all(0 <= row["value"] <= 1 and row["label"] for row in data["actions"])
    assert data["iterations"] > 0 and data["seconds"] < 1.0 and data["solo"] is False
    assert data["actions"][0]["close"] and all(
        isinstance(r["close"], bool) for r in data["actions"]
    )
    said = (
        ("Best: “" + data["actions"][0]["label"]) if data["stands_out"] else "No option stands out"
    )
    assert data["summary"].startswith(said)
    french = hint(client, table["id"], token, state["seq"], "fr").json()  # type: ignore[attr-defined]
    assert {row["label"] for row in french["actions"]} != {row["label"] for row in data["actions"]}
    assert (
        act(client, table["id"], token, state["seq"], data["actions"][0]["action"]).status_code
        == 200
    )


def test_no_hint_for_a_spectator_a_stale_position_or_out_of_turn(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    mover, token, state = human_to_move(client, table)
    other = credentials(client, table)[1 - mover]
    assert hint(client, table["id"], None, state["seq"]).status_code == 403  # type: ignore[attr-defined]
    assert hint(client, table["id"], token, state["seq"] + 5).status_code == 409  # type: ignore[attr-defined]
    refused = hint(client, table["id"], other, state["seq"])
    assert refused.status_code == 422  # type: ignore[attr-defined]
    assert "turn" in refused.json()["error"]  # type: ignore[attr-defined]
    assert snapshot(client, table["id"], token)["seq"] == state["seq"]


def test_a_search_bot_plays_a_whole_table_without_blocking_the_hall(client: TestClient) -> None:
    """Two search bots and a person: the person's hints and snapshots answer while the
    bots think, and the game ends with the search bots' moves in the record."""
    table = open_table(
        client,
        [{"kind": "me"}, {"kind": "bot", "bot": "mcts:20"}, {"kind": "bot", "bot": "mcts:20"}],
    )
    tokens = credentials(client, table)
    for _ in range(200):
        state = snapshot(client, table["id"], tokens[0])
        if state["over"]:
            break
        if state["legal"]:
            act(client, table["id"], tokens[0], state["seq"], state["legal"][0]["action"])
        time.sleep(0.01)
    assert snapshot(client, table["id"])["over"]
    seats = client.get(f"/api/tables/{table['id']}/record").json()["seats"]
    assert seats[1:] == ["", ""]


def test_the_lobby_offers_every_strength_and_the_replacement_bot(client: TestClient) -> None:
    page = client.get("/").text
    for label in ("random (easy)", "heuristic (normal)", "search (strong)"):
        assert label in page
    assert 'name="replacement"' in page


def test_a_leaver_is_replaced_by_the_strength_the_table_chose(
    leaving_client: TestClient,
) -> None:
    client = leaving_client
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}], replacement="random")
    token = credentials(client, table)[0]
    with client.websocket_connect(
        f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
    ) as socket:
        socket.receive_json()
    hall = client.app.state.hall  # type: ignore[attr-defined]
    wait_until(  # the app's grace period is half a second
        lambda: hall.store.get(table["id"]).seats[0].replaced, "a bot taking the seat"
    )
    seat = hall.store.get(table["id"]).seats[0]
    assert seat.replaced and seat.bot == "random"


def test_an_unknown_strength_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "mcts:0"}],
        },
    )
    assert response.status_code == 422
    assert "mcts:0" in response.json()["error"]
    response = client.post(
        "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "me"}],
            "replacement": "genius",
        },
    )
    assert response.status_code == 422
    assert "genius" in response.json()["error"]
