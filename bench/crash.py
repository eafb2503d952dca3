"""Crash-recovery drill: SIGKILL the web hall while tables are played, restart it, and check
every table against an independent replay of its stored log.

``python -m bench.crash [--rounds 50] [--database URL]``. Each round starts ``gamehall serve``
on a fresh database (a SQLite file, or a fresh PostgreSQL database on the server ``--database``
names), opens ``--tables`` tables at once (Boss Quest, Ancient Terrible Things, 20 Strong with
both decks; bots acting without pause or after a short one), and plays every person seat with
its own concurrent HTTP client: read the snapshot, pick a random legal action, submit it at
the snapshot's sequence number; a table that ends is replaced by a new one. After a random
pause (seeded) the server is killed with SIGKILL and restarted at once, ``--kills`` times per
round; half the kills are aimed at an action in flight (sent 0-10 ms after a client posts
one, or as soon as its commit shows in the log). A submission whose answer was lost in a kill
is sent again, unchanged, once the server is back: the answer must then be 200, or 409 if the
first one had landed, and it may apply only once; clients also drop 2 % of their 200 answers,
as a network may, and send those actions again (they must get 409). Then the clients stop,
the tables settle and every table in the database is checked:

- its log (``TableStore.actions``) numbers its actions 0, 1, 2... with no gap or repeat, and
  the log read while the server was down is a prefix of it (nothing rewritten);
- every action a client got a 200 for is in the log at its sequence number, by its seat
  (else *lost*); no sequence number was granted twice, and every person-seat action in the
  log was submitted by that seat at that number (else *duplicated*);
- the log replays from scratch (``core.record.replay`` of a record built from the store) to
  exactly what the restarted server serves: each seat's and the spectator's snapshot (view,
  legal actions, log lines, turn), the movers, the finished status; and every view a client
  was ever shown, at any sequence number, before or after a kill, is the replay's view at that
  number (nothing shown was rolled back) (else *mismatch*); and every chance outcome is the
  one the table's committed stream gives, however many kills came between (``verify_deal``,
  else *mismatch*).

Figures (rounds, kills, restart times, actions acknowledged, lost, duplicated, mismatches,
errors) are printed and saved in ``bench/results/crash-*.json``; docs/reliability.md quotes
them. Loopback only, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Engine, create_engine, select, text

from bench.claims import CREDENTIAL, claim_async
from bench.ports import free_port
from bench.saving import save
from gamehall.core.record import Record, replay, verify_deal
from gamehall.core.resign import Resign
from gamehall.store.database import open_engine
from gamehall.store.models import ActionRow
from gamehall.store.tables import TableInfo, TableStore
from gamehall.web.limits import GENEROUS
from gamehall.web.views import seat_snapshot

ERROR_LINE = re.compile(r"Traceback|ERROR|CRITICAL|Exception|Error\b")
"""A line of the server's output that reports a failure."""

KINDS: list[tuple[str, int, dict[str, Any], list[str]]] = [
    ("boss-quest", 3, {}, ["me", "me", "random"]),
    ("boss-quest", 4, {}, ["me", "heuristic", "random", "heuristic"]),
    ("ancient-terrible-things", 2, {}, ["me", "heuristic"]),
    ("ancient-terrible-things", 3, {}, ["me", "me", "random"]),
    ("20-strong", 1, {"deck": "too-many-bones"}, ["me"]),
    ("20-strong", 1, {"deck": "victorum"}, ["me"]),
]
"""The tables opened: game, players, options, and each seat (``me``: a person, else a bot)."""
HEROES = {"too-many-bones": ["duster", "flickerpip", "ironbristle"], "victorum": ["h-aelia"]}


class Server:
    """``gamehall serve`` in its own process on loopback, its output appended to ``log``."""

    def __init__(
        self,
        database: str,
        log: Path,
        port: int | None = None,
        cores: str | None = None,
        leave_grace: float = 3600,
    ) -> None:
        self.database = database
        self.log = log
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.cores = cores
        self.leave_grace = leave_grace
        self.process: subprocess.Popen[bytes] | None = None
        self.started = 0.0

    def start(self) -> None:
        """Start the process (``ready`` waits until it answers)."""
        command = [sys.executable, "-m", "gamehall", "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--leave-grace", str(self.leave_grace)]
        command += GENEROUS.arguments()  # many clients from one address: no rate applies
        if self.cores is not None:
            command = ["taskset", "-c", self.cores, *command]
        with self.log.open("ab") as out:
            self.started = time.perf_counter()
            self.process = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )

    def ready(self, timeout: float = 120) -> float:
        """Wait until the lobby answers; the seconds since ``start``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                if httpx.get(self.base + "/", timeout=2).status_code == 200:
                    return time.perf_counter() - self.started
            except httpx.HTTPError:
                pass
            time.sleep(0.02)
        raise RuntimeError("the server did not start")

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None
        return self.process.pid

    def kill(self, wait: bool = True) -> None:
        """SIGKILL: no shutdown code runs (``wait=False``: do not wait for the process to go)."""
        assert self.process is not None
        self.process.kill()
        if wait:
            self.process.wait()

    def stop(self) -> None:
        """Stop the server (SIGTERM) if it still runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def last_lines(self, count: int = 25) -> list[str]:
        """The end of the server's output."""
        if not self.log.exists():
            return []
        return self.log.read_text(errors="replace").splitlines()[-count:]

    def error_lines(self) -> list[str]:
        """The lines of the server's output that report a failure."""
        if not self.log.exists():
            return []
        lines = self.log.read_text(errors="replace").splitlines()
        return [line for line in lines if ERROR_LINE.search(line)]


def digest(view: Any) -> str:
    """A short fingerprint of a JSON value."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(data.encode(), digest_size=12).hexdigest()


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists...)."""
    return json.loads(json.dumps(value))


@dataclass
class Ledger:
    """What the clients did and were told, to check against the logs."""

    acked: dict[tuple[str, int], list[tuple[int, str]]] = field(default_factory=dict)
    """(table, seq) -> (seat, action) of every submission answered 200."""
    doubtful: set[tuple[str, int, int, str]] = field(default_factory=set)
    """(table, seq, seat, action) of every submission whose answer was lost in a kill."""
    seen: dict[tuple[str, int | None, int], str] = field(default_factory=dict)
    """(table, seat, seq) -> the fingerprint of the view a client was shown."""
    seats: dict[str, dict[int, str]] = field(default_factory=dict)
    """table -> person seat -> credential, for every table a client opened."""
    counts: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    shifted: list[str] = field(default_factory=list)
    """Two different views shown to one seat at one seq."""

    def saw(self, table: str, seat: int | None, seq: int, view: Any) -> None:
        key, print_ = (table, seat, seq), digest(view)
        if self.seen.setdefault(key, print_) != print_:
            self.shifted.append(f"mismatches: {table}: seat {seat} was shown two views at {seq}")


@dataclass
class Settings:
    """One round's shape."""

    tables: int = 12
    kills: int = 3
    pause: tuple[float, float] = (0.5, 2.5)
    """Seconds of play before each kill, drawn uniformly."""
    down: tuple[float, float] = (0.0, 0.3)
    """Seconds the server stays down before it is restarted."""
    tail: float = 1.0
    """Seconds of play after the last restart."""
    think: float = 0.02
    """Most seconds a client waits before it acts."""
    aimed: float = 0.5
    """The share of kills aimed at an action in flight: half of them sent 0 to ``window`` s
    after a client posts it, half as soon as its commit shows in the log (before the answer
    reaches the client, most often)."""
    window: float = 0.01
    drop: float = 0.02
    """The share of 200 answers a client drops, as a network may: it sends the action again,
    unchanged, and must get 409 (it landed the first time) and no second application."""


@dataclass
class RoundFigures:
    """What one round did and found."""

    database: str
    tables: int = 0
    tables_opened: int = 0
    kills: int = 0
    aimed_at_post: int = 0
    """Kills sent just after a client posted an action."""
    aimed_at_commit: int = 0
    """Kills sent as soon as a posted action's commit showed in the log."""
    restart_s: list[float] = field(default_factory=list)
    first_start_s: float = 0.0
    acked: int = 0
    in_doubt: int = 0
    dropped: int = 0
    resent_200: int = 0
    resent_409: int = 0
    stale_409: int = 0
    logged: int = 0
    views_checked: int = 0
    lost: int = 0
    duplicated: int = 0
    mismatches: int = 0
    errors: int = 0
    unrecovered: int = 0
    """Restarts after which the server did not come back."""
    server_error_lines: int = 0
    first_problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    check_s: float = 0.0
    """Of which checking the tables."""

    @property
    def clean(self) -> bool:
        """No action lost or duplicated, no mismatch, no error."""
        return not (
            self.lost or self.duplicated or self.mismatches or self.errors or self.unrecovered
        )


def new_table_spec(
    rng: random.Random, number: int, tag: str, delays: tuple[float, ...] = (0, 0, 0.01, 0.02)
) -> dict[str, Any]:
    """The request for one table, of a kind drawn from ``KINDS``, its bots' pause from
    ``delays``."""
    game, players, options, seats = rng.choice(KINDS)
    options = dict(options)
    if game == "20-strong":
        options["hero"] = rng.choice(HEROES[options["deck"]])
    return {
        "game": game,
        "players": players,
        "options": options,
        "bot_delay": rng.choice(delays),
        "seed": f"{tag}-{number}",
        "seats": [{"kind": "me"} if s == "me" else {"kind": "bot", "bot": s} for s in seats],
    }


class Clients:
    """The concurrent clients of one round: one task per table slot, one per person seat."""

    def __init__(
        self, http: httpx.AsyncClient, ledger: Ledger, settings: Settings, rng: random.Random
    ) -> None:
        self.http = http
        self.ledger = ledger
        self.settings = settings
        self.rng = rng
        self.stop = asyncio.Event()
        self.opened = 0
        self.tag = f"{rng.getrandbits(32):08x}"
        self.aim: asyncio.Future[tuple[str, int]] | None = None

    async def action_in_flight(self, timeout: float = 5) -> tuple[str, int] | None:
        """The table and seq of the next action a client posts, as it posts it (None if none
        comes within ``timeout`` s)."""
        self.aim = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(asyncio.shield(self.aim), timeout)
        except TimeoutError:
            return None
        finally:
            self.aim = None

    async def table_slot(self) -> None:
        """Open a table, play its person seats until it ends, open another; until stopped."""
        while not self.stop.is_set():
            spec = new_table_spec(self.rng, self.opened, self.tag)
            self.opened += 1
            try:
                response = await self.http.post("/api/tables", json=spec)
            except httpx.TransportError:
                self.ledger.counts["create lost"] += 1  # maybe created: checked as a stray
                await asyncio.sleep(0.05)
                continue
            if response.status_code != 201:
                self.ledger.errors.append(f"open table: {response.status_code} {response.text}")
                await asyncio.sleep(0.05)
                continue
            table = response.json()
            self.ledger.seats[table["id"]] = {}
            try:  # each person seat's link, exchanged for its credential
                tokens = {s["seat"]: await self.claimed(s["link"]) for s in table["seats"]}
            except httpx.HTTPError:
                self.ledger.counts["claim lost"] += 1  # the table is checked as a spectator
                continue
            self.ledger.seats[table["id"]] = tokens
            seed = self.rng.random()
            await asyncio.gather(
                *(
                    self.play_seat(table["id"], seat, token, random.Random(f"{seed}/{seat}"))
                    for seat, token in tokens.items()
                )
            )

    async def claimed(self, link: str) -> str:
        """The credential a seat link is exchanged for."""
        return (await claim_async(self.http, link))[CREDENTIAL]

    async def play_seat(self, table: str, seat: int, token: str, rng: random.Random) -> None:
        """One person: read, choose a random legal action, submit it at the seq it read."""
        headers = {CREDENTIAL: token}
        pending: tuple[int, str] | None = None  # a submission whose answer was lost
        while not self.stop.is_set():
            if pending is not None:
                status = await self.submit(table, seat, headers, *pending, resent=True)
                if status is None:
                    await asyncio.sleep(0.05)
                else:
                    pending = None
                continue
            try:
                response = await self.http.get(f"/api/tables/{table}", headers=headers)
            except httpx.TransportError:
                await asyncio.sleep(0.05)
                continue
            if response.status_code != 200:
                self.ledger.errors.append(f"{table}: GET {response.status_code} {response.text}")
                await asyncio.sleep(0.05)
                continue
            snapshot = response.json()
            self.ledger.saw(table, seat, snapshot["seq"], snapshot["view"])
            if snapshot["over"]:
                return
            if not snapshot["legal"]:
                await asyncio.sleep(0.01)
                continue
            action = rng.choice(snapshot["legal"])["action"]
            await asyncio.sleep(rng.uniform(0, self.settings.think))
            if await self.submit(table, seat, headers, snapshot["seq"], action) is None:
                pending = (snapshot["seq"], action)

    async def submit(
        self,
        table: str,
        seat: int,
        headers: dict[str, str],
        seq: int,
        action: str,
        resent: bool = False,
    ) -> int | None:
        """POST one action; its status, or None if the answer was lost (the server died)."""
        body = {"seq": seq, "action": action}
        post = asyncio.ensure_future(
            self.http.post(f"/api/tables/{table}/actions", headers=headers, json=body)
        )
        if self.aim is not None and not self.aim.done():
            self.aim.set_result((table, seq))  # a kill is aimed at this action
        try:
            response = await post
        except httpx.ConnectError:  # the server is down: the action was not sent
            return None
        except httpx.TransportError:  # sent, but the answer was lost: applied or not?
            self.ledger.doubtful.add((table, seq, seat, action))
            return None
        if response.status_code == 200 and not resent and self.rng.random() < self.settings.drop:
            self.ledger.doubtful.add((table, seq, seat, action))  # as a network may lose it
            self.ledger.counts["dropped"] += 1
            return None
        if response.status_code == 200:
            self.ledger.acked.setdefault((table, seq), []).append((seat, action))
            self.ledger.counts["resent 200" if resent else "acked"] += 1
            if response.json()["seq"] <= seq:
                self.ledger.errors.append(f"{table}: 200 for seq {seq} but the table is before")
        elif response.status_code == 409:  # the table moved on: the first send had landed
            self.ledger.counts["resent 409" if resent else "stale 409"] += 1
        else:
            self.ledger.errors.append(
                f"{table}: POST seq {seq} {action!r}: {response.status_code} {response.text}"
            )
        return response.status_code


def kill_at_commit(server: Server, watch: Engine, table: str, seq: int, timeout: float = 2) -> bool:
    """SIGKILL the server as soon as the action ``seq`` of ``table`` shows in the log; whether
    it did within ``timeout`` s (then the kill is sent anyway)."""
    query = select(ActionRow.seq).where(ActionRow.table_id == table, ActionRow.seq == seq)
    deadline = time.monotonic() + timeout
    seen = False
    with watch.connect() as connection:
        while not seen and time.monotonic() < deadline:
            seen = connection.execute(query).first() is not None
    server.kill(wait=False)
    return seen


def all_logs(url: str) -> dict[str, list[tuple[str, int]]]:
    """Every table's log, read straight from the database: table -> [(action, mover)]."""
    engine = open_engine(url)
    try:
        query = select(ActionRow.table_id, ActionRow.seq, ActionRow.action, ActionRow.mover)
        logs: dict[str, list[tuple[str, int]]] = {}
        with engine.connect() as connection:
            rows = connection.execute(query.order_by(ActionRow.table_id, ActionRow.seq))
            for table, _seq, action, mover in rows:
                logs.setdefault(table, []).append((action, mover))
        return logs
    finally:
        engine.dispose()


class Checker:
    """Checks the tables of a round, with the server up, against independent replays."""

    def __init__(
        self, http: httpx.AsyncClient, store: TableStore, ledger: Ledger, figures: RoundFigures
    ) -> None:
        self.http = http
        self.store = store
        self.ledger = ledger
        self.figures = figures
        self.acked: dict[str, dict[int, list[tuple[int, str]]]] = {}
        for (table, seq), answers in ledger.acked.items():
            self.acked.setdefault(table, {})[seq] = answers
        self.seen: dict[str, dict[tuple[int | None, int], str]] = {}
        for (table, seat, seq), shown in ledger.seen.items():
            self.seen.setdefault(table, {})[seat, seq] = shown
        self.doubtful = ledger.doubtful

    def problem(self, kind: str, message: str) -> None:
        setattr(self.figures, kind, getattr(self.figures, kind) + 1)
        if len(self.figures.first_problems) < 20:
            self.figures.first_problems.append(f"{kind}: {message}")

    async def served(self, table: str, token: str | None) -> dict[str, Any]:
        headers = {CREDENTIAL: token} if token else {}
        response = await self.http.get(f"/api/tables/{table}", headers=headers)
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        data.pop("companion", None)
        data.pop("deal", None)  # the deal is checked against the log itself (verify_deal)
        data.pop("players", None)  # who sits and is connected: the hall's, not the game's
        return data

    async def settled(
        self, table: str, tokens: dict[int, str]
    ) -> tuple[dict[int | None, dict[str, Any]], list[tuple[int, str, int]]] | None:
        """Every seat's served snapshot and the stored log, once they agree on the seq."""
        for _ in range(200):
            served: dict[int | None, dict[str, Any]] = {None: await self.served(table, None)}
            for seat, token in tokens.items():
                served[seat] = await self.served(table, token)
            log = await asyncio.to_thread(self.store.actions, table)
            again = await self.served(table, None)
            if {s["seq"] for s in served.values()} == {len(log), again["seq"]}:
                return served, log
            await asyncio.sleep(0.05)
        return None

    async def check(
        self, info: TableInfo, at_kills: list[dict[str, list[tuple[str, int]]]]
    ) -> None:
        """Check one table (see the module's docstring)."""
        table = info.id
        tokens = self.ledger.seats.get(table, {})
        found = await self.settled(table, tokens)
        if found is None:
            self.problem("mismatches", f"{table}: the served seq and the log never agreed")
            return
        served, log = found
        self.figures.logged += len(log)
        if [seq for seq, _, _ in log] != list(range(len(log))):
            self.problem("duplicated", f"{table}: the log's seqs are not 0..{len(log) - 1}")
            return
        steps = [(action, mover) for _, action, mover in log]
        for number, logs in enumerate(at_kills):
            before = logs.get(table, [])
            if steps[: len(before)] != before:
                self.problem("lost", f"{table}: the log at kill {number + 1} was rewritten")

        # every 200 is in the log, once, at its seq; every person's action was submitted
        acked = self.acked.get(table, {})
        for seq, answers in sorted(acked.items()):
            if len(answers) > 1:
                self.problem("duplicated", f"{table}: seq {seq} was granted {len(answers)} times")
            for seat, action in answers:
                if seq >= len(steps) or steps[seq] != (action, seat):
                    self.problem("lost", f"{table}: the 200 for {action!r} at {seq} is not logged")
        people = {seat.seat for seat in info.seats if seat.bot is None}
        for seq, (action, mover) in enumerate(steps):
            sent = (mover, action) in acked.get(seq, [])
            if mover in people and not sent and (table, seq, mover, action) not in self.doubtful:
                self.problem("duplicated", f"{table}: seat {mover}'s {action!r} at {seq} unsent")

        # the independent replay: from the stored record, from scratch
        record = Record(
            game=info.game,
            players=info.players,
            rules_version=info.rules_version,
            seed=info.seed,
            options=info.options,
            seats=[seat.name for seat in info.seats],
            actions=[action for action, _ in steps],
            commitment=info.commitment,
            secret=info.secret,
            physical=info.physical,
        )
        try:
            match = replay(record)
        except Exception as error:
            self.problem("mismatches", f"{table}: the log does not replay: {error}")
            return
        try:
            verify_deal(match)
        except Exception as error:
            self.problem("mismatches", f"{table}: the deal does not verify: {error}")
        if match.movers != [mover for _, mover in steps]:
            self.problem("mismatches", f"{table}: the logged movers differ from the replay's")
        now = self.store.get(table)
        assert now is not None
        if (now.status == "finished") != match.is_over():
            self.problem("mismatches", f"{table}: status {now.status!r}, over={match.is_over()}")
        resigned = sorted({a.seat for a in match.actions if type(a) is Resign})
        for viewer, shown in served.items():
            expected = plain(seat_snapshot(match, viewer, "en"))
            # the hall adds who resigned (the log's resignations) and what resigning would do
            # for the credential's seat (its offer, not the game's state: tests/web/test_resign)
            expected["resigned"] = resigned
            snapshot = {key: value for key, value in shown.items() if key != "resign"}
            self.figures.views_checked += 1
            if expected != snapshot:
                keys = [key for key in expected if expected[key] != snapshot.get(key)]
                self.problem("mismatches", f"{table}: seat {viewer}'s snapshot differs in {keys}")
        for (viewer, seq), seen_digest in self.seen.get(table, {}).items():
            if seq >= len(match.states):
                self.problem("lost", f"{table}: seat {viewer} was shown {seq}, {len(log)} logged")
                continue
            self.figures.views_checked += 1
            if seen_digest != digest(plain(match.game.table_view(match.states[seq], viewer))):
                self.problem(
                    "mismatches", f"{table}: seat {viewer} was shown another view at {seq}"
                )


async def run_round(
    database: str,
    settings: Settings,
    seed: int | str,
    workdir: Path,
    say: Callable[[str], None] = lambda _: None,
) -> RoundFigures:
    """One round of the drill on ``database`` (fresh); its figures."""
    rng = random.Random(f"crash/{seed}")
    figures = RoundFigures(database=database.split(":", maxsplit=1)[0])
    ledger = Ledger()
    server = Server(database, workdir / "server.log")
    started = time.perf_counter()
    server.start()
    figures.first_start_s = round(await asyncio.to_thread(server.ready), 3)
    at_kills: list[dict[str, list[tuple[str, int]]]] = []
    watch = create_engine(  # reads each commit as it lands, for the kills aimed at one
        database.replace("postgresql://", "postgresql+psycopg://", 1),
        isolation_level="AUTOCOMMIT",
    )
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=server.base, timeout=30, limits=limits) as http:
        clients = Clients(http, ledger, settings, random.Random(rng.random()))
        slots = [asyncio.create_task(clients.table_slot()) for _ in range(settings.tables)]
        try:
            for _ in range(settings.kills):
                await asyncio.sleep(rng.uniform(*settings.pause))
                aimed = rng.random() < settings.aimed
                at_commit = aimed and rng.random() < 0.5
                target = await clients.action_in_flight() if aimed else None
                if target is not None and at_commit:
                    await asyncio.to_thread(kill_at_commit, server, watch, *target)
                    figures.aimed_at_commit += 1
                elif target is not None:
                    await asyncio.sleep(rng.uniform(0, settings.window))
                    figures.aimed_at_post += 1
                server.kill(wait=False)
                await asyncio.to_thread(server.kill)  # reaped
                figures.kills += 1
                down = time.perf_counter()
                at_kills.append(await asyncio.to_thread(all_logs, database))
                await asyncio.sleep(
                    max(0.0, rng.uniform(*settings.down) - (time.perf_counter() - down))
                )
                server.start()
                try:
                    figures.restart_s.append(round(await asyncio.to_thread(server.ready), 3))
                except RuntimeError as error:  # the server does not come back: a finding
                    figures.unrecovered += 1
                    figures.first_problems.append(f"restart {figures.kills}: {error}")
                    figures.first_problems += server.last_lines()
                    return figures
                say(f"  kill {figures.kills}: back in {figures.restart_s[-1]:.2f} s")
            await asyncio.sleep(settings.tail)
            clients.stop.set()
            await asyncio.wait_for(asyncio.gather(*slots), timeout=120)
            checking = time.perf_counter()
            engine = open_engine(database)
            try:
                store = TableStore(engine)
                checker = Checker(http, store, ledger, figures)
                infos = await asyncio.to_thread(store.list_tables, None, 1_000_000)
                for info in infos:
                    await checker.check(info, at_kills)
                figures.tables = len(infos)
                known = {info.id for info in infos}
                for table in ledger.seats:
                    if table not in known:
                        checker.problem("lost", f"table {table} was opened (201) but is gone")
                figures.check_s = round(time.perf_counter() - checking, 1)
            finally:
                engine.dispose()
        finally:
            for slot in slots:
                slot.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.gather(*slots, return_exceptions=True)
            server.stop()
            watch.dispose()
            figures.seconds = round(time.perf_counter() - started, 1)
            summarise(figures, ledger, server)
    return figures


def summarise(figures: RoundFigures, ledger: Ledger, server: Server) -> None:
    """Add what the clients counted and the server's failure lines to a round's figures."""
    figures.tables_opened = len(ledger.seats)
    figures.acked = ledger.counts["acked"] + ledger.counts["resent 200"]
    figures.in_doubt = len(ledger.doubtful) - ledger.counts["dropped"]
    figures.dropped = ledger.counts["dropped"]
    figures.resent_200 = ledger.counts["resent 200"]
    figures.resent_409 = ledger.counts["resent 409"]
    figures.stale_409 = ledger.counts["stale 409"]
    server_errors = server.error_lines()
    figures.server_error_lines = len(server_errors)
    figures.errors = len(ledger.errors) + len(server_errors)
    figures.first_problems += (ledger.errors + server_errors)[:10]
    figures.mismatches += len(ledger.shifted)
    figures.first_problems += ledger.shifted[:10]


def fresh_database(base: str | None, workdir: Path, number: int) -> tuple[str, Callable[[], None]]:
    """A fresh database for one round and how to remove it: a SQLite file in ``workdir``, or a
    new database on the PostgreSQL server of ``base``."""
    if base is None or base.startswith("sqlite"):
        path = workdir / f"round{number}.db"

        def remove_file() -> None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

        return f"sqlite:///{path}", remove_file
    name = f"crash_{uuid.uuid4().hex[:12]}"
    admin_url = base.replace("postgresql://", "postgresql+psycopg://", 1)
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()

    return base.rsplit("/", 1)[0] + "/" + name, drop


def summary(rounds: list[RoundFigures], settings: Settings, seconds: float) -> dict[str, Any]:
    """The figures of every round, added up."""
    restarts = sorted(t for r in rounds for t in r.restart_s)

    def total(name: str) -> int:
        return sum(int(getattr(r, name)) for r in rounds)

    return {
        "database": rounds[0].database if rounds else "",
        "settings": asdict(settings),
        "rounds": len(rounds),
        "clean_rounds": sum(r.clean for r in rounds),
        "kills": total("kills"),
        "kills_aimed_at_a_post": total("aimed_at_post"),
        "kills_aimed_at_a_commit": total("aimed_at_commit"),
        "tables": total("tables"),
        "tables_opened": total("tables_opened"),
        "actions_logged": total("logged"),
        "actions_acknowledged": total("acked"),
        "answers_lost_in_kills": total("in_doubt"),
        "answers_dropped_by_clients": total("dropped"),
        "resent_200": total("resent_200"),
        "resent_409": total("resent_409"),
        "stale_409": total("stale_409"),
        "views_checked": total("views_checked"),
        "lost": total("lost"),
        "duplicated": total("duplicated"),
        "mismatches": total("mismatches"),
        "errors": total("errors"),
        "restarts_failed": total("unrecovered"),
        "restart_s": {
            "min": restarts[0] if restarts else None,
            "median": round(statistics.median(restarts), 3) if restarts else None,
            "max": restarts[-1] if restarts else None,
        },
        "seconds": round(seconds, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "per_round": [asdict(r) for r in rounds],
    }


def main() -> None:
    """Run the rounds, print and save the figures; exit status 1 if any round was not clean."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument(
        "--database",
        default=None,
        help="a PostgreSQL server's URL: each round on a fresh database there (default: SQLite)",
    )
    parser.add_argument("--tables", type=int, default=Settings.tables, help="tables at once")
    parser.add_argument("--kills", type=int, default=Settings.kills, help="kills per round")
    parser.add_argument("--pause", type=float, nargs=2, default=Settings.pause)
    parser.add_argument("--tail", type=float, default=Settings.tail)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    settings = Settings(
        tables=args.tables, kills=args.kills, pause=tuple(args.pause), tail=args.tail
    )
    workdir = Path(tempfile.mkdtemp(prefix="gamehall-crash-"))
    print(f"databases and server output in {workdir}", flush=True)
    started = time.perf_counter()
    rounds: list[RoundFigures] = []
    for number in range(args.rounds):
        url, remove = fresh_database(args.database, workdir, number)
        logs = workdir / f"round{number}"  # the server's output, kept
        logs.mkdir()
        try:
            figures = asyncio.run(run_round(url, settings, f"{args.seed}/{number}", logs))
        finally:
            remove()
        rounds.append(figures)
        print(
            f"round {number + 1}/{args.rounds}: {figures.tables} tables, {figures.kills} kills "
            f"(back in {', '.join(f'{t:.2f}' for t in figures.restart_s)} s), "
            f"{figures.acked} acknowledged, {figures.in_doubt} answers lost, "
            f"{figures.dropped} dropped ({figures.resent_409} resent: 409), "
            f"{figures.logged} logged; lost {figures.lost}, duplicated {figures.duplicated}, "
            f"mismatches {figures.mismatches}, errors {figures.errors}, failed restarts "
            f"{figures.unrecovered} ({figures.seconds} s)",
            flush=True,
        )
        for problem in figures.first_problems:
            print("   ", problem, flush=True)
    result = summary(rounds, settings, time.perf_counter() - started)
    path = save("crash", result)
    print(json.dumps({k: v for k, v in result.items() if k != "per_round"}, indent=1))
    print(f"saved in {path}")
    sys.exit(0 if result["clean_rounds"] == len(rounds) else 1)


if __name__ == "__main__":
    main()
