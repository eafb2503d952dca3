"""A schemathesis run against the web hall's OpenAPI description, in process (ASGI).

Every operation of ``app.openapi()`` goes through schemathesis's phases (its coverage cases:
boundaries, missing and wrong values, undeclared methods and content types; then fuzzing,
positive and negative; then stateful sequences), on a fresh SQLite database. The checks: no
5xx, status codes, content types and bodies as described, negative data refused, 405 with
``Allow``. Only ``positive_data_acceptance`` is off: the description cannot say that a game
must exist, nor how many seats it takes, so schema-valid bodies may rightly get a 422.

Random table ids would only ever meet a 404, so the generated requests are steered (a hook)
towards a few real tables: a game in play, a physical table, a finished game, with real seat
links and credentials, the current sequence number and legal actions, beside the generated
values.

The run is seeded and derandomized. Its figures are printed (``-s``) and go into
docs/reliability.md; the last test shows the run fails on a server error.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis.engine import events, from_schema
from schemathesis.generation import GenerationMode
from schemathesis.python import asgi

from gamehall.core.companion import possible_outcomes
from gamehall.core.game import CHANCE
from gamehall.core.registry import games
from gamehall.store.tables import hash_token, new_token
from gamehall.web.app import create_app
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.limits import GENEROUS

MAX_EXAMPLES = 40
"""Fuzzed examples per operation and generation mode."""
SEED = 20261130
GAMES = games()

CONFIG = {
    "seed": SEED,
    "cache": {"enabled": False},  # nothing written in the working tree
    "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True},
    "checks": {"positive_data_acceptance": {"enabled": False}},
    "max-redirects": 0,  # a 303 is checked as the route's own answer, not followed
}


@dataclass
class Scene:
    """A real table the generated requests are steered to."""

    table: str
    tokens: list[str]
    """The seat links' tokens (already claimed: a link page answers its refusal)."""
    credentials: list[str]
    """The seats' credentials, as the claims gave them."""


@dataclass
class Run:
    """What a schemathesis run did and found."""

    operations: set[str] = field(default_factory=set)
    cases: Counter[str] = field(default_factory=Counter)
    """Test cases generated, by phase."""
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def report(self) -> str:
        """The figures, one operation a line."""
        phases = ", ".join(f"{count} {phase}" for phase, count in sorted(self.cases.items()))
        total = sum(self.cases.values())
        lines = [f"{len(self.operations)} operations, {total} cases ({phases})"]
        for label, counts in sorted(self.statuses.items()):
            lines.append(f"  {label}: {dict(sorted(counts.items()))}")
        return "\n".join(lines + self.failures + self.errors)


def open_scenes(hall: Hall) -> list[Scene]:
    """A game in play, a physical table and a game of bots (finished before the run)."""
    me, invite, bot = SeatRequest("me"), SeatRequest("invite"), SeatRequest("bot")
    tables = [
        hall.create_table("boss-quest", 2, {}, [me, invite], bot_delay=0, seed="hostile-1"),
        hall.create_table("boss-quest", 2, {}, [me, invite], 0, physical=True, seed="hostile-2"),
        hall.create_table("boss-quest", 2, {}, [bot, bot], bot_delay=0, seed="hostile-3"),
    ]
    scenes = []
    for info, tokens in tables:  # claimed in the store: the tables load when the hall starts
        claimed = {seat: new_token() for seat in tokens}
        for seat, credential in claimed.items():
            hall.store.claim(info.id, seat, hash_token(tokens[seat]), hash_token(credential))
        order = sorted(tokens)
        scenes.append(Scene(info.id, [tokens[s] for s in order], [claimed[s] for s in order]))
    return scenes


def steering(hall: Hall, scenes: list[Scene]) -> Callable[[Any, Any], Any]:
    """A ``flatmap_case`` hook: a positive case for a table is sent, as generated or (more
    often) at one of ``scenes``: with the credential of the seat to move, another's or none,
    mostly at the current sequence number, with an action or chance outcome legal now."""

    def steer(case: Any, choice: tuple[int, int, int, int]) -> Any:
        which, seat, seq, move = choice
        if which >= len(scenes):
            return case
        scene, tokens = scenes[which], scenes[which].tokens
        live = hall.live(scene.table)
        match = live.match
        case.path_parameters["table_id"] = scene.table
        to_move = match.to_move()
        mover = to_move if to_move is not None and 0 <= to_move < len(tokens) else 0
        if "token" in case.path_parameters and tokens:
            case.path_parameters["token"] = tokens[seat % len(tokens)]
        elif seat < 3 and tokens:  # the seat to move (twice as often), or another
            credentials = scene.credentials
            case.headers["x-seat-credential"] = credentials[(mover + seat // 2) % len(tokens)]
        else:
            case.headers.pop("x-seat-credential", None)  # a spectator
        if isinstance(case.body, dict) and seq:
            case.body["seq"] = live.seq
        if isinstance(case.body, dict) and move and not match.is_over():
            if "action" in case.body and match.to_move() in (0, 1):
                legal = match.game.legal_actions(match.state)
                case.body["action"] = str(legal[move % len(legal)])
            if "entry" in case.body and match.to_move() == CHANCE:
                outcomes = possible_outcomes(match.game, match.state)
                case.body["entry"] = str(outcomes[move % len(outcomes)])
        return case

    def create(case: Any, choice: tuple[int, int, int, Any]) -> Any:
        """A new table of a real game, for as many seats as it takes, with its real options
        set to odd values; or the name of a real game's page."""
        which, players, options, value = choice
        if which >= len(GAMES):
            return case
        game = GAMES[which]
        if "name" in case.path_parameters:
            case.path_parameters["name"] = game.name
            return case
        body = case.body
        if not isinstance(body, dict):
            return case
        body["game"] = game.name
        body["players"] = count = min(game.min_players + players, game.max_players)
        if "seat_kinds" in body:  # the lobby form
            body["seat_kinds"] = [*body["seat_kinds"], *["me"] * count][:count]
            for spec in game.option_specs[:options]:
                body[f"opt:{spec.name}"] = str(value)
        else:
            body["seats"] = [*body["seats"], *[{"kind": "me"}] * count][:count]
            chosen = game.option_specs[:options]
            body["options"] = {spec.name: value for spec in chosen}
        return case

    choices = st.tuples(
        st.integers(0, len(scenes)), st.integers(0, 3), st.integers(0, 3), st.integers(0, 5)
    )
    creations = st.tuples(
        st.integers(0, len(GAMES)),
        st.integers(0, 2),
        st.integers(0, 3),
        st.sampled_from([0, 1, 2, -1, 10**9, True, "", "x", "tyrant", "\x00"]),
    )

    def flatmap_case(context: Any, case: Any) -> Any:
        meta = case.meta
        if meta is not None and meta.generation.mode is not GenerationMode.POSITIVE:
            return st.just(case)
        if "table_id" in case.path_parameters:
            return choices.map(lambda choice: steer(case, choice))
        if "name" in case.path_parameters or case.path in ("/api/tables", "/tables"):
            return creations.map(lambda choice: create(case, choice))
        return st.just(case)

    return flatmap_case


def served(app: Any) -> Any:
    """The app as a server runs it: an exception raised once the app has answered 500 (as
    Starlette does, after sending it) is the server's to log; the client sees the 500."""

    async def asgi(scope: Any, receive: Any, send: Any) -> None:
        try:
            await app(scope, receive, send)
        except Exception:
            if scope["type"] != "http":
                raise

    return asgi


def run_schemathesis(
    database: Path, include: str | None = None, prepare: Callable[[Hall], None] | None = None
) -> Run:
    """Run schemathesis over the app's operations (those whose path matches ``include``)."""
    app = create_app(f"sqlite:///{database}", leave_grace=600, caps=GENEROUS)
    hall: Hall = app.state.hall
    scenes = open_scenes(hall)
    if prepare is not None:
        prepare(hall)
    config = schemathesis.Config.from_dict(CONFIG)
    loaded = schemathesis.openapi.from_asgi("/openapi.json", served(app), config=config)
    schema = loaded if include is None else loaded.include(path_regex=include)
    deadline = time.monotonic() + 20
    while not hall.live(scenes[2].table).match.is_over():  # the bots play on the app's loop
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    schema.hook("flatmap_case")(steering(hall, scenes))
    run = Run()
    try:
        events_of_the_run = list(from_schema(schema).execute())
    finally:
        asgi.shutdown_lifespans()  # the app stops: its bots and clocks are cancelled
    for event in events_of_the_run:
        if isinstance(event, events.ScenarioFinished):
            label = event.recorder.label
            if " /" in label:
                run.operations.add(label)
            run.cases[event.phase.value] += len(event.recorder.cases)
            for interaction in event.recorder.interactions.values():
                if interaction.response is not None:
                    status = interaction.response.status_code
                    run.statuses[label][status] += 1
            for checks in event.recorder.checks.values():
                for check in checks:
                    if check.failure_info is not None:
                        failure = check.failure_info.failure
                        run.failures.append(f"{label}: {check.name}: {failure.title}")
        elif isinstance(event, events.NonFatalError | events.FatalError):
            run.errors.append(f"{type(event).__name__}: {event}")
    return run


def test_schemathesis_finds_no_server_error_and_no_departure_from_the_description(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every operation, every phase: no 5xx, answers as described; the steering reaches the
    real tables (actions and chance entries applied, a record downloaded)."""
    monkeypatch.setattr("gamehall.search.advisor.HINT_SECONDS", 0.02)  # hints are asked often
    run = run_schemathesis(tmp_path / "hall.db")
    print(run.report())
    assert not run.failures and not run.errors, run.report()
    assert not any(status >= 500 for counts in run.statuses.values() for status in counts)
    described = create_app(f"sqlite:///{tmp_path / 'described.db'}").openapi()["paths"]
    assert len(run.operations) == sum(map(len, described.values())) >= 17, run.report()
    applied = (
        run.statuses[f"POST /api/tables/{{table_id}}/{r}"][200] for r in ("actions", "chance")
    )
    assert sum(applied) > 0, run.report()
    assert run.statuses["GET /api/tables/{table_id}/record"][200] > 0, run.report()
    assert run.cases["fuzzing"] > 16 * MAX_EXAMPLES / 2, run.report()


def test_the_run_fails_on_a_server_error(tmp_path: Path) -> None:
    """The run is honest: a route that breaks (here an undo that raises) is reported."""

    def broken(hall: Hall) -> None:
        async def undo(table_id: str, seat: int, seq: int) -> int:
            raise RuntimeError("an undo that breaks")

        hall.undo = undo  # type: ignore[method-assign]

    run = run_schemathesis(tmp_path / "hall.db", include="/undo$", prepare=broken)
    assert run.operations == {"POST /api/tables/{table_id}/undo"}
    assert run.statuses["POST /api/tables/{table_id}/undo"][500] > 0, run.report()
    assert "POST /api/tables/{table_id}/undo: not_a_server_error: Server error" in run.failures
