"""A chess-style time bank beside the per-move clock, and clocks in hours or days (issue 25,
items 2 and 8): thinking beyond a move's clock is spent from the person's bank, counted from
the times the log's steps were written, so a restart gives no one time back; the lobby form
takes both in a unit; at a table with a clock, leaving hands no seat to a bot."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from gamehall.store.models import ActionRow
from gamehall.store.tables import TableInfo
from gamehall.web.hall import LAST_MOMENTS, Hall, SeatRequest
from tests.waiting import wait_until
from tests.web.claims import claim
from tests.web.forms import post_lobby_form, refusal
from tests.web.test_api import act, snapshot


def form(**time: str) -> dict[str, Any]:
    """The lobby form for Boss Quest, me against a heuristic bot, with ``time`` fields."""
    return {
        "game": "boss-quest",
        "players": "2",
        "seat_kinds": ["me", "bot:heuristic"],
        "bot_delay": "0",
        **time,
    }


def seated_at_clock(
    client: TestClient, hall: Hall, clock: float, bank: float | None = None
) -> tuple[TableInfo, dict[str, str]]:
    """A Boss Quest table of me and a bot with this ``clock`` and ``bank``, and the headers
    of my claimed seat."""
    seats = [SeatRequest("me"), SeatRequest("bot")]
    info, tokens = hall.create_table(
        "boss-quest", 2, {}, seats, bot_delay=0, clock=clock, bank=bank
    )
    return info, claim(client, f"/t/{info.id}/seat/{tokens[0]}")


@pytest.mark.parametrize(
    ("fields", "clock", "bank"),
    [
        ({"clock": "2", "clock_unit": "days"}, 2 * 86400.0, None),
        ({"clock": "30", "bank": "10", "bank_unit": "minutes"}, 30.0, 600.0),
        ({"bank": "1", "bank_unit": "hours"}, None, 3600.0),
    ],
)
def test_the_form_sets_a_clock_and_a_bank_in_units(
    client: TestClient, fields: dict[str, str], clock: float | None, bank: float | None
) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    response = post_lobby_form(client, form(**fields), follow_redirects=False)
    assert response.status_code == 303, response.text
    info = hall.store.get(response.headers["location"].split("/")[2])
    assert (info.clock, info.bank) == (clock, bank)


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"clock": "15", "clock_unit": "days"}, "the time per move must be from 5 seconds"),
        ({"bank": "30", "bank_unit": "seconds"}, "the time bank must be from 1 minute"),
        ({"bank": "5", "bank_unit": "weeks"}, "the time bank must be from 1 minute"),
        ({"bank": "soon"}, "the time bank is not a number"),
    ],
)
def test_a_time_out_of_bounds_is_refused_naming_its_field(
    client: TestClient, fields: dict[str, str], named: str
) -> None:
    hall = client.app.state.hall  # type: ignore[attr-defined]
    before = len(hall.store.list_tables())
    response = post_lobby_form(client, form(**fields), follow_redirects=False)
    assert response.status_code == 422 and named in refusal(response), response.text
    assert len(hall.store.list_tables()) == before


def test_thinking_beyond_the_clock_is_spent_from_the_bank_and_survives_a_reload(
    client: TestClient,
) -> None:
    """A move thought over for 65 s at a 5 s clock spends 60 s of a 120 s bank: the next
    decision has 5 + 60 s, counted from when the last step was written, also once the table
    is loaded again from its log."""
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    info, mine = seated_at_clock(client, hall, clock=5.0, bank=120.0)
    token = mine["x-seat-credential"]
    state = wait_until(
        lambda: (s := snapshot(client, info.id, token))["legal"] and s, "my first decision"
    )
    played = act(client, info.id, token, state["seq"], state["legal"][0]["action"])
    assert played.status_code == 200, played.text
    live = hall.live(info.id)
    mine_at = played.json()["seq"] - 1
    assert live.match.movers[mine_at] == 0
    times = hall.store.step_times(info.id)
    thought_from = times[mine_at - 1][1] if mine_at else info.created_at
    assert thought_from is not None
    with hall.store.engine.begin() as connection:  # as if the move had taken 65 s
        connection.execute(
            update(ActionRow)
            .where(ActionRow.table_id == info.id, ActionRow.seq >= mine_at)
            .values(created_at=thought_from + timedelta(seconds=65))
        )
    hall.tables.pop(info.id)  # loaded again from the store, as after a restart
    again = hall.live(info.id)
    assert again.spent[0] == pytest.approx(60.0, abs=1.0)
    assert Hall.bank_left(again, 0) == pytest.approx(60.0, abs=1.0)
    assert hall.time_for_move(again, 0) == pytest.approx(65.0, abs=1.0)
    last = hall.store.step_times(info.id)[-1][1].timestamp()
    assert again.decided_at == pytest.approx(last)


def test_a_spent_bank_without_a_clock_leaves_the_last_moments(client: TestClient) -> None:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    info, _ = hall.create_table(
        "boss-quest", 2, {}, [SeatRequest("me"), SeatRequest("bot")], bank=60.0
    )
    live = hall.live(info.id)
    live.spent[0] = 75.0
    assert Hall.bank_left(live, 0) == 0.0 and hall.time_for_move(live, 0) == LAST_MOMENTS


def test_at_a_table_with_a_clock_leaving_hands_no_seat_to_a_bot(client: TestClient) -> None:
    """Played over days: a person who closes the page is not replaced; only the clock makes a
    move for them, when it runs out."""
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    info, mine = seated_at_clock(client, hall, clock=86400.0)
    with client.websocket_connect(f"/ws/tables/{info.id}", headers=mine) as socket:
        socket.receive_json()
    live = hall.live(info.id)
    assert live.graces == {} and live.match.agents[0] is None
    stored = hall.store.get(info.id)
    assert stored is not None and not stored.seats[0].replaced
