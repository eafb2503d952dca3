"""Claimed seats: a seat link is exchanged once for a credential the first browser keeps (an
HttpOnly, SameSite=Strict cookie); the host's copy of the link then opens nothing; the host
can give a lost seat a new link, revoking the old link and claim; a person who leaves is
played by a bot until she comes back, and the log says so; a bot-held seat has no buttons.

"Browsers" are HTTP clients with cookie jars of their own against a served hall (real HTTP
and WebSocket), an in-process hall where a short leave grace or clock is needed, and two
Chromium contexts at the end.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore, hash_token, new_token
from gamehall.web.app import create_app
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, claim, credentials, take_seat
from tests.web.conftest import Server
from tests.web.forms import post_lobby_form
from tests.web.test_api import act, human_to_move, open_table, snapshot
from tests.web.test_browser import shot

SEAT_LINK = re.compile(r'id="invite-\d+" value="[^"]*(/t/[\w-]+/seat/[\w-]+)"')
CLAIMED = "This seat was already claimed. Ask the table&#39;s host for a new link."


@pytest.fixture
def people(server: Server) -> Iterator[tuple[httpx.Client, httpx.Client, httpx.Client]]:
    """Three browsers' cookie jars at the served hall: the host, a friend, a stranger."""
    clients = [httpx.Client(base_url=server.base, timeout=30, follow_redirects=True) for _ in "abc"]
    try:
        yield clients[0], clients[1], clients[2]
    finally:
        for client in clients:
            client.close()


def open_from_the_lobby(host: httpx.Client) -> tuple[str, str, httpx.Response]:
    """The host opens a table for herself and a friend: its id, the friend's link (from the
    table's page, where its host finds it), the form's answer (a redirect to her seat)."""
    form = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "invite"]}
    created = post_lobby_form(host, {**form, "bot_delay": "0"}, follow_redirects=False)
    assert created.status_code == 303, created.text
    page = host.get(created.headers["location"])
    found = SEAT_LINK.findall(page.text)
    assert len(found) == 1, page.text
    link = found[0]
    return link.split("/")[2], link, created


def cookie_lines(response: httpx.Response) -> dict[str, str]:
    """The response's Set-Cookie lines by cookie name."""
    lines = response.headers.get_list("set-cookie")
    return {line.split("=", 1)[0]: line for line in lines}


def assert_kept_safely(line: str) -> None:
    """A credential cookie no script reads and no other site's request carries."""
    flags = [flag.strip().lower() for flag in line.split(";")]
    assert "httponly" in flags and "samesite=strict" in flags, line


def socket_url(server: Server, table: str, query: str = "") -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{table}{query}"


def first_push(url: str, headers: dict[str, str]) -> dict[str, Any]:
    """The first view a socket pushes (refused sockets raise)."""
    with connect(url, open_timeout=30, additional_headers=headers) as ws:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return message


def test_a_link_is_claimed_once_and_the_hosts_copy_then_opens_nothing(
    server: Server, people: tuple[httpx.Client, httpx.Client, httpx.Client]
) -> None:
    host, friend, stranger = people
    table, link, created = open_from_the_lobby(host)
    cookies = cookie_lines(created)
    assert_kept_safely(cookies[f"seat_{table}"])  # the host's own seat, claimed at creation
    assert_kept_safely(cookies[f"host_{table}"])

    preview = stranger.get(link)  # a chat app's link preview: the page, no claim
    assert preview.status_code == 200 and "Take my seat" in preview.text
    claimed = take_seat(friend, link, follow_redirects=False)
    assert claimed.status_code == 303 and claimed.headers["location"] == f"/t/{table}/me"
    assert_kept_safely(cookie_lines(claimed)[f"seat_{table}"])
    page = friend.get(f"/t/{table}/me")
    credential = friend.cookies[f"seat_{table}"]
    assert "You are Knight 2" in page.text
    assert credential not in page.text and link.rsplit("/", 1)[1] not in page.text

    for other in (host, stranger):  # the link is spent, whoever holds a copy
        refused = other.get(link)
        assert refused.status_code == 403 and CLAIMED in refused.text
    token = {"token": link.rsplit("/", 1)[1]}
    again = stranger.post(f"/api/tables/{table}/claim", json=token)
    assert again.status_code == 403 and "already claimed" in again.json()["error"]

    spectator = stranger.get(f"/api/tables/{table}").json()
    mine = friend.get(f"/api/tables/{table}").json()  # the cookie opens the friend's seat
    assert mine["seat"] == 1 and mine["view"] != spectator["view"]  # her hidden weapon
    assert host.get(f"/api/tables/{table}").json()["seat"] == 0  # the host's is her own
    with_link = {CREDENTIAL: token["token"]}  # the link itself is no credential
    refused_api = stranger.get(f"/api/tables/{table}", headers=with_link)
    assert refused_api.status_code == 403 and "opens no seat" in refused_api.json()["error"]
    acted = stranger.post(
        f"/api/tables/{table}/actions", headers=with_link, json={"seq": 0, "action": "ask 1"}
    )
    assert acted.status_code == 403
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        first_push(socket_url(server, table), with_link)
    cookie = {"cookie": f"seat_{table}={credential}"}
    assert first_push(socket_url(server, table, "?seat=me"), cookie)["seq"] == mine["seq"]
    spectating = first_push(socket_url(server, table), cookie)  # a spectator page's socket
    assert spectating["html"] != first_push(socket_url(server, table, "?seat=me"), cookie)["html"]


def test_the_host_gives_a_lost_seat_a_new_link_revoking_the_old_one_and_its_claim(
    server: Server, people: tuple[httpx.Client, httpx.Client, httpx.Client]
) -> None:
    host, friend, new_browser = people
    table, link, _ = open_from_the_lobby(host)
    assert take_seat(friend, link).status_code == 200  # claimed, then her seat page
    assert 'class="reissue"' in host.get(f"/t/{table}/me").text  # the host's page offers it
    assert 'class="reissue"' not in friend.get(f"/t/{table}/me").text
    refused = friend.post(f"/api/tables/{table}/seats/1/reissue")
    assert refused.status_code == 403 and "host" in refused.json()["error"]
    credential = friend.cookies[f"seat_{table}"]
    url = socket_url(server, table, "?seat=me")
    with connect(
        url, open_timeout=30, additional_headers={"cookie": f"seat_{table}={credential}"}
    ) as ws:
        ws.recv(timeout=30)
        issued = host.post(f"/api/tables/{table}/seats/1/reissue")
        assert issued.status_code == 200, issued.text
        with pytest.raises(ConnectionClosed) as closed:  # her open socket is closed
            while True:
                ws.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403

    fresh = issued.json()["link"]
    assert fresh != link and new_browser.get(link).status_code == 403  # the old link: dead
    lost = friend.get(f"/api/tables/{table}")
    assert lost.status_code == 403 and "new link" in lost.json()["error"]  # the old claim too
    assert "new link" in friend.get(f"/t/{table}/me").text
    assert take_seat(new_browser, fresh).status_code == 200
    assert new_browser.get(f"/api/tables/{table}").json()["seat"] == 1


def log_of(client: TestClient, table: str, lang: str = "en") -> list[str]:
    lines: list[str] = client.get(f"/api/tables/{table}?lang={lang}").json()["log"]
    return lines


def test_a_person_who_leaves_is_played_by_a_bot_then_takes_her_seat_back(
    leaving_client: TestClient,
) -> None:
    """The leave grace is half a second here: the bot steps in, the log says so; the seat's
    credential connecting again sends the bot away, and the log says she is back."""
    client = leaving_client
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = open_table(client, [{"kind": "me", "name": "Anna"}, {"kind": "invite"}])
    anna = {CREDENTIAL: credentials(client, table)[0]}
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=anna) as socket:
        socket.receive_json()
    wait_until(lambda: hall.live(table["id"]).info.seats[0].replaced, "a bot stepping in")
    assert "Anna left — a bot plays for now" in log_of(client, table["id"])
    assert "Anna est parti·e — un bot joue en attendant" in log_of(client, table["id"], "fr")
    held = client.get(f"/api/tables/{table['id']}", headers=anna).json()  # reading: not back
    assert held["held"] == {"bot": "heuristic", "seat": 1} and held["legal"] == []

    with client.websocket_connect(f"/ws/tables/{table['id']}", headers=anna) as socket:
        socket.receive_json()
        wait_until(lambda: not hall.live(table["id"]).info.seats[0].replaced, "Anna back")
        assert hall.store.get(table["id"]).seats[0].bot is None
        log = log_of(client, table["id"])
        assert log.index("Anna is back") > log.index("Anna left — a bot plays for now")
        state = client.get(f"/api/tables/{table['id']}", headers=anna).json()
        assert state["held"] is None


def test_a_seat_a_bot_holds_shows_no_buttons_and_names_who_plays(tmp_path: Path) -> None:
    """A bot steps in for Anna (as when she left) while a page of her seat is open: the page
    says which bot plays for whom, and offers no action, undo or hint."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=600, caps=GENEROUS)
    with TestClient(app) as client:
        hall = app.state.hall
        seats = [SeatRequest("me", name="Anna"), SeatRequest("invite")]
        info, tokens = hall.create_table("boss-quest", 2, {}, seats, bot_delay=5)
        anna = claim(client, f"/t/{info.id}/seat/{tokens[0]}")
        snapshot(client, info.id)  # loading the table starts its driver
        with client.websocket_connect(f"/ws/tables/{info.id}", headers=anna) as socket:
            html = socket.receive_json()["html"]
            client.portal.call(hall.replace_with_bot, hall.live(info.id), 0)  # type: ignore[union-attr]
            while 'class="held"' not in html:
                html = socket.receive_json()["html"]
        assert "A bot plays for Anna until they are back (level: heuristic (normal))." in html
        assert 'class="act"' not in html and 'class="undo"' not in html
        assert 'class="hint"' not in html and 'class="back"' in html


def test_the_others_are_told_when_a_seat_takes_back_its_move(client: TestClient) -> None:
    table = open_table(client, [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}])
    seat, mine, state = human_to_move(client, table)
    assert act(client, table["id"], mine, state["seq"], "discard 1").status_code == 200
    offered = snapshot(client, table["id"], mine)
    assert offered["undo"] and 'class="undo"' in render_push(client, table["id"], mine)
    undone = client.post(
        f"/api/tables/{table['id']}/undo",
        headers={CREDENTIAL: mine},
        json={"seq": state["seq"] + 1},
    )
    assert undone.status_code == 200, undone.text
    other = credentials(client, table)[(seat + 1) % 3]
    log = snapshot(client, table["id"], other)["log"]
    assert log[-1].startswith(f"Knight {seat + 1} took back a move: Knight {seat + 1} ")
    assert "discards" in log[-1]  # what was taken back, as everyone may read it
    after = snapshot(client, table["id"], mine)
    assert not after["undo"], "nothing left to take back, and no undo offered"
    assert 'class="undo"' not in render_push(client, table["id"], mine)


def render_push(client: TestClient, table: str, credential: str) -> str:
    """The table as the seat's page draws it now."""
    with client.websocket_connect(f"/ws/tables/{table}", headers={CREDENTIAL: credential}) as s:
        html: str = s.receive_json()["html"]
    return html


def test_two_browsers_the_friend_plays_and_the_hosts_copy_is_refused(
    browser: Browser, server: Server
) -> None:
    """Two Chromium contexts: each opens its link (the cookie does the rest; the address bar
    then shows no link); the host, opening the friend's link after her, is refused."""
    table: dict[str, Any] = httpx.post(
        server.base + "/api/tables",
        json={
            "game": "boss-quest",
            "players": 2,
            "bot_delay": 0,
            "seats": [{"kind": "me"}, {"kind": "invite"}],
        },
        timeout=30,
    ).json()
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in (0, 1)]
    try:
        host, friend = (context.new_page() for context in contexts)
        links = [server.base + seat["link"] for seat in table["seats"]]
        for page, link in ((host, links[0]), (friend, links[1])):
            page.goto(link)
            expect(page.locator(".knight").first).to_be_visible(timeout=15_000)
            assert page.url.endswith(f"/t/{table['id']}/me")
            assert link.rsplit("/", 1)[1] not in page.content()
        mine = friend.locator('.knight[data-seat="1"] .weapons .card').first
        expect(mine).to_have_attribute("data-card", re.compile(r"^[RBGYP][1-7]$"))
        cookies = {c.get("name"): c for c in contexts[1].cookies()}
        seat_cookie = cookies[f"seat_{table['id']}"]
        assert seat_cookie.get("httpOnly") and seat_cookie.get("sameSite") == "Strict"
        copy = contexts[0].new_page()
        copy.goto(links[1])
        expect(copy.locator(".refused")).to_contain_text("already claimed")
        shot(copy, "claimed-link-refused")
        shot(friend, "claimed-seat-friend")
    finally:
        for context in contexts:
            context.close()


def test_the_store_keeps_the_first_claim_a_new_link_and_a_return(database_url: str) -> None:
    """On SQLite and PostgreSQL: a link is claimed once (a second claim, a race's loser,
    gets False); a new link clears the claim; a person's return takes the bot off the seat;
    the host's credential is stored hashed."""
    hall = Hall(TableStore(open_engine(database_url)))
    host = new_token()
    seats = [SeatRequest("me"), SeatRequest("invite")]
    info, tokens = hall.create_table("boss-quest", 2, {}, seats, host=host)
    store = hall.store
    first, second = new_token(), new_token()
    assert store.claim(info.id, 1, hash_token(tokens[1]), hash_token(first))
    assert not store.claim(info.id, 1, hash_token(tokens[1]), hash_token(second))
    loaded = store.get(info.id)
    assert loaded is not None and loaded.seat_claimed_by(first) == 1
    assert loaded.seat_claimed_by(second) is None and loaded.is_host(host)
    assert loaded.host_hash != host and not loaded.is_host(first)
    store.reissue(info.id, 1, hash_token(second), 1)
    store.replace_with_bot(info.id, 1, "heuristic")
    store.return_seat(info.id, 1)
    again = store.get(info.id)
    assert again is not None and again.seat_claimed_by(first) is None
    assert again.seat_of(tokens[1]) is None and again.seat_of(second) == 1
    assert (again.seats[1].bot, again.seats[1].replaced) == (None, False)
