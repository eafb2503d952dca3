"""Bounded search in the web hall (issue 22, item 1): bot kinds beyond the hall's limit are
refused wherever a table is opened; a search thinks on the hall's own workers without holding
its table's lock, so the other tables, a hint and even its own table's people carry on; a
hint is refused at once when too many searches wait; a SIGTERM stops a served hall mid-search
within five seconds, and after a restart its bots choose again within the limits.

A "long" search here is one whose limits let it run until the hall stops it: no test waits
for a search to end by itself, and none depends on how fast the machine searches.
"""

from __future__ import annotations

import random
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gamehall.bots import make_bot
from gamehall.bots.mcts_bot import MctsBot
from gamehall.bots.registry import check_bot
from gamehall.core.errors import OptionError
from gamehall.core.game import CHANCE
from gamehall.search.limits import BOT_SECONDS, MAX_WEB_ITERATIONS, SearchLimits
from gamehall.web.app import create_app
from gamehall.web.hall import Hall, LiveTable
from gamehall.web.limits import GENEROUS
from tests.waiting import wait_until
from tests.web.claims import CREDENTIAL, credentials
from tests.web.conftest import Server
from tests.web.forms import post_lobby_form
from tests.web.test_api import act, open_table, snapshot

ENDLESS = 10**9
"""Iterations no search reaches: with a long time cap, it runs until the hall stops it."""
LONG = SearchLimits(iterations=ENDLESS, bot_seconds=3600)
LONG_BOT = {"kind": "bot", "bot": f"mcts:{ENDLESS}"}
OVER = "mcts:999999999"
"""The kind that took the hall down on main: far over the default limit."""
ME = {"kind": "me"}


@contextmanager
def served(database: Path, limits: SearchLimits | None = None) -> Iterator[TestClient]:
    """The hall in process with ``limits``; on leaving, every search it ran has returned."""
    app = create_app(f"sqlite:///{database}", leave_grace=600, limits=limits, caps=GENEROUS)
    hall: Hall = app.state.hall
    try:
        with TestClient(app) as client:
            yield client
    finally:
        wait_until(lambda: hall.thinking.running == 0, "every search returning at shutdown")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The hall with its default limits."""
    with served(tmp_path / "hall.db") as hall_client:
        yield hall_client


@pytest.fixture
def long_client(tmp_path: Path) -> Iterator[TestClient]:
    """A hall whose limits allow searches that last until it stops."""
    with served(tmp_path / "hall.db", LONG) as hall_client:
        yield hall_client


def hall_of(client: TestClient) -> Hall:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return hall


def table_count(client: TestClient) -> int:
    return len(hall_of(client).store.list_tables(None, 10_000))


def thinking_long(hall: Hall, live: LiveTable) -> bool:
    """The table's bot is searching a decision with a choice: with :data:`LONG` limits, a
    search that goes on until the hall stops it."""
    match = live.match
    mover = match.to_move()
    return (
        mover not in (None, CHANCE)
        and match.agents[mover] is not None
        and len(match.game.legal_actions(match.state)) > 1
        and hall.thinking.running > 0
    )


# -- kinds and budgets over the limit are refused ----------------------------------------------


def test_a_search_over_the_limit_is_refused_for_a_seat_by_the_api(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={"game": "boss-quest", "players": 2, "seats": [ME, {"kind": "bot", "bot": OVER}]},
    )
    assert response.status_code == 422
    error = response.json()["error"]
    assert OVER in error and f"mcts:{MAX_WEB_ITERATIONS}" in error and "\n" not in error
    assert table_count(client) == 0


def test_a_search_over_the_limit_is_refused_as_the_replacement(client: TestClient) -> None:
    response = client.post(
        "/api/tables?lang=fr",
        json={"game": "boss-quest", "players": 2, "seats": [ME, ME], "replacement": OVER},
    )
    assert response.status_code == 422
    assert response.json()["error"] == (
        f"le robot « {OVER} » cherche plus que cette salle ne le permet "
        f"(au plus mcts:{MAX_WEB_ITERATIONS})"
    )
    assert table_count(client) == 0


@pytest.mark.parametrize(
    "fields",
    [{"seat_kinds": ["me", f"bot:{OVER}"]}, {"seat_kinds": ["me", "invite"], "replacement": OVER}],
    ids=["seat", "replacement"],
)
def test_a_search_over_the_limit_is_refused_by_the_lobby_form(
    client: TestClient, fields: dict[str, Any]
) -> None:
    form = {"game": "boss-quest", "players": "2", "bot_delay": "0", **fields}
    response = post_lobby_form(client, form)
    assert response.status_code == 422
    assert f"at most mcts:{MAX_WEB_ITERATIONS}" in response.text  # as JSON or as a page
    assert table_count(client) == 0


def test_searches_within_the_limit_are_accepted(client: TestClient) -> None:
    seats = [
        ME,
        {"kind": "bot", "bot": f"mcts:{MAX_WEB_ITERATIONS}"},
        {"kind": "bot", "bot": "mcts"},
    ]
    table = open_table(client, seats, replacement="mcts:50", bot_delay=10)
    info = hall_of(client).store.get(table["id"])
    assert info is not None and info.replacement == "mcts:50"
    assert [seat.bot for seat in info.seats] == [None, f"mcts:{MAX_WEB_ITERATIONS}", "mcts"]
    response = post_lobby_form(
        client, {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "bot:mcts:20"]}
    )
    assert response.status_code in (200, 303), response.text


def test_the_hall_s_own_limit_is_the_one_named(tmp_path: Path) -> None:
    """``gamehall serve --max-iterations 50``: mcts:50 is accepted, mcts:51 is not."""
    with served(tmp_path / "hall.db", SearchLimits(iterations=50)) as client:
        open_table(client, [ME, {"kind": "bot", "bot": "mcts:50"}], bot_delay=10)
        refused = client.post(
            "/api/tables",
            json={
                "game": "boss-quest",
                "players": 2,
                "seats": [ME, {"kind": "bot", "bot": "mcts:51"}],
            },
        )
        assert refused.status_code == 422 and "at most mcts:50" in refused.json()["error"]


def test_a_local_command_keeps_its_freedom_and_the_hall_caps_every_decision() -> None:
    """Without limits (the terminal, the lab) a search bot has the iterations it asks for and
    no time cap; the hall's bots are refused over the limit when a table opens, and a bot
    stored before the limit searches within it, capped in time."""
    free = make_bot(OVER, "boss-quest")
    assert isinstance(free, MctsBot)
    assert (free.search.budget.iterations, free.search.budget.seconds) == (999_999_999, None)
    with pytest.raises(OptionError, match=f"at most mcts:{MAX_WEB_ITERATIONS}"):
        check_bot(OVER, "boss-quest", SearchLimits())
    capped = make_bot(OVER, "boss-quest", SearchLimits())
    assert isinstance(capped, MctsBot)
    budget = capped.search.budget
    assert (budget.iterations, budget.seconds) == (MAX_WEB_ITERATIONS, BOT_SECONDS)


# -- a search never holds its table, nor the hall ----------------------------------------------


def test_a_long_search_blocks_neither_its_table_nor_other_tables_nor_a_hint(
    long_client: TestClient,
) -> None:
    """While table A's bot searches (on and on), A's lock is free and its view answers; at
    table B a person's action is acknowledged; at table C a hint is answered; and A's search
    is still the same one afterwards: all of it happened while it thought."""
    client, hall = long_client, hall_of(long_client)
    searching = open_table(client, [LONG_BOT, LONG_BOT])
    live = hall.live(searching["id"])
    wait_until(lambda: thinking_long(hall, live), "table A's bot searching")
    seq = live.seq

    assert not live.lock.locked()
    assert snapshot(client, searching["id"])["seq"] == seq
    playing = open_table(client, [ME, {"kind": "bot", "bot": "heuristic"}])
    mover, state = person_to_move(client, playing)
    acted = act(client, playing["id"], mover, state["seq"], state["legal"][0]["action"])
    assert acted.status_code == 200, acted.text
    asking = open_table(client, [ME, {"kind": "invite"}])
    mover, state = person_to_move(client, asking)
    answer = client.post(
        f"/api/tables/{asking['id']}/hint", headers={CREDENTIAL: mover}, json={"seq": state["seq"]}
    )
    assert answer.status_code == 200, answer.text
    assert {row["action"] for row in answer.json()["actions"]} == {
        a["action"] for a in state["legal"]
    }

    assert live.seq == seq and thinking_long(hall, live)  # the same search, still thinking


def test_a_bot_s_choice_is_dropped_when_its_table_moved_on_while_it_thought(
    long_client: TestClient,
) -> None:
    """A person undoes their move while the bot searches the position after it: the undo
    is applied at once (the lock is free), and the bot's choice, when its search ends, is
    dropped: the log stays at the undone position, the person to move."""
    client, hall = long_client, hall_of(long_client)
    live, person, seq = undo_while_the_bot_thinks(client, hall)
    assert live.seq == seq - 1 and live.match.to_move() == 0
    assert hall.thinking.running > 0  # the bot's search was still on when the undo went in
    hall.thinking.stop.set()  # its search ends now, with a choice for a position now gone
    driver = live.driver
    assert driver is not None
    wait_until(lambda: hall.thinking.running == 0 and driver.done(), "the search ending")
    hall.thinking.stop.clear()
    assert live.seq == seq - 1 and live.match.to_move() == 0
    assert len(hall.store.actions(live.info.id)) == seq - 1  # nothing logged after the undo
    assert snapshot(client, live.info.id, person)["legal"]


def undo_while_the_bot_thinks(client: TestClient, hall: Hall) -> tuple[LiveTable, str, int]:
    """Play random moves at tables of a person and a long-searching bot until the person
    takes back a move while the bot searches the position after it: the table, the
    person's credential and the sequence number the undo was asked at."""
    moves = random.Random(22)
    for _ in range(20):
        table = open_table(client, [ME, LONG_BOT])
        live, person = hall.live(table["id"]), credentials(client, table)[0]
        while True:
            turn = partial(person_or_bot_thinking, client, hall, live, person)
            state = wait_until(turn, "a turn at the table")
            if state is True:  # the bot thinks on and on: try to take the move back
                seq = live.seq
                undone = client.post(
                    f"/api/tables/{live.info.id}/undo",
                    headers={CREDENTIAL: person},
                    json={"seq": seq},
                )
                if undone.status_code == 200:
                    return live, person, seq
                end_the_search(hall, live, seq)  # not undoable here: let the bot play on
                continue
            assert isinstance(state, dict)
            if state["over"]:
                break
            move = moves.choice(state["legal"])["action"]
            act(client, live.info.id, person, state["seq"], move)
    raise AssertionError("no undo met a searching bot in 20 games")


def person_or_bot_thinking(
    client: TestClient, hall: Hall, live: LiveTable, person: str
) -> dict[str, Any] | bool:
    """The person's snapshot when they must act (or the game is over); True while the bot
    searches a decision with a choice; False otherwise (the table is on its way)."""
    if thinking_long(hall, live):
        return True
    if live.match.to_move() in (0, None):
        state = snapshot(client, live.info.id, person)
        if state["legal"] or state["over"]:
            return state
    return False


def end_the_search(hall: Hall, live: LiveTable, seq: int) -> None:
    """Stop the bot's search so it plays its choice at ``seq``, then let searches run again."""
    hall.thinking.stop.set()
    try:
        wait_until(lambda: live.seq > seq, "the bot playing")
    finally:
        hall.thinking.stop.clear()


def person_to_move(client: TestClient, table: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The credential and snapshot of the person whose turn it is at ``table``."""
    held = credentials(client, table)

    def turn() -> tuple[str, dict[str, Any]] | None:
        for credential in held.values():
            state = snapshot(client, table["id"], credential)
            if state["legal"]:
                return credential, state
        return None

    found = wait_until(turn, "a person's turn")
    assert found is not None
    return found


# -- the waiting line ------------------------------------------------------------------------


def test_a_hint_is_refused_at_once_when_the_waiting_line_is_full(tmp_path: Path) -> None:
    """One worker, one place in line: a bot searching, another waiting; a hint asked then is
    refused at once with a one-line 503 in the asker's language, and changes nothing."""
    limits = SearchLimits(iterations=ENDLESS, bot_seconds=3600, workers=1, waiting=1)
    with served(tmp_path / "hall.db", limits) as client:
        hall = hall_of(client)
        asking = open_table(client, [ME, {"kind": "invite"}])
        mover, state = person_to_move(client, asking)
        first = hall.live(open_table(client, [LONG_BOT, LONG_BOT])["id"])
        wait_until(lambda: thinking_long(hall, first), "a bot on the only worker")
        second = hall.live(open_table(client, [LONG_BOT, LONG_BOT])["id"])
        wait_until(lambda: hall.thinking.waiting == 1, "a bot waiting for the worker")
        waited_at = second.seq
        for lang, words in (("en", "busy thinking"), ("fr", "réfléchit déjà")):
            refused = client.post(
                f"/api/tables/{asking['id']}/hint?lang={lang}",
                headers={CREDENTIAL: mover},
                json={"seq": state["seq"]},
            )
            assert refused.status_code == 503, refused.text
            error = refused.json()["error"]
            assert words in error and "\n" not in error
        health = client.get("/api/health").json()
        assert (health["searches_running"], health["searches_waiting"]) == (1, 1)
        assert snapshot(client, asking["id"], mover)["seq"] == state["seq"]
        assert second.seq == waited_at and not second.lock.locked()  # still in line, unlocked


# -- stopping and restarting ---------------------------------------------------------------


def test_sigterm_stops_a_served_hall_mid_search_and_a_restart_searches_within_the_limits(
    tmp_path: Path,
) -> None:
    """``gamehall serve`` with a bot searching on and on: SIGTERM ends the process within
    five seconds (measured from the signal only). Served again with the default limits, the
    same table loads and its bots play on, each decision within the caps."""
    database = f"sqlite:///{tmp_path / 'hall.db'}"
    long = Server(database, options=["--max-iterations", str(ENDLESS), "--bot-seconds", "3600"])
    try:
        long.start()
        table = httpx.post(
            long.base + "/api/tables",
            json={
                "game": "boss-quest",
                "players": 2,
                "seats": [LONG_BOT, LONG_BOT],
                "bot_delay": 0,
            },
        ).json()
        wait_until(lambda: served_searches(long) > 0, "the bot searching", every=0.1)
        seq = httpx.get(f"{long.base}/api/tables/{table['id']}").json()["seq"]
        assert long.process is not None
        signalled = time.monotonic()
        long.process.send_signal(signal.SIGTERM)
        try:
            long.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("the hall was still running 60 s after SIGTERM")
        assert time.monotonic() - signalled < 5.0
    finally:
        long.stop()
    again = Server(database)
    try:
        again.start()
        wait_until(
            lambda: httpx.get(f"{again.base}/api/tables/{table['id']}").json()["seq"] > seq,
            "the bots playing on after the restart",
            every=0.2,
        )
    finally:
        again.stop()


def served_searches(server: Server) -> int:
    running: int = httpx.get(server.base + "/api/health", timeout=10).json()["searches_running"]
    return running
