"""Cross-site protection (issue 22, item 5): the lobby form's CSRF token, Origin and Host checks
on the API and the WebSocket, the security headers of every answer, and names that cannot lie
about themselves (bidirectional, zero-width and control characters, lengths)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from gamehall.web.security import SOCKET_REFUSED, check_name
from tests.web.forms import csrf_token, post_lobby_form, refusal

FORM = {"game": "boss-quest", "players": "3", "seat_kinds": ["me", "bot:random", "bot:random"]}
EVIL = "http://evil.example"


def new_table(**seat: str) -> dict[str, Any]:
    """An API request for a two-seat table; ``seat``: the first seat's fields."""
    return {"game": "boss-quest", "players": 2, "seats": [{"kind": "me", **seat}, {"kind": "bot"}]}


def tables(client: TestClient) -> int:
    return len(client.app.state.hall.store.list_tables())  # type: ignore[attr-defined]


# -- CSRF ------------------------------------------------------------------------------------


def test_a_form_without_the_token_of_its_cookie_is_refused_and_opens_no_table(
    client: TestClient, tmp_path: Path
) -> None:
    """No cookie, no token, a forged token, another browser's token: 403 with one line."""
    refused = client.post("/tables", data=FORM)
    assert refused.status_code == 403 and "security cookie" in refusal(refused)
    token = csrf_token(client)  # the lobby sets the cookie
    for data in (FORM, {**FORM, "csrf_token": "0" * 64}, {**FORM, "csrf_token": token[:-1]}):
        refused = client.post("/tables", data=data)
        assert refused.status_code == 403 and "security token" in refusal(refused)
    with TestClient(client.app) as other_browser:
        theirs = csrf_token(other_browser)
    assert theirs != token
    refused = client.post("/tables", data={**FORM, "csrf_token": theirs})
    assert refused.status_code == 403
    assert tables(client) == 0


def test_the_form_a_browser_sends_from_the_lobby_opens_the_table(client: TestClient) -> None:
    """GET the lobby, read the token, POST: the table opens. The token also passes as the
    X-CSRF-Token header (for a page's script), and in French the refusal is French."""
    opened = post_lobby_form(client, FORM, follow_redirects=False)
    assert opened.status_code == 303, opened.text
    token = csrf_token(client)
    by_header = client.post("/tables", data=FORM, headers={"x-csrf-token": token})
    assert by_header.status_code == 200 or by_header.is_redirect, by_header.text
    assert tables(client) == 2
    french = client.post("/tables?lang=fr", data=FORM)
    assert french.status_code == 403 and "jeton de sécurité" in refusal(french)


def test_the_token_is_bound_to_the_cookie_and_kept_by_the_browser(client: TestClient) -> None:
    """The cookie is HttpOnly and SameSite=Strict, set once: the next page keeps it."""
    first = client.get("/")
    cookie = first.headers["set-cookie"]
    assert (
        cookie.startswith("csrf=") and "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    )
    again = client.get("/")
    assert "set-cookie" not in again.headers
    assert csrf_token(client) == re.findall(r'name="csrf_token" value="(\w+)"', first.text)[0]


def test_a_form_posted_from_another_site_is_refused_even_with_a_token(client: TestClient) -> None:
    """Origin names another site: 403. ``Origin: null`` (the hall's own pages send it under
    no-referrer) passes for a form with its token."""
    token = csrf_token(client)
    data = {**FORM, "csrf_token": token}
    refused = client.post("/tables", data=data, headers={"origin": EVIL})
    assert refused.status_code == 403 and "another site" in refusal(refused)
    assert tables(client) == 0
    own = client.post("/tables", data=data, headers={"origin": "null"}, follow_redirects=False)
    assert own.status_code == 303, own.text
    same = client.post(
        "/tables", data=data, headers={"origin": "http://testserver"}, follow_redirects=False
    )
    assert same.status_code == 303, same.text


# -- the JSON API and its Origin -------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 201),
        ({"origin": "http://testserver"}, 201),
        ({"origin": "http://testserver:80"}, 201),
        ({"origin": EVIL}, 403),
        ({"origin": "http://testserver.evil.example"}, 403),
        ({"origin": "https://testserver:8443"}, 403),
        ({"origin": "null"}, 403),
        ({"referer": f"{EVIL}/page"}, 403),
        ({"referer": "http://testserver/"}, 201),
    ],
    ids=str,
)
def test_the_api_refuses_a_page_of_another_site(
    client: TestClient, headers: dict[str, str], status: int
) -> None:
    """The API takes JSON only (no other site's page can send it unasked), and its Origin (or
    Referer) must name this hall when there is one."""
    response = client.post("/api/tables", json=new_table(), headers=headers)
    assert response.status_code == status, response.text
    if status == 403:
        assert list(response.json()) == ["error"] and "another site" in refusal(response)
        assert tables(client) == 0


def test_an_action_from_another_site_is_refused(client: TestClient) -> None:
    table = client.post("/api/tables", json=new_table()).json()
    refused = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"seq": 0, "action": "x"},
        headers={"origin": EVIL},
    )
    assert refused.status_code == 403 and "another site" in refusal(refused)


# -- the WebSocket ---------------------------------------------------------------------------


def test_a_socket_from_another_site_is_closed_and_ones_from_here_are_served(
    client: TestClient,
) -> None:
    table = client.post("/api/tables", json=new_table()).json()
    path = f"/ws/tables/{table['id']}"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(path, headers={"origin": EVIL}) as socket,
    ):
        socket.receive_json()
    assert closed.value.code == SOCKET_REFUSED and "another site" in closed.value.reason
    for headers in ({}, {"origin": "http://testserver"}):  # a non-browser client, this hall
        with client.websocket_connect(path, headers=headers) as socket:
            assert socket.receive_json()["seq"] >= 0


@pytest.fixture
def named_hall(tmp_path: Path) -> Iterator[TestClient]:
    """A hall that answers to ``hall.example`` only."""
    app = create_app(
        f"sqlite:///{tmp_path / 'hall.db'}", caps=GENEROUS, allowed_hosts=["hall.example"]
    )
    with TestClient(app, base_url="http://hall.example") as test_client:
        yield test_client


def test_a_host_the_hall_does_not_serve_is_refused(named_hall: TestClient) -> None:
    """Another name resolving to the hall (DNS rebinding): pages and sockets refused."""
    assert named_hall.get("/").status_code == 200
    table = named_hall.post("/api/tables", json=new_table()).json()
    own = {"host": "hall.example"}  # the test client's sockets name "testserver" otherwise
    with named_hall.websocket_connect(f"/ws/tables/{table['id']}", headers=own) as socket:
        assert socket.receive_json()["seq"] >= 0
    refused = named_hall.get("/", headers={"host": "rebound.example"})
    assert refused.status_code == 400 and "host name" in refusal(refused)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        named_hall.websocket_connect(
            f"/ws/tables/{table['id']}", headers={"host": "rebound.example"}
        ) as socket,
    ):
        socket.receive_json()
    assert closed.value.code == SOCKET_REFUSED


# -- headers ---------------------------------------------------------------------------------


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """Pages, fragments, static files, the API, refusals: CSP, no framing, no referrer,
    nosniff."""
    table = client.post("/api/tables", json=new_table()).json()
    answers = [
        client.get("/"),
        client.get("/fragments/tables"),
        client.get("/games/boss-quest"),
        client.get(f"/t/{table['id']}"),
        client.get("/static/table.js"),
        client.get("/static/hall.css"),
        client.get("/api/health"),
        client.get(f"/api/tables/{table['id']}"),
        client.get("/api/tables/nope"),
        client.post("/tables", data=FORM),
        client.post("/api/tables", content=b"x", headers={"content-type": "text/plain"}),
    ]
    for answer in answers:
        where = f"{answer.request.method} {answer.request.url.path} ({answer.status_code})"
        policy = answer.headers.get("content-security-policy", "")
        for directive in (
            "default-src 'self'",
            "script-src 'self'",
            "img-src 'self' data:",
            "frame-ancestors 'none'",
            "connect-src 'self' ws://testserver wss://testserver",
        ):
            assert directive in policy, (where, directive)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, where
        assert answer.headers.get("referrer-policy") == "no-referrer", where
        assert answer.headers.get("x-content-type-options") == "nosniff", where
        assert answer.headers.get("x-frame-options") == "DENY", where


INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+\s*=|\sstyle\s*=|javascript:", re.I)


def test_no_page_holds_inline_script_or_style(client: TestClient) -> None:
    """What the policy would block: a script without src, an event attribute, a style
    attribute. The lobby's script is a file (static/lobby.js)."""
    table = client.post("/api/tables", json=new_table()).json()
    pages = ["/", "/fragments/tables", "/games/boss-quest", "/games/20-strong", f"/t/{table['id']}"]
    pages += ["/games/ancient-terrible-things"]
    for path in pages:
        text = client.get(path).text
        assert not INLINE.search(text), (path, INLINE.search(text))
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:  # pushed HTML too
        assert not INLINE.search(socket.receive_json()["html"])
    assert '<script src="/static/lobby.js">' in client.get("/").text
    script = client.get("/static/lobby.js")
    assert script.status_code == 200 and "seat-choice" in script.text


# -- names -----------------------------------------------------------------------------------

REFUSED_NAMES = [
    ("a right-to-left override", "Ann\u202eA", "bidirectional"),
    ("a left-to-right embedding", "\u202aAnn", "bidirectional"),
    ("a pop directional formatting", "Ann\u202c", "bidirectional"),
    ("a right-to-left isolate", "Ann\u2067x\u2069", "bidirectional"),
    ("a first strong isolate", "Ann\u2068", "bidirectional"),
    ("an Arabic letter mark", "Ann\u061c", "bidirectional"),
    ("a zero-width space", "An\u200bn", "zero-width"),
    ("a zero-width joiner", "An\u200dn", "zero-width"),
    ("a right-to-left mark", "Ann\u200f", "zero-width"),
    ("a word joiner", "An\u2060n", "zero-width"),
    ("a byte order mark", "\ufeffAnn", "zero-width"),
    ("a NUL", "An\x00n", "control"),
    ("a newline", "An\nn", "control"),
    ("a bell", "An\x07n", "control"),
    ("a DEL", "An\x7fn", "control"),
    ("a C1 control", "An\x85n", "control"),
    ("a line separator", "An\u2028n", "control"),
    ("only spaces", "   ", "1 to 32 characters"),
    ("33 characters", "n" * 33, "1 to 32 characters"),
]


@pytest.mark.parametrize(
    ("what", "name", "words"), REFUSED_NAMES, ids=[r[0] for r in REFUSED_NAMES]
)
def test_a_name_that_lies_is_refused_by_the_api_and_the_form(
    client: TestClient, what: str, name: str, words: str
) -> None:
    response = client.post("/api/tables", json=new_table(name=name))
    assert response.status_code == 422, response.text
    error = refusal(response)
    assert error.startswith("seats.0.name: ") and words in error and "\n" not in error
    form = post_lobby_form(client, {**FORM, "name": name})
    assert form.status_code == 422 and "your name" in refusal(form)
    assert words in refusal(form)
    assert tables(client) == 0


ACCEPTED_NAMES = [
    ("Ame\u0301lie", "Amélie"),  # decomposed: stored composed (NFC)
    ("  Zoë  ", "Zoë"),
    ("Łukasz", "Łukasz"),
    ("José María", "José María"),
    ("Ærøskøbing-Ōsaka", "Ærøskøbing-Ōsaka"),
    ("محمد", "محمد"),
    ("n" * 32, "n" * 32),
]


@pytest.mark.parametrize(("given", "kept"), ACCEPTED_NAMES)
def test_ordinary_names_are_kept_normalised(client: TestClient, given: str, kept: str) -> None:
    store = client.app.state.hall.store  # type: ignore[attr-defined]
    table = client.post("/api/tables", json=new_table(name=given))
    assert table.status_code == 201, table.text
    assert store.get(table.json()["id"]).seats[0].name == kept
    form = post_lobby_form(client, {**FORM, "name": given}, follow_redirects=False)
    assert form.status_code == 303, form.text
    table_id = form.headers["location"].split("/")[2]
    assert store.get(table_id).seats[0].name == kept
    assert unicodedata.is_normalized("NFC", kept)


def test_the_name_check_is_one_function_for_every_name() -> None:
    """``check_name``: what chat will reuse; it says which character, and where not."""
    assert check_name(" Ame\u0301lie ") == "Amélie"
    with pytest.raises(ValueError, match=r"U\+202E"):
        check_name("a\u202eb")
    with pytest.raises(ValueError, match="has 0"):
        check_name("")
