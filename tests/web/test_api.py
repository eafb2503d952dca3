"""The web hall's HTTP and WebSocket API: lobby, tables, seats, actions, undo, errors."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamehall.core.record import Record, replay
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.app import create_app
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.forms import post_lobby_form

INVITE = re.compile(r'id="invite-\d+" value="[^"]*(/t/[\w-]+/seat/[\w-]+)"')
"""An invite link on the table's page, for its host."""


def open_table(client: TestClient, seats: list[dict[str, str]], **extra: Any) -> dict[str, Any]:
    response = client.post(
        "/api/tables",
        json={"game": "boss-quest", "players": len(seats), "seats": seats, "bot_delay": 0, **extra},
    )
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def snapshot(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    """The table as the seat of the credential ``token`` sees it (None: a spectator)."""
    headers = {CREDENTIAL: token} if token else {}
    response = client.get(f"/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def wait_for_turn(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """The seat's snapshot once it must act or the game is over (bots play in between)."""
    for _ in range(400):
        state = snapshot(client, table, token)
        if state["legal"] or state["over"]:
            return state
        time.sleep(0.01)
    raise AssertionError("the seat never got its turn")


def human_to_move(client: TestClient, table: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
    """The seat, credential and snapshot of the person who must act next."""
    tokens = credentials(client, table)
    for _ in range(400):
        mover = snapshot(client, table["id"])["to_move"]
        if mover in tokens:
            return mover, tokens[mover], wait_for_turn(client, table["id"], tokens[mover])
        time.sleep(0.01)
    raise AssertionError("no person got a turn")


def act(client: TestClient, table: str, token: str | None, seq: int, action: str) -> Any:
    headers = {CREDENTIAL: token} if token else {}
    return client.post(
        f"/api/tables/{table}/actions", headers=headers, json={"seq": seq, "action": action}
    )


def test_lobby_lists_games_and_speaks_french(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "Boss Quest" in page.text and "Open a table" in page.text
    french = client.get("/?lang=fr")
    assert "Ouvrir une table" in french.text
    switched = client.get("/lang/fr", follow_redirects=False)
    assert switched.status_code == 303 and "lang=fr" in switched.headers["set-cookie"]


def test_game_page_shows_the_card_gallery(client: TestClient) -> None:
    page = client.get("/games/boss-quest")
    assert page.status_code == 200
    assert "Ancient Dragon" in page.text and "Last Call" in page.text and "house cards" in page.text
    assert client.get("/games/chess").status_code == 404


def test_create_from_the_lobby_form_redirects_to_my_seat(client: TestClient) -> None:
    response = post_lobby_form(
        client,
        data={
            "game": "boss-quest",
            "players": "3",
            "seat_kinds": ["me", "bot:random", "bot:heuristic"],
            "bot_delay": "0",
        },
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"].endswith("/me")
    assert "seat_" in response.headers["set-cookie"]  # the creator's seat, claimed at once
    assert "You are Knight 1" in client.get(response.headers["location"]).text


def test_opening_a_table_redirects_and_its_host_finds_the_invite_links_there(
    client: TestClient,
) -> None:
    """Post/redirect/get: the form's answer is a redirect to the creator's seat, so reloading
    that page opens no second table; the invite link is on the table's page, for its host
    only, the same at every visit, and it opens the friend's seat."""
    form = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "invite"], "bot_delay": "0"}
    response = post_lobby_form(client, data=form, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"].endswith("/me")
    table_id = response.headers["location"].split("/")[2]
    page = client.get(response.headers["location"])
    assert page.status_code == 200 and "You are Knight 1" in page.text
    links = INVITE.findall(page.text)
    assert len(links) == 1 and links == INVITE.findall(client.get(f"/t/{table_id}").text)
    assert client.get(f"/t/{table_id}/me").text.count(links[0]) == 1  # the same each time
    hall = client.app.state.hall  # type: ignore[attr-defined]
    assert len(hall.store.list_tables("playing")) == 1  # the reload opened no other table
    friend = TestClient(client.app)  # another browser: no host panel, no link
    assert INVITE.findall(friend.get(f"/t/{table_id}").text) == []
    token = links[0].rsplit("/", 1)[1]
    claimed = friend.post(f"/api/tables/{table_id}/claim", json={"token": token})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert INVITE.findall(client.get(f"/t/{table_id}/me").text) == []  # taken: shown no more


def test_a_whole_game_through_the_api_and_its_record_replays(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}])
    token = credentials(client, table)[0]
    for _ in range(500):
        state = wait_for_turn(client, table["id"], token)
        if state["over"]:
            break
        choice = state["legal"][-1]["action"]  # the magician: the game moves fast
        assert act(client, table["id"], token, state["seq"], choice).status_code == 200
    assert state["over"]
    record = client.get(f"/api/tables/{table['id']}/record")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    replayed = replay(Record.from_json(record.json()))
    assert replayed.is_over() and len(replayed.actions) == state["seq"]
    replay_page = client.get(f"/t/{table['id']}/replay?step=12")
    assert replay_page.status_code == 200 and "step 12 of" in replay_page.text
    lobby = client.get("/")
    assert f"/t/{table['id']}/replay" in lobby.text and 'hx-get="/fragments/tables"' in lobby.text
    assert f"/t/{table['id']}/replay" in client.get("/fragments/tables").text


def test_bad_submissions_get_the_right_status_and_change_nothing(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}])
    seat, mine, state = human_to_move(client, table)
    other = 1 - seat
    friend = credentials(client, table)[other]
    seq = state["seq"]
    checks = [
        (act(client, table["id"], mine, seq, "ask 9"), 422, "1 to 4 weapons"),
        (act(client, table["id"], mine, seq, "juggle 3"), 422, "unknown verb"),
        (act(client, table["id"], mine, seq - 1, "ask 1"), 409, "expected action"),
        (act(client, table["id"], friend, seq, "ask 1"), 403, f"not Knight {other + 1}'s turn"),
        (act(client, table["id"], None, seq, "ask 1"), 403, "spectator cannot act"),
        (act(client, table["id"], "x" * 32, seq, "ask 1"), 403, "new link"),
        (
            client.post(
                f"/api/tables/{table['id']}/actions",
                content=b"{not json",
                headers={CREDENTIAL: mine, "content-type": "application/json"},
            ),
            422,
            "JSON",
        ),
        (
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: mine},
                json={"seq": "many", "action": 3},
            ),
            422,
            "seq",
        ),
        (
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: mine},
                json={"seq": seq, "action": "ask 1", "extra": 1},
            ),
            422,
            "extra",
        ),
        (
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: mine},
                content=b"x" * 100_000,
            ),
            413,
            "over",
        ),
        (act(client, "nosuchtable", mine, 0, "ask 1"), 404, "no table"),
        (
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers={CREDENTIAL: mine},
                content=(b"x" * 8192 for _ in range(10)),
            ),
            413,
            "over",
        ),
    ]
    for response, status, message in checks:
        assert response.status_code == status, (response.status_code, response.text)
        assert message in response.json()["error"]
    assert snapshot(client, table["id"], mine)["seq"] == seq


def test_the_same_move_submitted_twice_applies_once(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    _, mine, state = human_to_move(client, table)
    first = act(client, table["id"], mine, state["seq"], "ask 1")
    second = act(client, table["id"], mine, state["seq"], "ask 1")
    assert first.status_code == 200 and second.status_code == 409


def test_undo_of_own_action_but_not_across_a_draw(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}])
    _, token, seat_state = human_to_move(client, table)
    discard = next(a["action"] for a in seat_state["legal"] if a["action"] == "discard 1")
    assert act(client, table["id"], token, seat_state["seq"], discard).status_code == 200
    undone = client.post(
        f"/api/tables/{table['id']}/undo",
        headers={CREDENTIAL: token},
        json={"seq": seat_state["seq"] + 1},
    )
    assert undone.status_code == 200 and undone.json()["seq"] == seat_state["seq"]
    assert act(client, table["id"], token, seat_state["seq"], "ask 1").status_code == 200
    refused = client.post(
        f"/api/tables/{table['id']}/undo",
        headers={CREDENTIAL: token},
        json={"seq": seat_state["seq"] + 2},
    )
    assert refused.status_code == 409 and "draw" in refused.json()["error"]


def test_websocket_pushes_the_seat_view_with_only_its_own_hidden_weapon(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}])
    tokens = credentials(client, table)
    human_to_move(client, table)
    hall = client.app.state.hall  # type: ignore[attr-defined]
    state = hall.live(table["id"]).match.state
    codes = hall.live(table["id"]).match.game.cards.weapon_codes
    for seat, token in list(tokens.items())[:2]:
        with client.websocket_connect(
            f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
        ) as socket:
            html = socket.receive_json()["html"]
        own, other = codes[state.hidden[seat]], codes[state.hidden[1 - seat]]
        assert f'data-card="{own}"' in html and f'data-card="{other}"' not in html
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        html = socket.receive_json()["html"]
    assert all(f'data-card="{codes[c]}"' not in html for c in state.hidden)


def test_websocket_refuses_a_bad_token_and_an_unknown_table(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}])
    for path, code in ((f"/ws/tables/{table['id']}", 4403), ("/ws/tables/nope", 4404)):
        wrong = {CREDENTIAL: "wrong"}
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(path, headers=wrong),
        ):
            pass
        assert closed.value.code == code


def test_a_person_who_leaves_is_replaced_by_a_bot(leaving_client: TestClient) -> None:
    client = leaving_client
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}])
    token = credentials(client, table)[0]
    with client.websocket_connect(
        f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
    ) as socket:
        socket.receive_json()
    deadline = time.monotonic() + 120  # the grace is half a second; the bot then plays on
    state = snapshot(client, table["id"], token)
    while not state["over"] and time.monotonic() < deadline:
        time.sleep(0.02)
        state = snapshot(client, table["id"], token)
    assert state["over"], "the bot that replaced the seat should have finished the game"
    hall = client.app.state.hall  # type: ignore[attr-defined]
    assert hall.store.get(table["id"]).seats[0].replaced


def test_a_table_clock_has_a_bot_make_each_move_whose_time_ran_out(tmp_path: Any) -> None:
    from gamehall.web.app import create_app
    from gamehall.web.hall import SeatRequest

    app = create_app(f"sqlite:///{tmp_path / 'clock.db'}", caps=GENEROUS)
    with TestClient(app) as client:
        hall = app.state.hall
        # A clock shorter than the API allows (5 s), so the test is quick.
        info, _ = hall.create_table(
            "boss-quest", 2, {}, [SeatRequest("me"), SeatRequest("bot")], bot_delay=0, clock=0.05
        )
        table = {"id": info.id}
        snapshot(client, info.id)  # loading the table starts its driver
        live = hall.live(table["id"])
        wait_until(live.match.is_over, "the bots making every move as each clock runs out")
        held = hall.store.get(table["id"]).seats[0]
        assert held.bot is None and not held.replaced  # the seat stayed the person's
        assert 0 in live.stood_in


def test_unknown_games_options_and_seats_are_refused(client: TestClient) -> None:
    bad = [
        ({"game": "chess", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}, "chess"),
        ({"game": "boss-quest", "players": 9, "seats": [{"kind": "me"}] * 9}, "2 to 5"),
        ({"game": "boss-quest", "players": 2, "seats": [{"kind": "me"}]}, "1 seats"),
        (
            {"game": "boss-quest", "players": 2, "seats": [{"kind": "bot", "bot": "oracle"}] * 2},
            "unknown bot",
        ),
        (
            {
                "game": "boss-quest",
                "players": 2,
                "options": {"speed": 3},
                "seats": [{"kind": "me"}] * 2,
            },
            "no option",
        ),
        ({"game": "boss-quest", "players": 2, "seats": [{"kind": "alien"}] * 2}, "kind"),
    ]
    for body, message in bad:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422, response.text
        assert message in response.json()["error"]


def test_options_naming_a_local_file_are_refused_over_the_network(client: TestClient) -> None:
    """A card file path is read from the server's disk: only the command line may set it."""
    for game, option in (("20-strong", "deck_file"), ("boss-quest", "cards")):
        players = 1 if game == "20-strong" else 2
        response = client.post(
            "/api/tables",
            json={
                "game": game,
                "players": players,
                "options": {option: "/etc/passwd"},
                "seats": [{"kind": "me"}] * players,
            },
        )
        assert response.status_code == 422, response.text
        assert "command line" in response.json()["error"]


def test_a_twenty_strong_table_takes_its_options(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "20-strong",
            "players": 1,
            "options": {"hero": "flickerpip", "boss": "gloamshard", "rank": 2},
            "seats": [{"kind": "me"}],
        },
    )
    assert response.status_code == 201, response.text
    table = response.json()
    snapshot = client.get(
        f"/api/tables/{table['id']}", headers={CREDENTIAL: credentials(client, table)[0]}
    ).json()
    assert snapshot["view"]["table"]["hero"]["code"] == "flickerpip"
    assert snapshot["view"]["table"]["tyrant"]["code"] == "gloamshard"
    assert snapshot["view"]["table"]["rank"] == 2


def test_a_seed_given_when_opening_a_table_deals_the_same_game(client: TestClient) -> None:
    """Two tables opened with one seed start from the same deal (another seed differs)."""
    me = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
    tables = [open_table(client, me, seed=seed) for seed in ("vesuvius-1", "vesuvius-1", "b")]
    views = [wait_for_turn(client, t["id"], credentials(client, t)[0])["view"] for t in tables]
    assert views[0] == views[1]
    assert views[0] != views[2]  # a fixed pair of seeds known to deal differently


def test_bots_in_a_stalemate_are_stopped_and_the_hall_runs_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots left alone play in runs that yield to the other tables; after STALL_STEPS automatic
    steps with no person acting they stop (a stalemate must not spin the server forever)."""
    from gamehall.web import hall as hall_module

    monkeypatch.setattr(hall_module, "STALL_STEPS", 30)
    monkeypatch.setattr(hall_module, "AUTO_BATCH", 7)
    table = open_table(client, [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
    live = client.app.state.hall.live(table["id"])  # type: ignore[attr-defined]
    wait_until(lambda: live.driver is not None and live.driver.done(), "the bots stopping")
    assert live.driver is not None and live.driver.done()
    assert 30 <= live.seq < 30 + 7 and not live.match.is_over()
    assert client.get("/").status_code == 200  # the hall still answers


def test_health_counts_what_the_hall_holds(client: TestClient) -> None:
    """``/api/health`` answers ok and counts the tables in memory and the sockets watching."""
    empty = client.get("/api/health").json()
    assert empty["status"] == "ok"
    assert (empty["tables_in_memory"], empty["sockets"]) == (0, 0)
    assert empty["python_blocks"] > 0
    assert 0 <= empty["memo_entries"] <= empty["memo_capacity"] and empty["memo_capacity"] > 0
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}])
    token = credentials(client, table)[0]
    with client.websocket_connect(
        f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
    ) as socket:
        socket.receive_json()
        held = client.get("/api/health").json()
        assert (held["tables_in_memory"], held["sockets"]) == (1, 1)
    wait_until(  # the server notices the socket closed on its own time
        lambda: client.get("/api/health").json()["sockets"] == 0, "the socket being let go"
    )


def settled(client: TestClient, table: str) -> Any:
    """The table in memory once its bots and chance have stopped (a person must act)."""
    live = client.app.state.hall.tables[table]  # type: ignore[attr-defined]
    wait_until(lambda: live.driver is None or live.driver.done(), "the table's bots stopping")
    return live


def test_an_idle_table_in_play_is_unloaded_and_replayed_on_demand(client: TestClient) -> None:
    """A table waiting for a person who never comes is unloaded after ``idle_unload`` idle
    seconds (the soak found abandoned tables filling the memory), and replayed from its log,
    unchanged and playable, when next asked for."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])
    mine = credentials(client, table)[0]
    before = wait_for_turn(client, table["id"], mine)
    live = settled(client, table["id"])
    assert hall.unload_idle() == [], "asked for a moment ago"
    assert hall.unload_idle(time.monotonic() + hall.idle_unload + 1) == [table["id"]]
    assert table["id"] not in hall.tables
    assert client.get("/api/health").json()["tables_unloaded_idle"] == 1
    again = snapshot(client, table["id"], mine)
    assert again == before and hall.tables[table["id"]] is not live
    assert act(client, table["id"], mine, again["seq"], again["legal"][0]["action"]).is_success
    assert len(hall.store.actions(table["id"])) > again["seq"]


def test_a_watched_table_or_one_with_a_grace_running_stays_loaded(tmp_path: Path) -> None:
    """Idle unloading spares a table someone watches, and one whose person just left (the
    grace before a bot steps in is still running)."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=600, caps=GENEROUS)
    with TestClient(app) as client:
        spared_while_watched_or_in_grace(client)


def spared_while_watched_or_in_grace(client: TestClient) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    token = credentials(client, table)[0]
    settled(client, table["id"])
    with client.websocket_connect(
        f"/ws/tables/{table['id']}", headers={CREDENTIAL: token}
    ) as socket:
        socket.receive_json()
        assert hall.unload_idle(time.monotonic() + hall.idle_unload + 1) == []
    wait_until(lambda: not hall.tables[table["id"]].listeners, "the socket being let go")
    assert hall.tables[table["id"]].graces, "the person who left has a grace period"
    assert hall.unload_idle(time.monotonic() + hall.idle_unload + 1) == []


def test_the_sweeper_unloads_idle_tables_until_the_hall_closes(tmp_path: Path) -> None:
    """The hall's sweeper looks for idle tables on its own, and stops at shutdown."""

    async def scenario() -> tuple[bool, int, bool]:
        hall = Hall(TableStore(open_engine(f"sqlite:///{tmp_path / 'hall.db'}")), idle_unload=0.05)
        seats = [SeatRequest("me"), SeatRequest("invite")]
        info, _ = hall.create_table("boss-quest", 2, {}, seats, bot_delay=0)
        hall.live(info.id)
        hall.start_sweeper(every=0.02)
        for _ in range(500):
            if info.id not in hall.tables:
                break
            await asyncio.sleep(0.01)
        await hall.close()
        assert hall.sweeper is not None
        return info.id not in hall.tables, hall.unloaded, hall.sweeper.cancelled()

    assert asyncio.run(scenario()) == (True, 1, True)
