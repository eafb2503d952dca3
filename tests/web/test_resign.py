# ruff: noqa: N802  (test names carry clause IDs such as BQ_R25 in capitals)
"""Resigning in the web hall (issue 23, item 2): the API's ``POST /api/tables/{id}/resign``,
the table page's button with its confirmation (a dialog; a page and a form without scripts),
the refusals, the pushes every seat gets, the hall's notice, the record and a restart.

The rules are the games' (core resign): a solo game resigned is lost (reason ``resigned``); in
Boss Quest the knight who resigns leaves, the others play on, and the last one left wins
(BQ-R25, reason ``others-resigned``).
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from bench.claims import CSRF_TOKEN
from gamehall.core.game import Game
from gamehall.core.record import Record, replay
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials, take_seat
from tests.web.conftest import Server
from tests.web.test_api import act, snapshot, wait_for_turn
from tests.web.test_caps import assert_rate_refusal

SOLO = {"game": "20-strong", "players": 1, "seats": [{"kind": "me"}], "bot_delay": 0}
"""A solo 20 Strong table (Too Many Bones, the default deck)."""
KNIGHTS = [{"kind": "me", "name": "Anna"}, {"kind": "invite", "name": "Ben"}, {"kind": "bot"}]
"""A Boss Quest table of two people and a bot."""


def open_table(client: TestClient | httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def open_knights(client: TestClient | httpx.Client, seed: str = "knights") -> dict[str, Any]:
    seats = {"seats": KNIGHTS, "players": 3, "seed": seed}
    return open_table(client, game="boss-quest", bot_delay=0, **seats)


def resign(
    client: TestClient | httpx.Client, table: str, token: str | None, seat: int, lang: str = "en"
) -> httpx.Response:
    headers = {CREDENTIAL: token} if token else {}
    response: httpx.Response = client.post(
        f"/api/tables/{table}/resign?lang={lang}", headers=headers, json={"seat": seat}
    )
    return response


def one_line(response: httpx.Response) -> str:
    """The refusal's one line (JSON ``{"error": …}``)."""
    data = response.json()
    assert list(data) == ["error"] and "\n" not in data["error"], data
    line: str = data["error"]
    return line


def page_line(response: httpx.Response) -> str:
    """The one line a refusal page says (its alert)."""
    found = re.search(r'role="alert">([^<]*)<', response.text)
    assert found is not None, response.text
    return found.group(1)


def stored_log(client: TestClient, table: str) -> list[tuple[int, str, int]]:
    return client.app.state.hall.store.actions(table)  # type: ignore[attr-defined,no-any-return]


# -- the API ---------------------------------------------------------------------------------


def test_a_solo_twenty_strong_table_resigned_through_the_api_is_lost(client: TestClient) -> None:
    """core resign, solo: the game is lost at once (reason ``resigned``); the seat's and a
    spectator's sockets are pushed the end, the log says it in each viewer's language with
    the hall's notice, and the record keeps the resignation and replays to the same end."""
    table = open_table(client, **SOLO, seed="resign-solo")
    token = credentials(client, table)[0]
    before = snapshot(client, table["id"], token)
    assert before["resign"] == "If you resign, the game is lost." and before["resigned"] == []
    assert not before["over"]
    seat_socket = client.websocket_connect(f"/ws/tables/{table['id']}", headers={CREDENTIAL: token})
    with seat_socket as mine, client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        assert mine.receive_json()["resign"] == before["resign"]
        assert watcher.receive_json()["resign"] is None  # a spectator is offered nothing
        resigned = resign(client, table["id"], token, 0)
        assert resigned.status_code == 200, resigned.text
        assert resigned.json() == {"seq": before["seq"] + 1}
        for socket in (mine, watcher):
            pushed = socket.receive_json()
            assert pushed["over"] and pushed["resign"] is None and pushed["resigned"] == [0]
            assert 'class="outcome"' in pushed["html"] and "You resign." in pushed["html"]
    after = snapshot(client, table["id"], token)
    assert after["over"] and after["legal"] == [] and after["resign"] is None
    assert after["log"][-3:] == ["You resign.", "Defeat: resigned.", "Seat 1 resigned"]
    french = client.get(f"/api/tables/{table['id']}?lang=fr", headers={CREDENTIAL: token}).json()
    assert french["log"][-1] == "Place 1 a abandonné" and "Vous abandonnez." in french["log"]
    assert stored_log(client, table["id"])[-1] == (before["seq"], "resign 1", 0)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["actions"][-1] == "resign 1"
    assert record["outcome"] == {"winners": [], "scores": [0], "reason": "resigned"}
    replayed = replay(Record.from_json(record)).outcome()
    assert replayed is not None and replayed.to_json() == record["outcome"]


def test_a_refused_resignation_says_why_in_one_line(client: TestClient) -> None:
    """core resign refusals: a spectator, a seat the credential does not hold, a forged
    credential (403); a second resignation, once the game is over (409); a body the API does
    not take (422, 415). Nothing is applied by any of them; in French, French."""
    table = open_table(client, **SOLO, seed="resign-refusals")
    token = credentials(client, table)[0]
    start = snapshot(client, table["id"])["seq"]
    refusals = [
        (resign(client, table["id"], None, 0), 403, "a spectator cannot resign"),
        (resign(client, table["id"], token, 1), 403, "holds Seat 1, not Seat 2"),
        (resign(client, table["id"], "f0rg3d" + "x" * 26, 0), 403, "opens no seat"),
        (resign(client, table["id"], None, 0, "fr"), 403, "un spectateur ne peut pas abandonner"),
    ]
    path = f"/api/tables/{table['id']}/resign"
    bad = {CREDENTIAL: token}
    refusals += [
        (client.post(path, headers=bad, json={}), 422, "seat: Field required"),
        (client.post(path, headers=bad, json={"seat": "0"}), 422, "seat: Input should be"),
        (client.post(path, headers=bad, json={"seat": 0, "seq": 1}), 422, "seq: Extra inputs"),
        (client.post(path, headers=bad, content=b"seat=0"), 415, "content-type must be"),
    ]
    for response, status, words in refusals:
        assert response.status_code == status and words in one_line(response), response.text
    assert (
        snapshot(client, table["id"])["seq"] == start and not snapshot(client, table["id"])["over"]
    )
    assert resign(client, table["id"], token, 0).status_code == 200
    again = resign(client, table["id"], token, 0)
    assert again.status_code == 409 and one_line(again) == "the game is over"
    french = resign(client, table["id"], token, 0, "fr")
    assert french.status_code == 409 and one_line(french) == "la partie est terminée"
    assert [a for _, a, _ in stored_log(client, table["id"])].count("resign 1") == 1


def test_a_game_that_cannot_be_resigned_is_refused_as_the_game_says(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose rules do not take a resignation (``core.resign.unsupported``, the base
    ``Game.resign``) is refused with the game's own line (422), and nothing is logged."""
    table = open_table(client, **SOLO, seed="resign-unsupported")
    token = credentials(client, table)[0]
    hall = client.app.state.hall  # type: ignore[attr-defined]
    game = hall.live(table["id"]).match.game
    monkeypatch.setattr(game, "resign", types.MethodType(Game.resign, game))
    refused = resign(client, table["id"], token, 0)
    assert refused.status_code == 422 and one_line(refused).endswith("cannot be resigned")
    assert "resign 1" not in [a for _, a, _ in stored_log(client, table["id"])]
    assert not snapshot(client, table["id"])["over"]


def test_resignations_count_in_the_actions_rate(tmp_path: Path) -> None:
    """The caps of web/limits.py apply: a resignation is one of the actions rated per address."""
    caps = dataclasses.replace(GENEROUS, actions="2/minute")
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=600, caps=caps)
    with TestClient(app) as client:
        table = open_table(client, **SOLO, seed="resign-rate")
        for _ in range(2):
            assert resign(client, table["id"], None, 0).status_code == 403
        assert_rate_refusal(resign(client, table["id"], None, 0), "actions")


# -- several people: the seat leaves, the others play on -------------------------------------


def test_BQ_R25_a_knight_who_resigns_leaves_and_the_others_play_on(client: TestClient) -> None:
    """BQ-R25 at the hall: Anna resigns; Ben's socket is pushed her resignation and the hall's
    notice, in his language; she may no longer act, undo or resign, while Ben plays on; then
    Ben, warned that the bot is the only one left, resigns too and the bot wins
    (``others-resigned``)."""
    table = open_knights(client)
    anna, ben = credentials(client, table)[0], credentials(client, table)[1]
    several = "If you resign, you leave the game for good; the others play on without you."
    assert snapshot(client, table["id"], anna)["resign"] == several
    path = f"/ws/tables/{table['id']}?lang=fr"
    with client.websocket_connect(path, headers={CREDENTIAL: ben}) as socket:
        first = socket.receive_json()
        assert first["resign"].startswith("Si vous abandonnez, vous quittez la partie pour de bon")
        resigned = resign(client, table["id"], anna, 0)
        assert resigned.status_code == 200, resigned.text
        pushed = socket.receive_json()
        while pushed["seq"] < resigned.json()["seq"]:  # the steps before it, if any
            pushed = socket.receive_json()
        assert "Anna a abandonné" in pushed["html"] and pushed["resigned"] == [0]
        assert not pushed["over"]
        last = "Si vous abandonnez, vous quittez la partie ; il ne reste que Chevalier 3, qui"
        assert pushed["resign"] == last + " la gagne."
    left = snapshot(client, table["id"], anna)
    assert left["resign"] is None and left["resigned"] == [0] and not left["over"]
    assert left["log"].index("Anna resigned") > left["log"].index(
        "Anna resigns and leaves the game."
    )
    undo = client.post(
        f"/api/tables/{table['id']}/undo", headers={CREDENTIAL: anna}, json={"seq": left["seq"]}
    )
    assert undo.status_code == 409 and "resignation is final" in one_line(undo)
    again = resign(client, table["id"], anna, 0)
    assert again.status_code == 409 and one_line(again) == "Anna has already left the game"
    state = wait_for_turn(client, table["id"], ben)  # the others play on
    assert not state["over"] and state["legal"]
    played = act(client, table["id"], ben, state["seq"], state["legal"][0]["action"])
    assert played.status_code == 200, played.text
    state = snapshot(client, table["id"], ben)
    assert (
        state["resign"]
        == "If you resign, you leave the game and Knight 3, the only one left, wins."
    )
    assert resign(client, table["id"], ben, 1).status_code == 200
    end = snapshot(client, table["id"])
    assert end["over"] and end["resigned"] == [0, 1]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["outcome"]["winners"] == [2] and record["outcome"]["reason"] == "others-resigned"
    moves = [(a, m) for _, a, m in stored_log(client, table["id"])]
    assert ("resign 1", 0) in moves and moves[-1] == ("resign 2", 1)
    after_anna = moves[moves.index(("resign 1", 0)) + 1 :]
    assert all(mover != 0 for _, mover in after_anna), "nothing played for Anna's seat after"


def test_a_resigned_seat_is_neither_played_by_a_bot_nor_given_back(
    leaving_client: TestClient,
) -> None:
    """Anna leaves and a bot plays for her (the half-second grace); she resigns: the bot
    leaves her seat for good (in memory and in the store) and plays nothing more for it;
    her socket coming and going again neither gives the seat back nor sends a bot in."""
    client = leaving_client
    hall = client.app.state.hall  # type: ignore[attr-defined]
    table = open_knights(client, seed="leaving")
    anna = credentials(client, table)[0]
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers={CREDENTIAL: anna}) as ws:
        ws.receive_json()
    live = hall.live(table["id"])
    wait_until(lambda: live.info.seats[0].replaced, "a bot stepping in for Anna")
    assert resign(client, table["id"], anna, 0).status_code == 200
    assert not live.info.seats[0].replaced and live.info.seats[0].bot is None
    assert live.match.agents[0] is None and hall.store.get(table["id"]).seats[0].bot is None
    seq = live.seq
    with client.websocket_connect(f"/ws/tables/{table['id']}", headers={CREDENTIAL: anna}) as ws:
        assert ws.receive_json()["resign"] is None
    assert 0 not in live.graces, "no grace counts down for a seat that resigned"
    hall.replace_with_bot(live, 0)  # as a clock or a grace running out would
    assert live.match.agents[0] is None and not live.info.seats[0].replaced
    log = snapshot(client, table["id"])["log"]
    assert log.count("Anna left — a bot plays for now") == 1 and "Anna is back" not in log
    assert log.index("Anna resigned") > log.index("Anna left — a bot plays for now")
    assert all(mover != 0 for s, _, mover in stored_log(client, table["id"]) if s >= seq)


# -- the page, its button and the form -------------------------------------------------------


@contextmanager
def seated_browser(client: TestClient, link: str) -> Iterator[TestClient]:
    """A browser (its own cookies) that took the seat of ``link`` through the seat's page."""
    with TestClient(client.app) as browser:
        taken = take_seat(browser, link, follow_redirects=False)
        assert taken.status_code == 303, taken.text
        yield browser


def test_the_table_page_offers_resigning_to_its_seat_only(client: TestClient) -> None:
    """The seat's page has the Resign button (a form that, without scripts, leads to the
    confirmation page) and the dialog saying what follows, with the form's CSRF token; the
    spectator page of the same browser and another browser's have neither; in French,
    French."""
    table = open_table(client, **SOLO, seed="resign-page")
    with seated_browser(client, table["seats"][0]["link"]) as browser:
        mine = browser.get(f"/t/{table['id']}/me")
        opens = f'<form method="get" action="/t/{table["id"]}/resign/confirm" class="resign-open">'
        assert opens in mine.text and 'class="resign"' in mine.text
        dialog = mine.text[mine.text.index('<dialog id="resign-dialog"') :]
        assert "If you resign, the game is lost." in dialog
        assert 'name="csrf_token" value="' in dialog and 'name="seat" value="0"' in dialog
        assert 'class="resigned-mark" data-seat="0" hidden' in mine.text
        french = browser.get(f"/t/{table['id']}/me?lang=fr").text
        assert (
            ">Abandonner</button>" in french
            and "Si vous abandonnez, la partie est perdue." in french
        )
        for page in (browser.get(f"/t/{table['id']}"), client.get(f"/t/{table['id']}")):
            assert 'class="resign"' not in page.text and "resign-dialog" not in page.text


def test_the_form_resigns_with_its_token_and_is_refused_without(client: TestClient) -> None:
    """Without scripts: the confirmation page says what follows; its form, posted without the
    CSRF token, is refused (403) and nothing happens; with it, the seat resigns and the
    browser is back at its seat's page, which shows the end and no button any more. A second
    post, and the confirmation page now, say why not (409); a spectator is refused (403)."""
    table = open_table(client, **SOLO, seed="resign-form")
    with seated_browser(client, table["seats"][0]["link"]) as browser:
        confirm = browser.get(f"/t/{table['id']}/resign/confirm")
        assert confirm.status_code == 200 and "If you resign, the game is lost." in confirm.text
        found = CSRF_TOKEN.search(confirm.text)
        assert found is not None and 'name="seat" value="0"' in confirm.text
        path = f"/t/{table['id']}/resign"
        forged = browser.post(path, data={"seat": "0", "csrf_token": "0" * 64})
        assert forged.status_code == 403 and "security token" in page_line(forged)
        bare = browser.post(path, data={"seat": "0"})
        assert bare.status_code == 403 and not snapshot(client, table["id"])["over"]
        form = {"seat": "0", "csrf_token": found.group(1)}
        other = browser.post(path, data={**form, "seat": "1"})
        assert other.status_code == 403 and "not Seat 2" in page_line(other)
        assert not snapshot(client, table["id"])["over"]
        done = browser.post(path, data=form, follow_redirects=False)
        assert done.status_code == 303 and done.headers["location"] == f"/t/{table['id']}/me"
        assert snapshot(client, table["id"])["over"]
        page = browser.get(done.headers["location"])
        assert 'class="resign"' not in page.text and "resign-dialog" not in page.text
        assert 'class="resigned-mark" data-seat="0">' in page.text
        again = browser.post(path, data=form)
        assert again.status_code == 409 and page_line(again) == "the game is over"
        late = browser.get(f"/t/{table['id']}/resign/confirm?lang=fr")
        assert late.status_code == 409 and page_line(late) == "la partie est terminée"
    watcher = client.get(f"/t/{table['id']}/resign/confirm")
    assert watcher.status_code == 403 and page_line(watcher).startswith("a spectator cannot")
    assert [a for _, a, _ in stored_log(client, table["id"])].count("resign 1") == 1


def test_the_replay_page_narrates_the_resignation(client: TestClient) -> None:
    """The replay of a resigned game reads the resignation like any step (``Game.narrate``)."""
    table = open_table(client, **SOLO, seed="resign-replay")
    assert resign(client, table["id"], credentials(client, table)[0], 0).status_code == 200
    replayed = client.get(f"/t/{table['id']}/replay")
    assert replayed.status_code == 200 and "You resign." in replayed.text


# -- a restart -------------------------------------------------------------------------------


def test_a_resignation_survives_a_killed_hall(tmp_path: Path) -> None:
    """core resign and BQ-R25 across a restart: the hall is killed after a solo table was
    resigned and a knight of another resigned; the restarted hall replays both logs: the solo
    game stays lost, the knight stays gone (refused a second time, offered nothing), the
    others still play, and the logs hold each resignation once."""
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    server, restarted = Server(url), Server(url)
    try:
        server.start()
        with httpx.Client(base_url=server.base, timeout=30) as http:
            solo = open_table(http, **SOLO, seed="restart-solo")
            knights = open_knights(http, seed="restart-knights")
            me = credentials(http, solo)[0]
            anna, ben = credentials(http, knights)[0], credentials(http, knights)[1]
            assert resign(http, solo["id"], me, 0).status_code == 200
            assert resign(http, knights["id"], anna, 0).status_code == 200
        server.kill()
        restarted.start()
        with httpx.Client(base_url=restarted.base, timeout=30) as http:
            lost = http.get(f"/api/tables/{solo['id']}", headers={CREDENTIAL: me}).json()
            assert lost["over"] and lost["resign"] is None and lost["resigned"] == [0]
            assert lost["log"][-2:] == ["You resign.", "Defeat: resigned."]  # no notice: in memory
            gone = http.get(f"/api/tables/{knights['id']}", headers={CREDENTIAL: anna}).json()
            assert gone["resigned"] == [0] and gone["resign"] is None and not gone["over"]
            again = resign(http, knights["id"], anna, 0)
            assert again.status_code == 409 and "already left" in one_line(again)
            state = http.get(f"/api/tables/{knights['id']}", headers={CREDENTIAL: ben}).json()
            assert state["resign"].startswith("If you resign, you leave the game and Knight 3")
    finally:
        server.stop()
        restarted.stop()
    store = TableStore(open_engine(url))
    assert store.get(solo["id"]).status == "finished"  # type: ignore[union-attr]
    for table, written in ((solo, "resign 1"), (knights, "resign 1")):
        log = [(action, mover) for _, action, mover in store.actions(table["id"])]
        assert log.count((written, 0)) == 1
