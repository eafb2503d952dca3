"""The attacks of issue 22, tried against a served hall (``make attacks``): every one must fail.

Each attack is what a hostile creator, player or stranger did to the hall before it was
hardened (docs/security.md); here it is tried again against ``gamehall serve`` with its real
defaults, on loopback, and the script prints what the hall answered. Clients come from
different loopback addresses (127.0.0.x) where an attack needs many tables or sockets, as a
real attacker's would. Exit status 1 if any attack worked.

    python -m bench.attacks [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
from websockets.sync.client import connect

from bench.claims import claim, take_seat
from bench.ports import free_port
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create

PATIENCE = 180.0
"""Seconds a served hall may take to start on a loaded machine."""


@dataclass
class Verdict:
    """One attack: what was tried, what the hall answered, and whether the attack failed."""

    attack: str
    held: bool
    answer: str
    figures: dict[str, Any] = field(default_factory=dict)


class Served:
    """``gamehall serve`` on a SQLite file in its own process, with its real defaults."""

    def __init__(self, database: Path, *options: str) -> None:
        self.database = database
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "gamehall", "serve", "--port", str(self.port)]
        self.command = [*command, "--database", f"sqlite:///{database}", *options]
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Served:
        """Start it and wait until it answers."""
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if httpx.get(self.base + "/api/health", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError(f"the hall did not start: {self.stop()}")

    def stop(self, sig: int = signal.SIGTERM) -> str:
        """Stop it (SIGTERM by default); what it wrote on stderr."""
        if self.process is None:
            return ""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            _, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err.strip()

    @property
    def cpu_seconds(self) -> float:
        """The CPU time the hall's process has used so far."""
        assert self.process is not None
        times = psutil.Process(self.process.pid).cpu_times()
        return float(times.user + times.system)


@contextmanager
def client(served: Served, address: str = "127.0.0.1") -> Iterator[httpx.Client]:
    """An HTTP client of the hall from one loopback ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=served.base, transport=transport, timeout=30) as http:
        yield http


def new_table(http: httpx.Client, seats: list[dict[str, str]], **extra: Any) -> httpx.Response:
    """``POST /api/tables`` for a Boss Quest table with these seats."""
    body = {"game": "boss-quest", "players": len(seats), "seats": seats, **extra}
    return http.post("/api/tables", json=body)


def watch(stack: ExitStack, served: Served, table: str, address: str) -> bool:
    """Open a spectator's WebSocket from ``address`` (closed with ``stack``); whether the hall
    kept it (it sent the first view)."""
    raw = socket.create_connection(("127.0.0.1", served.port), source_address=(address, 0))
    try:
        ws = stack.enter_context(
            connect(f"ws://127.0.0.1:{served.port}/ws/tables/{table}", sock=raw, open_timeout=30)
        )
        ws.recv(timeout=30)
    except Exception:
        raw.close()
        return False
    return True


# -- the attacks ------------------------------------------------------------------------------


def endless_search(served: Served) -> Verdict:
    """A bot (and a replacement bot) that searches 999,999,999 iterations a decision."""
    with client(served, "127.0.0.11") as http:
        bot = new_table(http, [{"kind": "me"}, {"kind": "bot", "bot": "mcts:999999999"}])
        spare = new_table(http, [{"kind": "me"}, {"kind": "bot"}], replacement="mcts:999999999")
    held = bot.status_code == 422 and spare.status_code == 422
    return Verdict("a bot searching for ever", held, bot.json().get("error", bot.text))


def cross_site_form(served: Served) -> Verdict:
    """Another site's page posting the lobby form from a visitor's browser."""
    with client(served, "127.0.0.12") as http:
        form = {"game": "boss-quest", "players": "2", "seat_kinds": ["me", "bot:heuristic"]}
        answer = http.post("/tables", data=form, headers={"origin": "https://evil.example"})
    return Verdict("a table opened by another site's form", answer.status_code == 403, answer.text)


def predicted_deal(seed: str) -> str:
    """Seat 2's hidden weapon that a local match with the creator's seed deals."""
    match = Match(create("boss-quest", 2), seed)
    while match.to_move() == CHANCE:
        match.step_chance()
    hidden: str = match.view(1)["players"][1]["hidden"]
    return hidden


def chosen_seed(served: Served, tables: int = 8) -> Verdict:
    """The creator picks the seed and predicts the friend's hidden weapon from it."""
    hits = commitments = 0
    with client(served, "127.0.0.13") as http:
        for index in range(tables):
            seed = f"grind-{index}"
            table = new_table(http, [{"kind": "me"}, {"kind": "invite"}], seed=seed).json()
            friend = claim(http, served.base + table["seats"][1]["link"])
            state = http.get(f"/api/tables/{table['id']}", headers=friend).json()
            commitments += bool(state["deal"].get("commitment"))
            hits += state["view"]["players"][1]["hidden"] == predicted_deal(seed)
    held = hits <= 2 and commitments == tables
    answer = f"{hits} of {tables} hidden weapons predicted; {commitments} deals committed"
    return Verdict("the creator's seed fixes the deal", held, answer, {"predicted": hits})


def kept_link(served: Served) -> Verdict:
    """The host keeps a friend's invite link and uses it after she opened it."""
    with client(served, "127.0.0.14") as host, client(served, "127.0.0.15") as friend:
        table = new_table(host, [{"kind": "me"}, {"kind": "invite"}]).json()
        link = table["seats"][1]["link"]
        previewed = host.get(link).status_code  # a link preview (or the host) opens it
        assert take_seat(friend, link, follow_redirects=True).status_code == 200  # she claims it
        page = host.get(link)
        again = host.post(f"/api/tables/{table['id']}/claim", json={"token": link.split("/")[-1]})
        state = host.get(f"/api/tables/{table['id']}").json()
    hidden = state["view"]["players"][1]["hidden"]
    held = previewed == 200 and page.status_code == 403 and again.status_code == 403
    held = held and hidden == "?"
    return Verdict("the host reads or acts with a friend's link", held, again.json()["error"])


def spectator_flood(served: Served, sockets: int = 400) -> Verdict:
    """Hundreds of spectator sockets on one table, from several addresses, then a move."""
    with client(served, "127.0.0.16") as http:
        table = new_table(http, [{"kind": "me"}, {"kind": "bot"}], bot_delay=0).json()
        me = claim(http, served.base + table["seats"][0]["link"])
        with ExitStack() as stack:
            kept = sum(
                watch(stack, served, table["id"], f"127.0.1.{1 + index // 60}")
                for index in range(sockets)
            )
            state = http.get(f"/api/tables/{table['id']}", headers=me).json()
            before = served.cpu_seconds
            move = {"seq": state["seq"], "action": state["legal"][0]["action"]}
            http.post(f"/api/tables/{table['id']}/actions", json=move, headers=me)
            time.sleep(2.0)  # the pushes go out
            cost = served.cpu_seconds - before
    held = kept <= 200 and cost < 2.0
    answer = f"{kept} of {sockets} sockets kept; one move cost {cost:.2f} CPU-seconds"
    return Verdict("a flood of spectators", held, answer, {"kept": kept, "cpu": round(cost, 2)})


def table_flood(served: Served, tries: int = 40) -> Verdict:
    """One client opening tables as fast as it can."""
    with client(served, "127.0.0.17") as http:
        codes = [
            new_table(http, [{"kind": "bot"}, {"kind": "bot"}]).status_code for _ in range(tries)
        ]
    opened, refused = codes.count(201), codes.count(429)
    held = opened <= 10 and refused == tries - opened
    answer = f"{opened} of {tries} tables opened, {refused} refused (429)"
    return Verdict("one client opening tables in a loop", held, answer, {"opened": opened})


def half_open(served: Served, connections: int = 1100) -> Verdict:
    """Connections whose request head never ends, from many addresses, then a real client."""
    with ExitStack() as stack:
        for index in range(connections):
            address = f"127.0.2.{1 + index // 90}"
            try:
                raw = socket.create_connection(
                    ("127.0.0.1", served.port), source_address=(address, 0), timeout=10
                )
            except OSError:
                continue
            stack.callback(raw.close)
            raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        with client(served, "127.0.0.18") as http:
            started = time.monotonic()
            status = http.get("/").status_code
            waited = time.monotonic() - started
    held = status == 200
    answer = f"with {connections} half-open connections a client got {status} in {waited:.2f} s"
    return Verdict("half-open connections lock clients out", held, answer)


def second_writer(served: Served) -> Verdict:
    """A second ``gamehall serve`` on the same database."""
    second = Served(served.database)
    result = subprocess.run(
        second.command, check=False, capture_output=True, text=True, timeout=PATIENCE
    )
    lines = result.stderr.strip().splitlines()
    held = result.returncode != 0 and len(lines) == 1
    return Verdict("a second hall on the same database", held, lines[-1] if lines else "")


def stop_mid_search(database: Path) -> Verdict:
    """SIGTERM while bots search (as long as the hall allows)."""
    served = Served(database, "--limit", "tables=100/minute").start()
    try:
        with client(served, "127.0.0.19") as http:
            for _ in range(4):  # search bots only: they think at once, one after the other
                bots = [{"kind": "bot", "bot": "mcts:2000"}, {"kind": "bot", "bot": "mcts:2000"}]
                new_table(http, bots, bot_delay=0)
        time.sleep(1.0)  # the searches are under way
        started = time.monotonic()
        served.stop()
        took = time.monotonic() - started
    finally:
        served.stop(signal.SIGKILL)
    return Verdict("SIGTERM ignored mid-search", took < 5.0, f"stopped in {took:.2f} s")


def damaged_row(database: Path) -> Verdict:
    """One table's log damaged while the hall was down; the hall starts again."""
    served = Served(database).start()
    with client(served, "127.0.0.20") as http:
        broken = new_table(http, [{"kind": "me"}, {"kind": "bot"}], bot_delay=0).json()
        sound = new_table(http, [{"kind": "me"}, {"kind": "bot"}], bot_delay=0).json()
        time.sleep(1.0)  # the deals are written
    served.stop()
    with sqlite3.connect(database) as db:
        db.execute("UPDATE actions SET action = 'garbage !' WHERE table_id = ?", (broken["id"],))
    copy = database.with_name("copy.db")
    shutil.copy(database, copy)  # the file alone, after a clean stop
    with sqlite3.connect(copy) as db:
        (actions,) = db.execute("SELECT count(*) FROM actions").fetchone()
    served = Served(database).start()
    try:
        with client(served, "127.0.0.20") as http:
            gone = http.get(f"/api/tables/{broken['id']}")
            me = claim(http, served.base + sound["seats"][0]["link"])
            state = http.get(f"/api/tables/{sound['id']}", headers=me).json()
            move = {"seq": state["seq"], "action": state["legal"][0]["action"]}
            played = http.post(f"/api/tables/{sound['id']}/actions", json=move, headers=me)
    finally:
        served.stop()
    held = gone.status_code == 410 and played.status_code == 200 and actions > 0
    answer = (
        f"the damaged table answers {gone.status_code}, the other plays on;"
        f" the .db file alone held {actions} actions"
    )
    return Verdict("one damaged row stops the hall", held, answer)


ATTACKS: list[Callable[[Served], Verdict]] = [
    endless_search,
    cross_site_form,
    chosen_seed,
    kept_link,
    spectator_flood,
    table_flood,
    half_open,
    second_writer,
]


def main() -> None:
    """Try every attack; print the verdicts; exit 1 if one worked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the verdicts to this file")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="gamehall-attacks-"))
    verdicts: list[Verdict] = []

    def tell(verdict: Verdict) -> None:
        verdicts.append(verdict)
        print(f"{'held' if verdict.held else 'BROKEN'}: {verdict.attack} — {verdict.answer}")

    served = Served(workdir / "hall.db").start()
    try:
        for attack in ATTACKS:
            tell(attack(served))
    finally:
        served.stop()
    for attack_on_files in (stop_mid_search, damaged_row):
        tell(attack_on_files(workdir / f"{attack_on_files.__name__}.db"))
    if args.json:
        args.json.write_text(json.dumps([v.__dict__ for v in verdicts], indent=1))
    shutil.rmtree(workdir, ignore_errors=True)
    sys.exit(0 if all(v.held for v in verdicts) else 1)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
