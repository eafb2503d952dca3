"""A lobby that guides, and tables played over days (issue 25, items 3 and 8): a refused form
comes back filled in as it was sent with its reason in the form (a page, never JSON); the
host finds the invite links on the table's page, derived from its credential, and may cancel
a table still waiting; a closed table says why wherever it is reached; the lobby lists this
browser's tables, its move first; a table whose clock runs for days leaves memory and comes
back in time."""

from __future__ import annotations

import html
import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamehall.web.hall import CLOCK_HORIZON, Hall
from tests.web.claims import CREDENTIAL, credentials
from tests.web.forms import form_error, page_refusal, post_lobby_form, refusal
from tests.web.test_api import INVITE, open_table

FORM = {"game": "boss-quest", "players": "3", "seat_kinds": ["me", "invite", "bot:random"]}


def selected(page: str, name: str) -> list[str]:
    """The values selected in the menus named ``name`` of a page, in order."""
    menus = re.findall(rf'<select name="{re.escape(name)}".*?</select>', page, re.S)
    return [
        found.group(1)
        for menu in menus
        if (found := re.search(r'<option value="([^"]*)"[^>]*selected', menu))
    ]


def field_value(page: str, name: str) -> str:
    """The value an input named ``name`` holds on a page."""
    found = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', page)
    assert found is not None, name
    return html.unescape(found.group(1))


def hall_of(client: TestClient) -> Hall:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return hall


def test_a_refused_form_comes_back_filled_in_with_its_reason_in_the_form(
    client: TestClient,
) -> None:
    """A clock of 2 seconds: the lobby again (422, a page), the reason at the form's top in
    the page's language, every field as it was sent; no table opened."""
    sent = {**FORM, "clock": "2", "clock_unit": "seconds", "name": "Anna", "physical": "true"}
    response = post_lobby_form(client, {**sent, "opt:spells_per_round": "2"})
    assert response.status_code == 422
    assert form_error(response) == (
        "The table was not opened: the time per move must be from 5 seconds to 14 days"
    )
    page = response.text
    assert '<option value="boss-quest"' in page and selected(page, "game") == ["boss-quest"]
    assert selected(page, "players") == ["3"]
    assert selected(page, "seat_kinds")[:3] == ["me", "invite", "bot:random"]
    assert field_value(page, "clock") == "2" and field_value(page, "name") == "Anna"
    assert field_value(page, "opt:spells_per_round") == "2"
    assert re.search(r'name="physical"[^>]*checked', page)
    assert 'aria-describedby="form-error"' in page
    french = post_lobby_form(client, {**sent, "bank": "soon"}, params={"lang": "fr"})
    assert french.status_code == 422
    assert form_error(french) == "La table n'a pas été ouverte : le temps par coup doit aller " + (
        "de 5 secondes à 14 jours"
    )
    assert hall_of(client).store.list_tables() == []


def test_every_refusal_of_a_page_is_a_page_and_the_api_keeps_json(client: TestClient) -> None:
    """No page answers JSON: a table that does not exist, a form without its token; the API
    and the replay's frames (data a page loads) answer one JSON line."""
    for path in ("/t/nothing", "/t/nothing/me", "/t/nothing/replay", "/games/chess"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/")
        assert page_refusal(answer)
    forged = client.post("/tables", data=FORM)
    assert forged.status_code == 403 and "security token" in refusal(forged)
    assert forged.headers["content-type"].startswith("text/html")
    for path in ("/api/tables/nothing", "/t/nothing/replay/frames/0"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"error": "no table 'nothing'"}


def opened_by_form(client: TestClient, **changes: Any) -> tuple[str, str]:
    """The lobby form opens a table for this browser and an invited friend: its id, and the
    page its creator is sent to (post/redirect/get)."""
    response = post_lobby_form(client, {**FORM, **changes}, follow_redirects=False)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    return location.split("/")[2], location


def test_the_host_finds_each_invite_link_again_and_a_new_link_replaces_it(
    client: TestClient,
) -> None:
    """The links are derived from the host's credential: the same at every visit, shown only
    to the host, and a new link for the seat replaces the old one there."""
    table, mine = opened_by_form(client)
    links = INVITE.findall(client.get(mine).text)
    assert len(links) == 1 and links[0].split("/")[-2:][0] == "seat"
    assert INVITE.findall(client.get(f"/t/{table}").text) == links
    stranger = TestClient(client.app)
    assert INVITE.findall(stranger.get(f"/t/{table}").text) == []
    live = hall_of(client).live(table)
    assert [s.seat for s in live.info.seats if s.waiting] == [1]
    fresh = client.post(f"/api/tables/{table}/seats/1/reissue")
    assert fresh.status_code == 200
    again = INVITE.findall(client.get(mine).text)
    assert again == [fresh.json()["link"]] and again != links
    assert stranger.get(links[0]).status_code == 403  # the old link opens nothing now
    not_host = stranger.post(f"/api/tables/{table}/seats/1/reissue")
    assert not_host.status_code == 403


def test_the_host_cancels_a_table_still_waiting_and_it_says_so_everywhere(
    client: TestClient,
) -> None:
    """Only the host, only while a person's seat is unclaimed: the table leaves the lobby, its
    page, its link, its API and its socket say it was cancelled (410)."""
    table, mine = opened_by_form(client)
    link = INVITE.findall(client.get(mine).text)[0]
    assert 'action="/t/' + table + '/cancel"' in client.get(mine).text
    stranger = TestClient(client.app)
    assert stranger.post(f"/api/tables/{table}/cancel").status_code == 403
    with client.websocket_connect(f"/ws/tables/{table}") as watching:
        watching.receive_json()
        token = page_token(client.get(mine).text)
        cancelled = client.post(
            f"/t/{table}/cancel", data={"csrf_token": token}, follow_redirects=False
        )
        assert cancelled.status_code == 303 and cancelled.headers["location"] == f"/t/{table}"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                watching.receive_json()
    assert closed.value.code == 4410 and "cancelled by its host" in closed.value.reason
    for path in (f"/t/{table}", f"/t/{table}/me", link):
        shown = client.get(path)
        assert shown.status_code == 410 and "cancelled by its host" in page_refusal(shown)
    api = client.get(f"/api/tables/{table}")
    assert api.status_code == 410 and "cancelled by its host" in api.json()["error"]
    french = client.get(f"/t/{table}?lang=fr")
    assert "annulée par son hôte" in page_refusal(french)
    assert table not in client.get("/fragments/tables").text
    assert hall_of(client).store.get(table).status == "cancelled"  # type: ignore[union-attr]


def page_token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_a_table_everyone_came_to_cannot_be_cancelled(client: TestClient) -> None:
    """Once every person's seat is taken the table no longer waits: cancelling is refused
    (409) and the button is gone."""
    opened = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    credentials(client, opened)  # both links claimed
    host = {"x-host-credential": opened["host"]}
    refused = client.post(f"/api/tables/{opened['id']}/cancel", headers=host)
    assert refused.status_code == 409 and "no longer waits" in refused.json()["error"]
    assert hall_of(client).store.get(opened["id"]).status == "playing"  # type: ignore[union-attr]


def test_a_table_expired_waiting_says_so(client: TestClient) -> None:
    opened = open_table(client, [{"kind": "me"}, {"kind": "invite"}])
    hall = hall_of(client)
    assert hall.expire_waiting(datetime.now(UTC) + timedelta(days=2)) == [opened["id"]]
    shown = client.get(f"/t/{opened['id']}")
    assert shown.status_code == 410 and "expired" in page_refusal(shown)


def test_the_lobby_lists_this_browsers_tables_its_move_first(client: TestClient) -> None:
    """This browser's seats, by its cookies: "your move" where the seat is to move, "waiting
    for the others" elsewhere; another browser's lobby lists none of them."""
    hall = hall_of(client)
    mine: dict[str, int] = {}
    for _ in range(3):
        table, _page = opened_by_form(client, seat_kinds=["me", "bot:random", "bot:random"])
        mine[table] = 0
    time.sleep(0.2)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(
        hall.live(t).match.to_move() not in (0, None) for t in mine
    ):
        time.sleep(0.05)  # the bots and the deal play until the person must act
    lobby = client.get("/").text
    listed = re.findall(r'<li class="(your-move|their-move)"><a href="/t/([\w-]+)/me"', lobby)
    assert sorted(t for _, t in listed) == sorted(mine)
    for kind, table in listed:
        expected = "your-move" if hall.live(table).match.to_move() == 0 else "their-move"
        assert kind == expected, (table, kind)
    assert "your move" in client.get("/fragments/yours").text
    assert "Your tables" not in TestClient(client.app).get("/").text


def test_the_lobby_reads_whose_move_from_the_store_for_a_table_out_of_memory(
    client: TestClient,
) -> None:
    """Each write keeps who moves next: a table no longer in memory is listed right."""
    table, _page = opened_by_form(client, seat_kinds=["me", "bot:random", "bot:random"])
    hall = hall_of(client)
    deadline = time.monotonic() + 30
    while hall.live(table).match.to_move() != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hall.store.get(table).to_move == 0  # type: ignore[union-attr]
    client.portal.call(hall.unload_idle, time.monotonic() + 10 * hall.idle_unload)  # type: ignore[union-attr]
    assert table not in hall.tables
    assert f'<li class="your-move"><a href="/t/{table}/me"' in client.get("/fragments/yours").text


def test_a_table_played_over_days_leaves_memory_and_comes_back_in_time(
    client: TestClient,
) -> None:
    """A clock of two days: the table idles out of memory though its clock runs, keeping its
    deadline in the store; the sweep loads it again before it runs out, on the log's times."""
    opened = open_table(client, [{"kind": "me"}, {"kind": "bot", "bot": "random"}], clock=2 * 86400)
    table = opened["id"]
    token = credentials(client, opened)[0]
    hall = hall_of(client)
    deadline = time.monotonic() + 30
    while hall.deadline(hall.live(table), 0) is None and time.monotonic() < deadline:
        client.get(f"/api/tables/{table}", headers={CREDENTIAL: token})
        time.sleep(0.05)
    running = hall.deadline(hall.live(table), 0)
    assert running is not None and running - time.time() > CLOCK_HORIZON
    client.portal.call(hall.unload_idle, time.monotonic() + 10 * hall.idle_unload)  # type: ignore[union-attr]
    assert table not in hall.tables
    at = datetime.fromtimestamp(running, UTC)
    assert table in hall.store.due(at + timedelta(seconds=1))  # its deadline, kept
    assert table not in hall.store.due(at - timedelta(seconds=1))
    assert client.portal.call(hall.wake_due) == []  # type: ignore[union-attr]  # not yet
    later = at - timedelta(seconds=hall.sweep_every)
    assert client.portal.call(hall.wake_due, later) == [table]  # type: ignore[union-attr]
    woken = hall.tables[table]
    deadline = time.monotonic() + 30
    while hall.deadline(woken, 0) is None and time.monotonic() < deadline:
        time.sleep(0.05)  # its driver starts the clock again
    assert abs((hall.deadline(woken, 0) or 0) - running) < 1  # the same deadline, not anew
