"""Hostile input on HTTP and WebSocket: each request is refused with the right 4xx and one
line naming the problem, and nothing is applied (the tables' views, logs and seats, and the
number of tables, are unchanged).

The requests are built from valid ones (accepted, and applied once: the control) by spoiling
one thing at a time: the body (malformed, wrong types, oversized, nested, not UTF-8), its
framing (content-length, chunks, content type), the seat credential (none, forged, another
table's, overlong), the table id (unknown, NUL, traversal, injection), the method, the
sequence number (stale, future), the seat (not its turn), the action or chance entry. Every
mutating route is covered: the five table routes, ``POST /api/tables`` and the lobby form.
The WebSocket refuses unknown tables (4404) and bad credentials (4403), takes garbage as a
refresh, closes on an oversized message (1009), and the server serves on. A few cases go
over a real socket to a served hall. ``tests/web/test_api.py`` keeps the first such checks
for ``/actions``; here they are tables over every route.
"""

from __future__ import annotations

import dataclasses
import json
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from gamehall.store.tables import hash_token
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from gamehall.web.refusals import MAX_BODY
from gamehall.web.routes.live import MAX_MESSAGE
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import Server
from tests.web.forms import csrf_token, form_error, post_lobby_form, refusal
from tests.web.test_api import act, human_to_move, open_table, snapshot

ME, INVITE, BOT = {"kind": "me"}, {"kind": "invite"}, {"kind": "bot"}
JSON = "application/json"
FORGED = "f0rg3d-t0k3n-" + "x" * 19  # shaped like a real token (32 URL-safe characters)


@pytest.fixture(scope="module", autouse=True)
def quick_hints() -> Iterator[None]:
    """A hint searches for a second by default: a few milliseconds do here."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("gamehall.search.advisor.HINT_SECONDS", 0.02)
        yield


def open_client(database: Path) -> Iterator[TestClient]:
    """The hall in process; a person who leaves keeps the seat (no bot steps in mid-test)."""
    app = create_app(f"sqlite:///{database}", leave_grace=600, caps=GENEROUS)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A hall of one's own, for a test that changes it."""
    yield from open_client(tmp_path / "hall.db")


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A hall the refusal tests share: a refused request changes nothing (each checks so)."""
    yield from open_client(tmp_path_factory.mktemp("hostile") / "hall.db")


@dataclass
class Scene:
    """Tables standing still, waiting for a person.

    ``play``: three people; seat ``a`` has just discarded (an action it may undo), seat ``b``
    is to move. ``physical``: a physical copy; seat 0 has entered the armorer's weapons and
    must now enter the boss (an entry it may correct). ``elsewhere``: another table.
    """

    client: TestClient
    play: str
    seq: int
    a: str
    b: str
    a_seat: int
    b_seat: int
    physical: str
    enterer: str
    friend: str
    elsewhere: str
    elsewhere_token: str

    @property
    def b_headers(self) -> dict[str, str]:
        """The headers that act for seat ``b``."""
        return {CREDENTIAL: self.b}

    @property
    def tables(self) -> tuple[str, str, str]:
        return self.play, self.physical, self.elsewhere

    def fingerprint(self) -> Any:
        """All a refused request must not change: views, logs, seats; the number of tables."""
        store = self.client.app.state.hall.store  # type: ignore[attr-defined]
        prints = []
        for table in self.tables:
            info = store.get(table)
            seats = [(s.bot, s.replaced) for s in info.seats]
            prints.append((snapshot(self.client, table), store.actions(table), seats))
        return prints, len(store.list_tables(None, 10_000))


def set_scene(client: TestClient) -> Scene:
    play = open_table(client, [ME, INVITE, INVITE], seed="hostile")
    a_seat, a, state = human_to_move(client, play)
    assert act(client, play["id"], a, state["seq"], "discard 1").status_code == 200
    b_seat, b, state = human_to_move(client, play)
    assert b_seat != a_seat and state["seq"] == snapshot(client, play["id"])["seq"]
    physical = open_table(client, [ME, INVITE], physical=True, seed="hostile")
    enterer, friend = credentials(client, physical).values()
    entered = client.post(
        f"/api/tables/{physical['id']}/chance",
        headers={CREDENTIAL: enterer},
        json={"seq": 0, "entry": "armorer 2"},
    )
    assert entered.status_code == 200, entered.text
    elsewhere = open_table(client, [ME, INVITE])
    return Scene(
        client,
        play["id"],
        state["seq"],
        a,
        b,
        a_seat,
        b_seat,
        physical["id"],
        enterer,
        friend,
        elsewhere["id"],
        credentials(client, elsewhere)[0],
    )


@pytest.fixture
def scene(client: TestClient) -> Scene:
    """A scene of one's own, for a test that acts."""
    return set_scene(client)


@pytest.fixture(scope="module")
def still(shared_client: TestClient) -> Scene:
    """The scene the refusal tests share."""
    return set_scene(shared_client)


# -- requests ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One HTTP request: a JSON body unless ``raw`` (bytes, or chunks sent with no length)."""

    method: str
    path: str
    body: Any = None
    raw: bytes | tuple[bytes, ...] | None = None
    headers: dict[str, Any] = field(default_factory=dict)

    def send(self, client: TestClient) -> httpx.Response:
        if self.raw is None:
            content: Any = json.dumps(self.body).encode()
        elif isinstance(self.raw, tuple):
            content = iter(self.raw)  # chunked transfer, no content-length
        else:
            content = self.raw
        sent: httpx.Response = client.request(
            self.method, self.path, content=content, headers=self.headers
        )
        return sent

    def with_body(self, **changes: Any) -> Call:
        """The same request, with body fields changed (``None``: removed)."""
        body = {k: v for k, v in {**self.body, **changes}.items() if v is not None}
        return dataclasses.replace(self, body=body)

    def with_raw(self, raw: bytes | tuple[bytes, ...]) -> Call:
        return dataclasses.replace(self, raw=raw)

    def with_headers(self, **changes: Any) -> Call:
        """The same request, with headers changed (``None``: removed)."""
        merged = {**self.headers, **{k.replace("_", "-"): v for k, v in changes.items()}}
        return dataclasses.replace(self, headers={k: v for k, v in merged.items() if v is not None})

    def at(self, table: str) -> Call:
        """The same request for another table id (given raw, as it goes in the path)."""
        route = self.path.rsplit("/", 1)[1]
        return dataclasses.replace(self, path=f"/api/tables/{table}/{route}")


def table_call(route: str, table: str, token: str, body: dict[str, Any]) -> Call:
    return Call(
        "POST",
        f"/api/tables/{table}/{route}",
        body,
        headers={"content-type": JSON, CREDENTIAL: token},
    )


ROUTES: dict[str, Callable[[Scene], Call]] = {
    "actions": lambda s: table_call("actions", s.play, s.b, {"seq": s.seq, "action": "ask 1"}),
    "hint": lambda s: table_call("hint", s.play, s.b, {"seq": s.seq}),
    "undo": lambda s: table_call("undo", s.play, s.a, {"seq": s.seq}),
    "chance": lambda s: table_call("chance", s.physical, s.enterer, {"seq": 1, "entry": "boss 14"}),
    "correct": lambda s: table_call("correct", s.physical, s.enterer, {"seq": 1}),
}
"""A valid request to each table route, at the scene."""


def seq_of(call: Call) -> int:
    return int(call.body["seq"])


def nested(depth: int) -> bytes:
    return b'{"seq": ' + b"[" * depth + b"]" * depth + b"}"


Spoil = Callable[[Call, Scene], Call]
SPOILED: list[tuple[str, Spoil, int, str]] = [
    # the body
    ("malformed JSON", lambda c, s: c.with_raw(b'{"seq": 1,'), 422, "body: JSON decode error"),
    ("not JSON", lambda c, s: c.with_raw(b"seq=1"), 422, "body: JSON decode error at 0"),
    ("a JSON array", lambda c, s: c.with_raw(b"[1]"), 422, "body: Input should be a valid dict"),
    ("JSON null", lambda c, s: c.with_raw(b"null"), 422, "body: Input should be a valid dict"),
    ("an empty body", lambda c, s: c.with_raw(b""), 422, "body: Field required"),
    ("seq missing", lambda c, s: c.with_body(seq=None), 422, "seq: Field required"),
    ("seq a string", lambda c, s: c.with_body(seq=str(seq_of(c))), 422, "seq: Input should be"),
    ("seq a boolean", lambda c, s: c.with_body(seq=True), 422, "seq: Input should be a valid int"),
    ("seq a float", lambda c, s: c.with_body(seq=seq_of(c) + 0.5), 422, "seq: Input should be"),
    ("seq a list", lambda c, s: c.with_body(seq=[seq_of(c)]), 422, "seq: Input should be"),
    ("seq negative", lambda c, s: c.with_body(seq=-1), 422, "seq: Input should be greater"),
    ("seq NaN", lambda c, s: c.with_raw(b'{"seq": NaN}'), 422, "seq: Input should be"),
    ("seq huge", lambda c, s: c.with_body(seq=10**30), 409, "not 1000000000000000000000000000000"),
    ("seq 5000 digits", lambda c, s: c.with_raw(b'{"seq": ' + b"9" * 5000 + b"}"), 400, "limit"),
    ("seq stale", lambda c, s: c.with_body(seq=seq_of(c) - 1), 409, "expected action"),
    ("seq ahead", lambda c, s: c.with_body(seq=seq_of(c) + 1), 409, "expected action"),
    ("an extra field", lambda c, s: c.with_body(seat=0), 422, "seat: Extra inputs are not"),
    ("the token in the body", lambda c, s: c.with_body(token="x"), 422, "token: Extra inputs"),
    ("JSON nested too deep", lambda c, s: c.with_raw(nested(5000)), 400, "nested too deeply"),
    ("JSON nested in seq", lambda c, s: c.with_raw(nested(400)), 422, "seq: Input should be"),
    ("not UTF-8", lambda c, s: c.with_raw(b'{"seq": "\xff\xfe"}'), 400, "body: not UTF-8"),
    # its framing
    ("a body over the limit", lambda c, s: c.with_raw(b" " * (MAX_BODY + 1)), 413, "over 16384"),
    (
        "chunks over the limit, no length",
        lambda c, s: c.with_raw((b" " * 4096,) * 5),
        413,
        f"request body over {MAX_BODY} bytes",
    ),
    ("content-length a word", lambda c, s: c.with_headers(content_length="ten"), 400, "number"),
    ("content-length negative", lambda c, s: c.with_headers(content_length="-1"), 400, "number"),
    ("content-length huge", lambda c, s: c.with_headers(content_length="9" * 30), 413, "over"),
    ("text/plain", lambda c, s: c.with_headers(content_type="text/plain"), 415, "'text/plain'"),
    (
        "a form's content type",
        lambda c, s: c.with_headers(content_type="application/x-www-form-urlencoded"),
        415,
        "content-type must be application/json",
    ),
    ("no content type", lambda c, s: c.with_headers(content_type=None), 415, "(given: none)"),
    # the seat credential (a claimed seat link's)
    (
        "a spectator (no credential)",
        lambda c, s: c.with_headers(x_seat_credential=None),
        403,
        "spectator",
    ),
    ("an empty credential", lambda c, s: c.with_headers(x_seat_credential=""), 403, "spectator"),
    (
        "a forged credential",
        lambda c, s: c.with_headers(x_seat_credential=FORGED),
        403,
        "opens no seat",
    ),
    (
        "another table's credential",
        lambda c, s: c.with_headers(x_seat_credential=s.elsewhere_token),
        403,
        "This seat key opens no seat at this table",
    ),
    (
        "the credential's stored hash",
        lambda c, s: c.with_headers(x_seat_credential=hash_token(c.headers[CREDENTIAL])),
        403,
        "opens no seat",
    ),
    (
        "a credential over 64 characters",
        lambda c, s: c.with_headers(x_seat_credential="x" * 65),
        422,
        "x-seat-credential: String should have at most 64 characters",
    ),
    (
        "a Latin-1 credential",
        lambda c, s: c.with_headers(x_seat_credential=b"\xe9t\xe9"),
        403,
        "opens no seat",
    ),
    (
        "an injection credential",
        lambda c, s: c.with_headers(x_seat_credential="' OR 1=1 --"),
        403,
        "opens no seat",
    ),
    # the table
    ("an unknown table", lambda c, s: c.at("n0such-table"), 404, "no table 'n0such-table'"),
    ("a NUL in the table id", lambda c, s: c.at("%00"), 404, "no table '\\x00'"),
    ("a dotted table id", lambda c, s: c.at("%2E%2E"), 404, "no table '..'"),
    ("path traversal", lambda c, s: c.at("..%2F..%2Fetc%2Fpasswd"), 404, "Not Found"),
    ("an injection table id", lambda c, s: c.at("x'%20OR%20'1'='1"), 404, "no table"),
    ("a table id of 1000 characters", lambda c, s: c.at("t" * 1000), 404, "no table 'tttt"),
    ("a Unicode table id", lambda c, s: c.at("t%C3%A4ble"), 404, "no table 'täble'"),
    ("the credential's table swapped", lambda c, s: c.at(s.elsewhere), 403, "opens no seat"),
    # the method
    ("GET", lambda c, s: dataclasses.replace(c, method="GET"), 405, "Method Not Allowed"),
    ("PUT", lambda c, s: dataclasses.replace(c, method="PUT"), 405, "Method Not Allowed"),
    ("DELETE", lambda c, s: dataclasses.replace(c, method="DELETE"), 405, "Method Not Allowed"),
]
"""A valid request spoiled in one way, with the status and words of its refusal."""


def assert_refused(response: httpx.Response, status: int, words: str) -> None:
    """``status``, and one line that says ``words``: the API's JSON ``error``, a page's or
    the lobby form's line (``refusal``)."""
    assert response.status_code == status, (response.status_code, response.text)
    error = refusal(response)
    assert words in error, error
    assert "\n" not in error and len(error) < 200, error


@pytest.mark.parametrize("route", ROUTES)
def test_each_valid_request_is_applied_once_and_its_replay_refused(
    scene: Scene, route: str
) -> None:
    """The control: the valid request is accepted; sent again (a replay), it is refused with
    409 and applied once (a hint applies nothing, and may be asked again)."""
    call = ROUTES[route](scene)
    store = scene.client.app.state.hall.store  # type: ignore[attr-defined]
    table = call.path.split("/")[3]
    before = store.actions(table)
    first = call.send(scene.client)
    assert first.status_code == 200, first.text
    replayed = call.send(scene.client)
    after = store.actions(table)
    if route == "hint":
        assert replayed.status_code == 200 and after == before
        return
    assert_refused(replayed, 409, "expected action")
    seq = seq_of(call)
    if route in ("undo", "correct"):  # the last step taken back, once
        assert first.json() == {"seq": seq - 1} and after == before[:-1]
    else:  # one more step (then perhaps chance, drawn by the hall)
        assert first.json()["seq"] >= seq + 1 and after[:seq] == before
        applied = after[seq]
        assert applied[1] == call.body.get("action", call.body.get("entry"))
        assert [a for a in after[seq + 1 :] if a[2] != -1] == []  # nobody else acted


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("name", "spoil", "status", "words"), SPOILED, ids=[s[0] for s in SPOILED])
def test_a_spoiled_request_is_refused_and_changes_nothing(
    still: Scene, route: str, name: str, spoil: Spoil, status: int, words: str
) -> None:
    """Each route, each way of spoiling its valid request: the right 4xx, one line naming the
    problem, nothing applied; a 405 names the method allowed."""
    before = still.fingerprint()
    response = spoil(ROUTES[route](still), still).send(still.client)
    assert_refused(response, status, words)
    if status == 405:
        assert response.headers["allow"] == "POST"
    assert still.fingerprint() == before


def route_specific() -> list[tuple[str, str, Spoil, int, str]]:
    """Refusals that depend on the route: another seat, a move the game refuses, a physical
    table's routes at a table that draws its own chance."""

    def other(call: Call, s: Scene) -> Call:
        token = {s.a: s.b, s.b: s.a, s.enterer: s.friend}[call.headers[CREDENTIAL]]
        return call.with_headers(x_seat_credential=token)

    def at_play(call: Call, s: Scene) -> Call:
        return table_call(call.path.rsplit("/", 1)[1], s.play, s.b, {**call.body, "seq": s.seq})

    def action(text: Any) -> Spoil:
        return lambda c, s: c.with_body(action=text)

    def entry(text: str) -> Spoil:
        return lambda c, s: c.with_body(entry=text)

    return [
        ("actions", "another seat's action", other, 403, "turn"),
        ("hint", "a hint for another seat", other, 422, "a hint is for the seat to move"),
        ("undo", "another seat's undo", other, 409, "cannot undo"),
        (
            "chance",
            "another seat's entry",
            other,
            403,
            "Knight 1 enters this outcome, not Knight 2",
        ),
        ("correct", "another seat's correction", other, 409, "Knight 1 enters this outcome"),
        ("actions", "an unknown verb", action("juggle 3"), 422, "unknown verb 'juggle'"),
        ("actions", "an empty action", action(""), 422, "action: String should have at least"),
        ("actions", "an action of 65 characters", action("a" * 65), 422, "at most 64"),
        ("actions", "a NUL in the action", action("ask\x00 1"), 422, "unknown verb 'ask\\x00'"),
        ("actions", "an injection", action("ask 1'; DROP TABLE actions;--"), 422, "ask 1'"),
        ("actions", "a lone surrogate", action("\ud800"), 422, "action: Input should be a valid"),
        ("actions", "an action as a number", action(1), 422, "action: Input should be a valid"),
        ("actions", "an action the rules refuse", action("ask 9"), 422, "1 to 4 weapons"),
        ("chance", "an unknown entry", entry("dragonfly 99"), 422, "dragonfly 99: not one of"),
        ("chance", "an empty entry", entry(""), 422, "entry: String should have at least 1"),
        ("chance", "an entry of 201 characters", entry("1" * 201), 422, "at most 200"),
        ("chance", "a roll not possible", entry("boss 99"), 422, "99"),
        ("chance", "at a table that draws", at_play, 422, "not a physical copy"),
        ("correct", "at a table that draws", at_play, 422, "not a physical copy"),
        (
            "actions",
            "at a physical table, chance due",
            lambda c, s: (
                c.at(s.physical).with_headers(x_seat_credential=s.enterer).with_body(seq=1)
            ),
            403,
            "not Knight 1's turn",
        ),
    ]


@pytest.mark.parametrize(
    ("route", "name", "spoil", "status", "words"),
    route_specific(),
    ids=[f"{r[0]}: {r[1]}" for r in route_specific()],
)
def test_a_move_the_seat_or_the_game_refuses_changes_nothing(
    still: Scene, route: str, name: str, spoil: Spoil, status: int, words: str
) -> None:
    """Acting for another seat, moves the game does not know or allow, a physical table's
    routes at a table that draws: refused, nothing applied."""
    before = still.fingerprint()
    assert_refused(spoil(ROUTES[route](still), still).send(still.client), status, words)
    assert still.fingerprint() == before


def test_a_unicode_digit_is_read_as_its_digit_and_logged_in_ascii(scene: Scene) -> None:
    """Not a refusal: the rules read numbers with ``int``, which takes any Unicode decimal
    digit (``ask ١`` is ``ask 1``); the log keeps the action's own notation, in ASCII."""
    call = ROUTES["actions"](scene).with_body(action="ask \u0661")
    assert call.send(scene.client).status_code == 200
    store = scene.client.app.state.hall.store  # type: ignore[attr-defined]
    assert store.actions(scene.play)[scene.seq] == (scene.seq, "ask 1", scene.b_seat)


# -- opening tables ---------------------------------------------------------------------

NEW = {"game": "boss-quest", "players": 2, "seats": [ME, INVITE], "bot_delay": 0}


def new(**changes: Any) -> dict[str, Any]:
    return {k: v for k, v in {**NEW, **changes}.items() if v is not None}


API_REFUSALS: list[tuple[str, Any, int, str]] = [
    ("players a string", new(players="2"), 422, "players: Input should be a valid integer"),
    ("players a boolean", new(players=True), 422, "players: Input should be a valid integer"),
    ("players 0", new(players=0), 422, "players: Input should be greater than or equal to 1"),
    ("players 10**30", new(players=10**30), 422, "players: Input should be less than"),
    ("seats an object", new(seats=ME), 422, "seats: Input should be a valid list"),
    ("no seats", new(seats=[]), 422, "seats: List should have at least 1 item"),
    ("11 seats", new(seats=[ME] * 11), 422, "seats: List should have at most 10 items"),
    ("a kind in capitals", new(seats=[{"kind": "ME"}, ME]), 422, "seats.0.kind: String should"),
    ("a NUL in a name", new(seats=[{"kind": "me", "name": "a\x00b"}, ME]), 422, "seats.0.name"),
    ("a newline in a name", new(seats=[ME, {"kind": "me", "name": "a\nb"}]), 422, "seats.1.name"),
    ("a name of 33 characters", new(seats=[{"kind": "me", "name": "n" * 33}, ME]), 422, "32"),
    ("a seat's extra field", new(seats=[{"kind": "me", "token": "x"}, ME]), 422, "token"),
    ("21 options", new(options={f"o{i}": 1 for i in range(21)}), 422, "options: Dictionary"),
    ("an option an object", new(options={"mystery": {"a": 1}}), 422, "options.mystery"),
    ("an option null", new(options={"mystery": None}), 422, "options.mystery"),
    ("a seed with a slash", new(seed="../x"), 422, "seed: String should match pattern"),
    ("bot_delay negative", new(bot_delay=-1), 422, "bot_delay: Input should be greater"),
    ("bot_delay a string", new(bot_delay="0"), 422, "bot_delay: Input should be a valid number"),
    ("a clock of 4 s", new(clock=4), 422, "clock: Input should be greater than or equal to 5"),
    ("physical a string", new(physical="yes"), 422, "physical: Input should be a valid boolean"),
    ("a NUL in the game", new(game="boss-quest\x00"), 422, "boss-quest\\x00"),
    ("a game of 65 characters", new(game="g" * 65), 422, "game: String should have at most 64"),
    ("an extra field", new(owner="me"), 422, "owner: Extra inputs are not permitted"),
    ("a JSON array", [NEW], 422, "body: Input should be a valid dictionary"),
]
"""``POST /api/tables`` bodies refused (test_api.py covers unknown games, bots and options)."""


def table_count(client: TestClient) -> int:
    store = client.app.state.hall.store  # type: ignore[attr-defined]
    return len(store.list_tables(None, 10_000))


@pytest.mark.parametrize(
    ("name", "body", "status", "words"), API_REFUSALS, ids=[r[0] for r in API_REFUSALS]
)
def test_a_table_the_api_refuses_to_open_is_not_opened(
    shared_client: TestClient, name: str, body: Any, status: int, words: str
) -> None:
    """Wrong types (strict: ``"2"`` is not a number), bounds, names a database cannot store:
    refused, no table opened."""
    before = table_count(shared_client)
    assert_refused(shared_client.post("/api/tables", json=body), status, words)
    assert table_count(shared_client) == before


MALFORMED_NEW: list[tuple[str, Call, int, str]] = [
    ("malformed JSON", Call("POST", "/api/tables", raw=b'{"game": '), 422, "JSON decode"),
    ("text/plain", Call("POST", "/api/tables", NEW, headers={"content-type": "text"}), 415, ""),
    ("no content type", Call("POST", "/api/tables", NEW), 415, "(given: none)"),
    (
        "a body over the limit",
        Call("POST", "/api/tables", raw=b" " * (MAX_BODY + 1)),
        413,
        "request body over",
    ),
    ("GET on the list", Call("GET", "/api/tables"), 405, "Method Not Allowed"),
]


@pytest.mark.parametrize(
    ("name", "call", "status", "words"), MALFORMED_NEW, ids=[r[0] for r in MALFORMED_NEW]
)
def test_a_malformed_request_to_open_a_table_opens_none(
    shared_client: TestClient, name: str, call: Call, status: int, words: str
) -> None:
    """Malformed, mistyped, oversized requests to open a table: refused, none opened."""
    before = table_count(shared_client)
    if call.raw is not None:
        call = call.with_headers(content_type=JSON)
    assert_refused(call.send(shared_client), status, words)
    assert table_count(shared_client) == before


FORM = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "invite"], "bot_delay": "0"}


def form(**changes: Any) -> dict[str, Any]:
    return {k: v for k, v in {**FORM, **changes}.items() if v is not None}


FORM_REFUSALS: list[tuple[str, dict[str, Any], int, str]] = [
    ("no game", form(game=None), 422, "The table was not opened: Game is missing"),
    ("players a word", form(players="two"), 422, "Players takes a whole number, not 'two'"),
    ("players 0", form(players="0"), 422, "Players must be at least 1"),
    ("players 11", form(players="11"), 422, "Players must be at most 10"),
    ("an unknown game", form(game="chess"), 422, "chess"),
    ("a NUL in the game", form(game="boss\x00quest"), 422, "boss\\x00quest"),
    ("no seats", form(seat_kinds=None), 422, "Seats is missing"),
    ("too few seats", form(players="3"), 422, "2 seats given for 3 players"),
    ("an unknown seat kind", form(seat_kinds=["me", "alien"]), 422, "unknown kind 'alien'"),
    ("an unknown bot", form(seat_kinds=["me", "bot:oracle"]), 422, "unknown bot 'oracle'"),
    ("a local file option", form(**{"opt:cards": "/etc/passwd"}), 422, "command line"),
    ("an unknown option", form(**{"opt:speed": "3"}), 422, "no option 'speed'"),
    (
        "an option out of range",
        form(**{"opt:spells_per_round": "99"}),
        422,
        "Spells per round (0: as many as knights) must be at most",
    ),
    ("a clock in words", form(clock="soon"), 422, "the time per move is not a number: “soon”"),
    ("a clock of NaN", form(clock="nan"), 422, "the time per move must be from 5 seconds"),
    ("a clock of 4 s", form(clock="4"), 422, "the time per move must be from 5 seconds"),
    ("a clock of 9 digits", form(clock="123456789"), 422, "must be from 5 seconds to 14 days"),
    ("a clock of 17 digits", form(clock="1" * 17), 422, "Time per move is too long: at most 16"),
    ("bot_delay NaN", form(bot_delay="nan"), 422, "Bot pause (seconds) takes a number"),
    ("physical maybe", form(physical="maybe"), 422, "takes yes or no, not 'maybe'"),
    ("an unknown replacement", form(replacement="oracle"), 422, "unknown bot 'oracle'"),
]
"""Lobby form submissions refused."""


@pytest.mark.parametrize(
    ("name", "data", "status", "words"), FORM_REFUSALS, ids=[r[0] for r in FORM_REFUSALS]
)
def test_a_lobby_form_the_hall_refuses_opens_no_table(
    shared_client: TestClient, name: str, data: dict[str, Any], status: int, words: str
) -> None:
    """The lobby form: wrong types, bounds, unknown games, seats, bots and options: refused
    with one line, no table opened."""
    before = table_count(shared_client)
    assert_refused(post_lobby_form(shared_client, data), status, words)
    assert table_count(shared_client) == before


def test_a_refused_form_names_its_field_by_its_label_in_the_pages_language(
    shared_client: TestClient,
) -> None:
    """A person reads the field as the lobby labels it, in French on a French page; the API
    keeps the field's name."""
    answer = post_lobby_form(shared_client, form(players="11"), params={"lang": "fr"})
    assert form_error(answer) == "La table n'a pas été ouverte : Joueurs : doit valoir au plus 10"
    answer = post_lobby_form(shared_client, form(bot_delay="vite"), params={"lang": "fr"})
    assert form_error(answer) == (
        "La table n'a pas été ouverte : Pause des robots (secondes) : attend un nombre, pas 'vite'"
    )
    answer = shared_client.post("/api/tables", json={"game": "boss-quest", "players": 11})
    assert answer.status_code == 422 and answer.json()["error"].startswith("players: ")


MALFORMED_FORMS: list[tuple[str, Call, int, str]] = [
    ("JSON, not a form", Call("POST", "/tables", FORM), 422, "Game is missing"),
    (
        "multipart with no boundary",
        Call("POST", "/tables", raw=b"game=x", headers={"content-type": "multipart/form-data"}),
        400,
        "Missing boundary in multipart",
    ),
    (
        "over 1000 fields",
        Call("POST", "/tables", raw=b"&".join([b"a=1"] * 1001)),
        400,
        "Too many fields",
    ),
    ("a form over the limit", Call("POST", "/tables", raw=b"a" * (MAX_BODY + 1)), 413, "over"),
    (
        "a bogus content-length",
        Call("POST", "/tables", raw=b"game=x", headers={"content-length": "x"}),
        400,
        "content-length is not a number",
    ),
]


@pytest.mark.parametrize(
    ("name", "call", "status", "words"), MALFORMED_FORMS, ids=[r[0] for r in MALFORMED_FORMS]
)
def test_a_malformed_lobby_form_opens_no_table(
    shared_client: TestClient, name: str, call: Call, status: int, words: str
) -> None:
    """Malformed or oversized lobby forms, with the lobby's CSRF token (as a header, which a
    page of the hall could send): refused, no table opened."""
    before = table_count(shared_client)
    call = call.with_headers(x_csrf_token=csrf_token(shared_client))
    if "content-type" not in call.headers:
        call = call.with_headers(content_type="application/x-www-form-urlencoded")
    assert_refused(call.send(shared_client), status, words)
    assert table_count(shared_client) == before


# -- the WebSocket ----------------------------------------------------------------------


REFUSED_SOCKETS: list[tuple[str, str, int, str]] = [
    ("an unknown table", "/ws/tables/n0such-table", 4404, ""),
    ("a NUL in the table id", "/ws/tables/%00", 4404, ""),
    ("an injection table id", "/ws/tables/x'%20OR%20'1'='1", 4404, ""),
    ("a table id of 1000 characters", "/ws/tables/" + "t" * 1000, 4404, ""),
    ("a forged credential", "/ws/tables/{play}", 4403, FORGED),
    ("another table's credential", "/ws/tables/{play}", 4403, "{elsewhere_token}"),
    ("the credential's stored hash", "/ws/tables/{play}", 4403, "{hashed}"),
    ("a credential of 5000 characters", "/ws/tables/{play}", 4403, "x" * 5000),
    ("an escaped NUL as the credential", "/ws/tables/{play}", 4403, "%00"),
    ("a seat page's socket with no cookie", "/ws/tables/{play}?seat=me", 0, ""),
]


@pytest.mark.parametrize(
    ("name", "path", "code", "credential"),
    REFUSED_SOCKETS,
    ids=[r[0] for r in REFUSED_SOCKETS],
)
def test_the_websocket_refuses_unknown_tables_and_bad_credentials(
    still: Scene, name: str, path: str, code: int, credential: str
) -> None:
    """Refused before accepting (4404, 4403), or (code 0) a spectator's view; nothing
    applied; the hall serves on."""
    before = still.fingerprint()
    url = path.format(play=still.play)
    given = credential.format(elsewhere_token=still.elsewhere_token, hashed=hash_token(still.a))
    headers = {CREDENTIAL: given} if given else {}
    if code:
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            still.client.websocket_connect(url, headers=headers),
        ):
            pass
        assert closed.value.code == code
    else:
        with still.client.websocket_connect(url, headers=headers) as ws:
            assert 'data-action="ask 1"' not in ws.receive_json()["html"]
    assert still.fingerprint() == before
    with still.client.websocket_connect(f"/ws/tables/{still.play}", headers=still.b_headers) as ws:
        assert ws.receive_json()["seq"] == still.seq


def test_an_empty_credential_on_the_websocket_is_a_spectator(still: Scene) -> None:
    """An empty credential opens no seat: the spectator's view (no legal actions offered)."""
    with still.client.websocket_connect(f"/ws/tables/{still.play}", headers={CREDENTIAL: ""}) as ws:
        message = ws.receive_json()
    assert message["seq"] == still.seq and 'data-action="ask 1"' not in message["html"]


GARBAGE: list[tuple[str, str | bytes]] = [
    ("garbage text", "}{ not json"),
    ("binary", b"\x00\xff\xfe"),
    ("an action sent on the socket", json.dumps({"seq": 0, "action": "ask 1"})),
    ("an empty message", ""),
    ("a message of the largest size", "x" * MAX_MESSAGE),
]


@pytest.mark.parametrize(("name", "message"), GARBAGE, ids=[g[0] for g in GARBAGE])
def test_garbage_on_the_websocket_only_asks_for_a_fresh_view(
    still: Scene, name: str, message: str | bytes
) -> None:
    """The socket only pushes views: anything a client sends (up to the size limit) is a
    request for a fresh one, never an action."""
    before = still.fingerprint()
    with still.client.websocket_connect(f"/ws/tables/{still.play}", headers=still.b_headers) as ws:
        first = ws.receive_json()
        first.pop("now")  # the hall's time as each push is sent
        for _ in range(3):
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            again = ws.receive_json()
            assert again.pop("now") >= 0 and again == first
    assert still.fingerprint() == before


@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
def test_an_oversized_websocket_message_closes_the_socket_and_the_hall_serves_on(
    still: Scene, binary: bool
) -> None:
    """A message over MAX_MESSAGE closes the socket with 1009 (message too big); nothing
    applied; other sockets and requests are served."""
    before = still.fingerprint()
    with still.client.websocket_connect(f"/ws/tables/{still.play}", headers=still.b_headers) as ws:
        ws.receive_json()
        if binary:
            ws.send_bytes(b"\x00" * (MAX_MESSAGE + 1))
        else:
            ws.send_text("é" * (MAX_MESSAGE // 2 + 1))  # the limit is in bytes, not characters
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1009
    assert still.fingerprint() == before
    with still.client.websocket_connect(f"/ws/tables/{still.play}") as ws:
        assert ws.receive_json()["seq"] == still.seq


def test_a_nul_is_refused_before_it_reaches_the_database(database_url: str) -> None:
    """On SQLite and PostgreSQL, which cannot store a NUL in a string (its driver raised, a
    500): a NUL in a table id names no table (404, 4404), in a seat's name it is a 422."""
    app = create_app(database_url, leave_grace=600, caps=GENEROUS)
    with TestClient(app) as http:
        for path in ("/api/tables/a%00b", "/t/a%00b", "/t/a%00b/seat/x", "/t/%00/replay"):
            assert_refused(http.get(path), 404, "no table")
        refused = table_call("undo", "%00", FORGED, {"seq": 0}).send(http)
        assert_refused(refused, 404, "no table '\\x00'")
        with pytest.raises(WebSocketDisconnect) as closed, http.websocket_connect("/ws/tables/%00"):
            pass
        assert closed.value.code == 4404
        named = new(seats=[{"kind": "me", "name": "\x00"}, ME])
        assert_refused(http.post("/api/tables", json=named), 422, "seats.0.name")
        assert table_count(http) == 0


# -- over a real socket -----------------------------------------------------------------


def raw_http(server: Server, request: bytes, wait: float = 5) -> bytes:
    """Send ``request`` as is; the server's answer (until it closes or ``wait`` runs out)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as conn:
        conn.sendall(request)
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and b'"}' in answer:
                    break
        except TimeoutError:
            pass
    return answer


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, str, int]]:
    """A served hall (``gamehall serve``) with a table standing still: its id, the mover's
    credential, its seq. Shared: the tests using it apply nothing (each checks so)."""
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('served') / 'hall.db'}")
    try:
        server.start()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            table = http.post("/api/tables", json={**NEW, "seed": "hostile"}).json()
            tokens = credentials(http, table)
            for _ in range(500):
                state = http.get(f"/api/tables/{table['id']}").json()
                if state["to_move"] in tokens:
                    break
                time.sleep(0.01)
        yield server, table["id"], tokens[state["to_move"]], state["seq"]
    finally:
        server.stop()


def served_log(server: Server, table: str) -> Any:
    with httpx.Client(base_url=server.base, timeout=30) as http:
        state = http.get(f"/api/tables/{table}").json()
    return state["seq"], state["log"]


def test_over_a_real_socket_bad_framing_is_refused_and_the_hall_serves_on(
    served: tuple[Server, str, str, int],
) -> None:
    """Chunks with no length over the limit (413), a content-length that is not a number
    (400), a body shorter than its content-length, a request cut off: nothing applied."""
    server, table, token, seq = served
    before = served_log(server, table)
    body = json.dumps({"seq": seq, "action": "ask 1"}).encode()
    head = (
        f"POST /api/tables/{table}/actions HTTP/1.1\r\nhost: 127.0.0.1\r\n"
        f"x-seat-credential: {token}\r\n"
        "content-type: application/json\r\n"
    ).encode()
    chunk = b"%x\r\n%s\r\n" % (4096, b" " * 4096)
    chunked = raw_http(server, head + b"transfer-encoding: chunked\r\n\r\n" + chunk * 5)
    assert chunked.startswith(b"HTTP/1.1 413") and b"request body over" in chunked
    bogus = raw_http(server, head + b"content-length: ten\r\n\r\n" + body)
    assert bogus.startswith(b"HTTP/1.1 400")
    short = raw_http(server, head + b"content-length: %d\r\n\r\n" % (len(body) + 10) + body, 1)
    assert b"200 OK" not in short
    cut = raw_http(server, head + b"content-length: %d\r\n\r\n" % len(body) + body[:-5], 1)
    assert b"200 OK" not in cut
    assert served_log(server, table) == before
    with httpx.Client(base_url=server.base, timeout=30) as http:
        assert http.get("/").status_code == 200


def test_over_a_real_socket_an_oversized_websocket_message_is_refused(
    served: tuple[Server, str, str, int],
) -> None:
    """Over the app's limit, and over the server's (uvicorn's ``ws_max_size``): closed with
    1009; a flood of small messages is only refreshes; the hall serves on."""
    server, table, token, seq = served
    before = served_log(server, table)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    seat = {CREDENTIAL: token}
    for size in (MAX_MESSAGE + 1, 1024 * 1024):
        with connect(url, open_timeout=30, max_size=2**22, additional_headers=seat) as ws:
            ws.recv(timeout=30)
            ws.send("x" * size)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with connect(url, open_timeout=30, max_size=2**22, additional_headers=seat) as ws:
        first = json.loads(ws.recv(timeout=30))
        for _ in range(50):
            ws.send("refresh")
        for _ in range(50):
            assert json.loads(ws.recv(timeout=30))["seq"] == first["seq"] == seq
    assert served_log(server, table) == before
