"""Caps and rates (issue 22, item 6): per-client rates answered 429 with Retry-After, sockets
capped per table and per address, one render per seat and language per step however many
sockets watch, half-open connections closed at a deadline, tables waiting for people closed,
and the tables held in memory bounded."""

from __future__ import annotations

import dataclasses
import socket
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS, SOCKET_BUSY, SOCKET_FLOOD, Caps
from tests.waiting import wait_until
from tests.web.conftest import Server
from tests.web.forms import post_lobby_form, refusal

BOTS = [{"kind": "bot", "bot": "random"}] * 3
WAITING = [{"kind": "invite"}, {"kind": "bot"}]
"""A table waiting for a friend who never opens the link (seat 1 to move first)."""


@contextmanager
def hall_with(tmp_path: Path, **caps: Any) -> Iterator[TestClient]:
    """A hall whose caps are generous but for ``caps``."""
    app = create_app(
        f"sqlite:///{tmp_path / 'hall.db'}",
        leave_grace=600,
        caps=dataclasses.replace(GENEROUS, **caps),
    )
    with TestClient(app) as client:
        yield client


def open_table(client: TestClient, seats: list[dict[str, str]], **extra: Any) -> httpx.Response:
    body = {"game": "boss-quest", "players": len(seats), "seats": seats, "bot_delay": 0, **extra}
    response: httpx.Response = client.post("/api/tables", json=body)
    return response


def assert_rate_refusal(response: httpx.Response, what: str) -> int:
    """A 429 with one line naming what is over its rate, and Retry-After in seconds."""
    assert response.status_code == 429, response.text
    if response.request.url.path.startswith("/api/"):
        assert list(response.json()) == ["error"]
    assert what in refusal(response)
    wait = int(response.headers["retry-after"])
    assert wait >= 1
    return wait


# -- rates -----------------------------------------------------------------------------------


def test_tables_opened_are_rated_per_address(tmp_path: Path) -> None:
    """The API and the lobby form count together; over the rate, 429, and nothing opens."""
    with hall_with(tmp_path, tables="2/minute") as client:
        store = client.app.state.hall.store  # type: ignore[attr-defined]
        form = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "bot:random"]}
        assert open_table(client, WAITING).status_code == 201
        assert post_lobby_form(client, form, follow_redirects=False).status_code == 303
        assert_rate_refusal(open_table(client, WAITING), "tables opened")
        assert_rate_refusal(post_lobby_form(client, form), "tables opened")
        assert len(store.list_tables()) == 2


def test_a_rate_recovers_once_its_window_has_passed(tmp_path: Path) -> None:
    """At one table a second: asked for at once, refused; a moment later, opened again (a
    refused request does not count)."""
    with hall_with(tmp_path, tables="1/second") as client:
        wait_until(lambda: open_table(client, WAITING).status_code == 429, "the rate reached")
        wait_until(lambda: open_table(client, WAITING).status_code == 201, "the rate recovered")


def test_actions_over_their_rate_are_refused(tmp_path: Path) -> None:
    with hall_with(tmp_path, actions="3/minute") as client:
        table = open_table(client, WAITING).json()
        path = f"/api/tables/{table['id']}/actions"
        for _ in range(3):  # counted before anything else: a spectator's refusal counts too
            assert client.post(path, json={"seq": 0, "action": "x"}).status_code == 403
        wait = assert_rate_refusal(client.post(path, json={"seq": 0, "action": "x"}), "actions")
        assert wait <= 60
        undo = client.post(f"/api/tables/{table['id']}/undo", json={"seq": 0})
        assert_rate_refusal(undo, "actions")  # undos, entries, corrections: the same rate
        french = client.post(path + "?lang=fr", json={"seq": 0, "action": "x"})
        assert french.status_code == 429 and "réessayez" in french.json()["error"]


def test_hints_over_their_rate_are_refused(tmp_path: Path) -> None:
    with hall_with(tmp_path, hints="1/minute") as client:
        table = open_table(client, WAITING).json()
        path = f"/api/tables/{table['id']}/hint"
        assert client.post(path, json={"seq": 0}).status_code == 403  # a spectator's
        assert_rate_refusal(client.post(path, json={"seq": 0}), "hints")


# -- sockets ---------------------------------------------------------------------------------


def refused_socket(client: TestClient, path: str) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path) as ws:
        ws.receive_json()
    return closed.value


def test_sockets_are_capped_per_table_and_per_address(tmp_path: Path) -> None:
    """Beyond either cap a socket is closed with 1013 and a reason; one that closes frees its
    place."""
    with hall_with(tmp_path, sockets_per_table=2, sockets_per_address=3) as client:
        first, second = (open_table(client, WAITING).json()["id"] for _ in range(2))
        with ExitStack() as stack:
            for _ in range(2):
                stack.enter_context(client.websocket_connect(f"/ws/tables/{first}")).receive_json()
            closed = refused_socket(client, f"/ws/tables/{first}")
            assert closed.code == SOCKET_BUSY and "watch this table" in closed.reason
            stack.enter_context(client.websocket_connect(f"/ws/tables/{second}")).receive_json()
            closed = refused_socket(client, f"/ws/tables/{second}")
            assert closed.code == SOCKET_BUSY and "your address" in closed.reason
        with client.websocket_connect(f"/ws/tables/{first}") as ws:  # the places were freed
            assert ws.receive_json()["seq"] >= 0


def test_a_socket_sending_over_its_rate_is_closed(tmp_path: Path) -> None:
    with hall_with(tmp_path, socket_messages="3/minute") as client:
        table = open_table(client, WAITING).json()
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.receive_json()
            for _ in range(3):  # each asks for a fresh view
                ws.send_text("refresh")
                ws.receive_json()
            ws.send_text("refresh")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == SOCKET_FLOOD and "too many messages" in closed.value.reason


def test_one_render_per_seat_and_language_per_step_however_many_watch(client: TestClient) -> None:
    """Thirty spectators in two languages watch a table where a bot then plays a whole game
    step by step: each step is rendered at most once per language, not once per socket, and
    every socket sees the end."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = open_table(client, WAITING, bot_delay=0.01).json()
    live = hall.live(table["id"])
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(
                client.websocket_connect(f"/ws/tables/{table['id']}?lang={'en' if i % 3 else 'fr'}")
            )
            for i in range(30)
        ]
        for ws in sockets:
            ws.receive_json()
        changes, rendered = live.changes, live.rendered
        client.portal.call(hall.replace_with_bot, live, 0)  # type: ignore[union-attr]
        for ws in sockets:
            message = ws.receive_json()
            while not message["over"]:
                message = ws.receive_json()
        steps = live.changes - changes
        assert steps >= 5, "the bots played too little to show anything"
        assert live.rendered - rendered <= 2 * steps, (live.rendered - rendered, steps)


# -- half-open connections, against a served hall -------------------------------------------

HALF_OPEN = 300
HEAD_TIMEOUT = 3.0


def serve(tmp_path: Path, header_timeout: float) -> Iterator[Server]:
    """A served hall whose request heads must arrive within ``header_timeout`` s, with 100
    connections an address."""
    caps = dataclasses.replace(GENEROUS, header_timeout=header_timeout, connections_per_address=100)
    server = Server(f"sqlite:///{tmp_path / 'hall.db'}", caps=caps)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def guarded_server(tmp_path: Path) -> Iterator[Server]:
    yield from serve(tmp_path, HEAD_TIMEOUT)


@pytest.fixture
def patient_server(tmp_path: Path) -> Iterator[Server]:
    """Heads may take ten minutes here: only the cap on connections closes any."""
    yield from serve(tmp_path, 600)


def half_open_from(address: str, server: Server, count: int) -> list[socket.socket]:
    """``count`` connections from ``address`` that send half a request line and stop."""
    opened = []
    try:
        for _ in range(count):
            sock = socket.socket()
            opened.append(sock)
            sock.bind((address, 0))
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(b"GET / HT")
            sock.setblocking(False)
    except BaseException:
        for sock in opened:
            sock.close()
        raise
    return opened


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (a non-blocking read finds the end or a reset)."""
    try:
        return sock.recv(64) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_half_open_connections_cannot_lock_clients_out(guarded_server: Server) -> None:
    """300 connections from one address send half a request line and never finish it: another
    client still gets the lobby and plays over a socket, the ones beyond the address's cap are
    closed at once, and every one of them is closed once the head deadline has passed."""
    half_open = half_open_from("127.0.0.2", guarded_server, HALF_OPEN)  # the client: 127.0.0.1
    try:
        with httpx.Client(base_url=guarded_server.base, timeout=60) as http:
            assert http.get("/").status_code == 200
            table = http.post(
                "/api/tables", json={"game": "boss-quest", "players": 2, "seats": WAITING}
            ).json()
        url = guarded_server.base.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
        with connect(url, open_timeout=60) as ws:
            assert '"seq"' in str(ws.recv(timeout=60))
        remaining = set(range(HALF_OPEN))

        def all_closed() -> bool:
            remaining.difference_update({i for i in remaining if closed_by_server(half_open[i])})
            return not remaining

        wait_until(all_closed, "the half-open connections to be closed", every=0.2)
    finally:
        for sock in half_open:
            sock.close()


def test_one_address_holds_at_most_its_cap_of_connections(patient_server: Server) -> None:
    """150 half-open connections from one address: 50 are closed at once (the cap is 100),
    the others wait for their heads, and another address is served meanwhile."""
    half_open = half_open_from("127.0.0.2", patient_server, 150)
    try:
        wait_until(lambda: sum(map(closed_by_server, half_open)) >= 50, "50 closed", every=0.2)
        with httpx.Client(base_url=patient_server.base, timeout=60) as http:
            assert http.get("/").status_code == 200
        assert sum(not closed_by_server(sock) for sock in half_open) == 100
    finally:
        for sock in half_open:
            sock.close()


def test_a_request_head_sent_in_time_is_served_on_a_kept_connection(guarded_server: Server) -> None:
    """The deadline is per head: a kept-alive connection serves request after request."""
    with httpx.Client(base_url=guarded_server.base, timeout=60) as http:
        for _ in range(5):
            assert http.get("/api/health").status_code == 200


# -- tables waiting for people, tables in memory -------------------------------------------


@pytest.fixture
def sweeping_hall(tmp_path: Path) -> Iterator[TestClient]:
    """A hall that closes tables waiting for people after 1 s, and sweeps every 0.1 s."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=600, caps=GENEROUS)
    app.state.hall.waiting_expiry, app.state.hall.sweep_every = 1.0, 0.1
    with TestClient(app) as client:
        yield client


def test_a_table_waiting_for_people_is_closed_and_leaves_the_lobby(
    sweeping_hall: TestClient,
) -> None:
    """A friend never opened the link and nothing happened: closed ("expired"), out of the
    lobby and out of memory. A table whose people all took their seats stays."""
    client, hall = sweeping_hall, sweeping_hall.app.state.hall  # type: ignore[attr-defined]
    form = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "bot:random"]}
    kept = post_lobby_form(client, form, follow_redirects=False)  # my seat: claimed at once
    kept_id = kept.headers["location"].split("/")[2]
    waiting = open_table(client, WAITING).json()["id"]
    assert waiting in client.get("/").text
    wait_until(lambda: waiting not in client.get("/fragments/tables").text, "the table to expire")
    assert hall.store.get(waiting).status == "expired" and waiting not in hall.tables
    assert hall.store.get(kept_id).status == "playing", "a table whose people came was closed"
    assert kept_id in client.get("/").text


def test_the_expiry_counts_from_the_opening(client: TestClient) -> None:
    """A day by default, counted from the last action or the opening (not the hall's start)."""
    from datetime import UTC, datetime, timedelta

    hall = client.app.state.hall  # type: ignore[attr-defined]
    waiting = open_table(client, WAITING).json()["id"]
    now = datetime.now(UTC)
    assert hall.expire_waiting(now) == []  # within the day
    assert hall.expire_waiting(now + timedelta(hours=25)) == [waiting]
    assert waiting not in hall.tables


def test_the_tables_held_in_memory_are_bounded_idlest_unwatched_first(client: TestClient) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    hall.max_tables = 3
    ids = [open_table(client, WAITING).json()["id"] for _ in range(3)]
    wait_until(lambda: all(hall.tables[i].idle_since(float("inf")) for i in ids), "idle tables")
    with client.websocket_connect(f"/ws/tables/{ids[0]}") as watched:  # the idlest, watched
        watched.receive_json()
        client.get(f"/api/tables/{ids[1]}")  # touched: no longer the idlest unwatched
        newer = open_table(client, WAITING).json()["id"]
        assert set(hall.tables) == {ids[0], ids[1], newer}, "not the idlest unwatched unloaded"
    assert client.get(f"/api/tables/{ids[2]}").status_code == 200  # replayed from its log
    assert len(hall.tables) == 3 and ids[2] in hall.tables
    assert hall.health()["tables_unloaded_idle"] >= 2


def test_caps_are_set_by_name_on_the_command_line() -> None:
    caps = Caps().with_settings(["tables=3/minute", "sockets-per-table=7", "header_timeout=2.5"])
    assert (caps.tables, caps.sockets_per_table, caps.header_timeout) == ("3/minute", 7, 2.5)
    for bad in ("tables", "speed=3", "tables=often", "sockets_per_table=many", "header_timeout=0"):
        with pytest.raises(ValueError, match="limit"):
            Caps().with_settings([bad])
