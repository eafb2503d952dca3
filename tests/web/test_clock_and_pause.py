"""A table's clock (set from the lobby form) and the bots' pause.

Only lower bounds on time are asserted: a slow machine may take longer, never shorter.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gamehall.web.app import create_app
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import claim, credentials
from tests.web.forms import post_lobby_form, refusal
from tests.web.test_api import act, open_table, snapshot, wait_for_turn


def form(clock: str, players: int = 2) -> dict[str, Any]:
    """The lobby form for a Boss Quest table: me, then heuristic bots."""
    kinds = ["me"] + ["bot:heuristic"] * (players - 1)
    return {
        "game": "boss-quest",
        "players": str(players),
        "seat_kinds": kinds,
        "bot_delay": "0",
        "clock": clock,
    }


def test_the_lobby_form_has_a_clock_field(client: TestClient) -> None:
    """A time per move in a unit (seconds to days), and a time bank, empty for none."""
    page = client.get("/").text
    assert 'name="clock"' in page and 'name="clock_unit"' in page and 'value="days"' in page
    assert 'name="bank"' in page and 'name="bank_unit"' in page


def test_the_form_sets_the_clock_or_none_and_refuses_bad_values(client: TestClient) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    for text, clock in (("", None), ("5", 5.0), (" 90 ", 90.0), ("1209600", 1209600.0)):
        response = post_lobby_form(client, form(text), follow_redirects=False)
        assert response.status_code == 303, response.text
        table_id = response.headers["location"].split("/")[2]
        assert hall.store.get(table_id).clock == clock, text
    before = len(hall.store.list_tables())
    for text in ("4", "0", "-5", "1209601", "soon", "nan", "inf"):
        response = post_lobby_form(client, form(text), follow_redirects=False)
        assert response.status_code == 422, (text, response.text)
        assert "the time per move" in refusal(response)
    assert len(hall.store.list_tables()) == before, "a refused form opened a table"


def test_a_clock_that_runs_out_has_a_bot_make_that_one_move_and_the_seat_stays(
    client: TestClient,
) -> None:
    """The smallest clock the form allows (5 s): when it runs out, a bot of the table's kind
    makes that one move, never sooner; the seat stays the person's (no bot holds it, the next
    decision is the person's again, with a fresh countdown); the log and the person's page
    say so, and the others see it on the players' list."""
    hall = client.app.state.hall  # type: ignore[attr-defined]
    started = time.monotonic()
    response = post_lobby_form(client, form("5"), follow_redirects=False)
    assert response.status_code == 303, response.text
    link = response.headers["location"]
    table_id = link.split("/")[2]
    assert client.get(link).status_code == 200  # opening the seat page starts the table
    live = hall.live(table_id)
    assert live.info.clock == 5.0
    wait_until(lambda: 0 in live.stood_in, "the clock running out")
    assert time.monotonic() - started >= 5.0, "the bot moved before the clock ran out"
    moved = live.stood_in[0]
    assert live.match.movers[moved] == 0  # the move is logged as the seat's own
    assert not hall.store.get(table_id).seats[0].replaced and live.match.agents[0] is None
    log = snapshot(client, table_id)["log"]
    assert any("time ran out: a bot made that one move for them" in line for line in log), log
    wait_until(
        lambda: live.match.is_over() or Hall.deadline(live, 0) is not None,
        "the person's next decision, with its own countdown",
    )
    if not live.match.is_over():
        assert live.match.to_move() == 0 and live.match.agents[0] is None
        ends = Hall.deadline(live, 0)
        assert ends is not None and ends > time.time()


def test_reconnecting_does_not_restart_the_clock(tmp_path: Path) -> None:
    """A person who keeps reopening the seat's socket still runs out of time on one decision;
    each push shows the same deadline and the hall's time."""
    app = create_app(f"sqlite:///{tmp_path / 'clock.db'}", leave_grace=60, caps=GENEROUS)
    with TestClient(app) as client:
        hall = app.state.hall
        started = time.monotonic()
        # A clock shorter than the API allows (5 s), so the test is quick.
        info, tokens = hall.create_table(
            "boss-quest", 2, {}, [SeatRequest("me"), SeatRequest("bot")], bot_delay=0, clock=1.5
        )
        mine = claim(client, f"/t/{info.id}/seat/{tokens[0]}")
        snapshot(client, info.id)  # loading the table starts its driver
        live = hall.live(info.id)
        wait_until(lambda: live.match.to_move() == 0 and 0 in live.clocks, "the clock starting")
        countdown, seq = live.clocks[0], live.seq
        shown = {f'data-deadline="{live.deadlines[0]}"'}
        reconnections = 0
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # back to back, far more often than every 1.5 s
            if 0 in live.stood_in:
                break
            with client.websocket_connect(f"/ws/tables/{info.id}", headers=mine) as socket:
                pushed = socket.receive_json()
                reconnections += 1
                if pushed["seq"] == seq and 0 not in live.stood_in:
                    assert live.clocks[0] is countdown, "a reconnection started a new countdown"
                    assert next(iter(shown)) in pushed["html"]
                    assert abs(pushed["now"] - time.time()) < 60
        assert 0 in live.stood_in, "reconnecting kept the clock from ending"
        assert time.monotonic() - started >= 1.5
        assert reconnections >= 3


def test_a_bot_waits_the_tables_pause_after_a_persons_move(client: TestClient) -> None:
    """With a pause of 0.5 s, a bot's move is never applied sooner after the person's."""
    pause = 0.5
    table = open_table(client, [{"kind": "me"}, {"kind": "bot"}], bot_delay=pause)
    token = credentials(client, table)[0]
    hall = client.app.state.hall  # type: ignore[attr-defined]
    match = hall.live(table["id"]).match
    waits: list[float] = []
    while len(waits) < 3:
        state = wait_for_turn(client, table["id"], token)
        if state["over"]:
            break
        seq = state["seq"]
        moved = time.monotonic()
        assert act(client, table["id"], token, seq, state["legal"][0]["action"]).status_code == 200
        for _ in range(1000):
            if 1 in match.movers[seq + 1 :]:
                waits.append(time.monotonic() - moved)
                break
            if match.to_move() == 0 or match.is_over():
                break  # the person moves again first: nothing to measure this time
            time.sleep(0.005)
    assert len(waits) >= 2, "the bot hardly ever moved after the person"
    assert min(waits) >= pause, f"a bot moved {min(waits):.3f} s after the person (pause {pause})"
