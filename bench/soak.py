"""Soak of the web hall: many tables played at once, continuously, for a long time, on loopback.

``python bench/soak.py [--tables 80] [--seconds 600] [--think 1.0] [--database URL]`` starts
``gamehall serve`` on a fresh database (SQLite by default, or ``--database URL``) and keeps
``--tables`` tables in play from this process (``--pin``: the server on core 0, the clients
on core 1; better not on a machine other jobs share): Boss
Quest, Ancient Terrible Things and 20 Strong with both decks, bots pausing 0-0.3 s, every
person seat played over its own WebSocket by a client that, when a push shows it may act,
reads its legal actions (``GET /api/tables/{id}``), thinks ``--think`` s (mean, uniform
±50 %), and submits a random one (``POST .../actions``). When a table ends its slot opens
another. Every ``--sample`` s it samples the server's resident memory (RSS), CPU and open
files, and what ``/api/health`` counts (tables and sockets held, Python memory blocks).

Reported: errors (any answer other than the expected one, 409 races counted apart, any client
exception, any failure line in the server's output), throughput (person actions/s, logged
steps/s including chance and bots), the latency from an action's POST to the WebSocket push
that shows it (p50/p95/p99/max) and of the POST itself, and whether memory stays flat: after
``--warmup`` s, the median RSS of the last third of the samples against the first third, and
the slope of a least-squares line (MB per minute). Saved in ``bench/results/soak-*.json``;
figures in docs/reliability.md. Bounded in time; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
import websockets
from sqlalchemy import func, select

if __package__ in (None, ""):  # run as ``python bench/soak.py``: put the repository on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.claims import claim_async
from bench.crash import Server, new_table_spec
from bench.saving import save
from gamehall.store.database import open_engine
from gamehall.store.models import ActionRow, TableRow

PUSH_TIMEOUT = 60.0
"""Seconds a seat waits for the next push before it counts an error."""


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``values`` (seconds), in milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return {}

    def at(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)

    return {"p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)}


class Soak:
    """The clients: ``tables`` slots, each playing one table after another until the end."""

    def __init__(self, http: httpx.AsyncClient, think: float, deadline: float, seed: int) -> None:
        self.http = http
        self.ws_base = str(http.base_url).replace("http", "ws", 1).rstrip("/")
        self.think = think
        self.deadline = deadline
        self.rng = random.Random(seed)
        self.counts: Counter[str] = Counter()
        self.errors: list[str] = []
        self.push_latency: list[float] = []
        self.post_latency: list[float] = []

    def error(self, message: str) -> None:
        self.counts["errors"] += 1
        if len(self.errors) < 50:
            self.errors.append(message)

    async def slot(self, number: int) -> None:
        """Open a table, play it to its end, open another; until the deadline."""
        while time.monotonic() < self.deadline:
            spec = new_table_spec(self.rng, self.counts["opened"], "soak", (0, 0.1, 0.3))
            self.counts["opened"] += 1
            try:
                response = await self.http.post("/api/tables", json=spec)
            except Exception as error:
                self.error(f"slot {number}: open table: {error!r}")
                await asyncio.sleep(1)
                continue
            if response.status_code != 201:
                self.error(f"slot {number}: open table: {response.status_code} {response.text}")
                await asyncio.sleep(1)
                continue
            table = response.json()
            seed = self.rng.random()
            ended = await asyncio.gather(
                *(
                    self.seat(table["id"], seat["seat"], seat["link"], f"{seed}/{seat['seat']}")
                    for seat in table["seats"]
                )
            )
            if all(ended):
                self.counts["finished"] += 1

    async def seat(self, table: str, seat: int, link: str, seed: str) -> bool:
        """Play one person seat (claiming its link) until the game ends (True) or the soak
        does (False)."""
        rng = random.Random(seed)
        waiting: tuple[int, float] | None = None  # the seq acted at, and when
        try:
            headers = await claim_async(self.http, link)
            async with websockets.connect(
                f"{self.ws_base}/ws/tables/{table}",
                max_size=2**22,
                compression=None,
                open_timeout=30,
                additional_headers=headers,
            ) as socket:
                while True:
                    left = self.deadline - time.monotonic()
                    if left <= 0:
                        return False
                    try:
                        raw = await asyncio.wait_for(socket.recv(), min(left, PUSH_TIMEOUT))
                    except TimeoutError:
                        if time.monotonic() < self.deadline:
                            self.error(f"{table}: seat {seat}: no push for {PUSH_TIMEOUT:.0f} s")
                        return False
                    message = json.loads(raw)
                    self.counts["pushes"] += 1
                    if waiting is not None and message["seq"] > waiting[0]:
                        self.push_latency.append(time.perf_counter() - waiting[1])
                        waiting = None
                    if message["over"]:
                        return True
                    if waiting is not None:
                        continue
                    response = await self.http.get(f"/api/tables/{table}", headers=headers)
                    if response.status_code != 200:
                        self.error(f"{table}: GET {response.status_code} {response.text[:200]}")
                        continue
                    snapshot = response.json()
                    if not snapshot["legal"]:
                        continue
                    action = rng.choice(snapshot["legal"])["action"]
                    await asyncio.sleep(self.think * rng.uniform(0.5, 1.5))
                    started = time.perf_counter()
                    response = await self.http.post(
                        f"/api/tables/{table}/actions",
                        headers=headers,
                        json={"seq": snapshot["seq"], "action": action},
                    )
                    self.post_latency.append(time.perf_counter() - started)
                    if response.status_code == 200:
                        self.counts["actions"] += 1
                        waiting = (snapshot["seq"], started)
                    elif response.status_code == 409:  # the table moved on: an expected race
                        self.counts["races"] += 1
                    else:
                        self.error(
                            f"{table}: POST {action!r}: {response.status_code} "
                            f"{response.text[:200]}"
                        )
        except Exception as error:
            self.error(f"{table}: seat {seat}: {error!r}")
            return False


async def sample_server(
    pid: int, every: float, started: float, soak: Soak, samples: list[dict[str, float]]
) -> None:
    """Sample the server's memory, CPU and open files (and the clients' CPU) every ``every``
    s, until cancelled."""
    process, clients = psutil.Process(pid), psutil.Process()
    process.cpu_percent()
    clients.cpu_percent()
    while True:
        await asyncio.sleep(every)
        try:
            held = (await soak.http.get("/api/health")).json()
        except Exception as error:
            soak.error(f"health: {error!r}")
            continue
        with process.oneshot():
            samples.append(
                {
                    "t": round(time.monotonic() - started, 1),
                    "rss_mb": round(process.memory_info().rss / 2**20, 2),
                    "cpu_percent": process.cpu_percent(),
                    "client_cpu_percent": clients.cpu_percent(),
                    "fds": process.num_fds(),
                    "actions": soak.counts["actions"],
                    "finished": soak.counts["finished"],
                    "errors": soak.counts["errors"],
                    "python_blocks": held["python_blocks"],
                    "tables_in_memory": held["tables_in_memory"],
                    "sockets": held["sockets"],
                    "memo_entries": held["memo_entries"],
                }
            )


def mean_of(samples: list[dict[str, float]], key: str) -> float | None:
    """The mean of one figure over the samples."""
    return round(statistics.fmean(s[key] for s in samples), 1) if samples else None


def memory_trend(samples: list[dict[str, float]], warmup: float) -> dict[str, Any]:
    """Whether the RSS after warm-up stays flat: the median of the last third of the samples
    against the first third (flat: within 8 MB or 5 %), least-squares slopes (MB/min) over
    the samples after warm-up and over their last third, and the same two thirds of the
    Python objects' memory blocks (``/api/health``), which a leak in Python code grows even
    while the resident memory hides it, and of the entries held by the bounded memos, which
    grow the blocks until they are full."""
    after = [s for s in samples if s["t"] >= warmup]
    if len(after) < 6:
        return {"flat": None, "reason": "too few samples after warm-up"}
    third = len(after) // 3
    first = statistics.median(s["rss_mb"] for s in after[:third])
    last = statistics.median(s["rss_mb"] for s in after[-third:])
    fit = statistics.linear_regression([s["t"] / 60 for s in after], [s["rss_mb"] for s in after])
    tail = statistics.linear_regression(
        [s["t"] / 60 for s in after[-third:]], [s["rss_mb"] for s in after[-third:]]
    )
    growth = last - first
    blocks, memos = (
        [statistics.median(s[key] for s in part) for part in (after[:third], after[-third:])]
        for key in ("python_blocks", "memo_entries")
    )
    return {
        "rss_start_mb": samples[0]["rss_mb"],
        "rss_first_third_mb": round(first, 1),
        "rss_last_third_mb": round(last, 1),
        "rss_peak_mb": max(s["rss_mb"] for s in samples),
        "growth_mb": round(growth, 1),
        "slope_mb_per_min": round(fit.slope, 3),
        "slope_last_third_mb_per_min": round(tail.slope, 3),
        "flat": growth <= max(8.0, 0.05 * first),
        "python_blocks_first_third": round(blocks[0]),
        "python_blocks_last_third": round(blocks[1]),
        "python_blocks_growth_percent": round(100 * (blocks[1] / blocks[0] - 1), 2),
        "memo_entries_first_third": round(memos[0]),
        "memo_entries_last_third": round(memos[1]),
    }


async def soak_hall(
    server: Server, tables: int, seconds: float, think: float, every: float, seed: int
) -> tuple[Soak, list[dict[str, float]], float]:
    """Keep ``tables`` tables in play for ``seconds``; the clients, samples and wall time."""
    limits = httpx.Limits(max_connections=2 * tables + 10, max_keepalive_connections=2 * tables)
    samples: list[dict[str, float]] = []
    async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits) as http:
        started = time.monotonic()
        soak = Soak(http, think, started + seconds, seed)
        sampler = asyncio.create_task(sample_server(server.pid, every, started, soak, samples))
        await asyncio.gather(*(soak.slot(number) for number in range(tables)))
        elapsed = time.monotonic() - started
        sampler.cancel()
    return soak, samples, elapsed


def main() -> None:
    """Serve, soak, report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=80, help="tables in play at once")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before acting")
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--sample", type=float, default=5, help="seconds between samples")
    parser.add_argument("--warmup", type=float, default=None, help="default: 30 %% of the run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pin",
        action="store_true",
        help="server on core 0, clients on core 1 (on a machine with no other load)",
    )
    args = parser.parse_args()
    warmup = args.warmup if args.warmup is not None else max(60.0, args.seconds * 0.3)
    split = args.pin and hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1
    if split:
        os.sched_setaffinity(0, {1})  # the clients on core 1, the server on core 0
    workdir = Path(tempfile.mkdtemp(prefix="gamehall-soak-"))
    database = args.database or f"sqlite:///{workdir / 'hall.db'}"
    server = Server(database, workdir / "server.log", cores="0" if split else None, leave_grace=60)
    server.start()
    try:
        server.ready()
        soak, samples, elapsed = asyncio.run(
            soak_hall(server, args.tables, args.seconds, args.think, args.sample, args.seed)
        )
        engine = open_engine(database)
        with engine.connect() as connection:
            logged = connection.execute(select(func.count()).select_from(ActionRow)).scalar_one()
            statuses = dict(
                connection.execute(
                    select(TableRow.status, func.count()).group_by(TableRow.status)
                ).all()
            )
        engine.dispose()
    finally:
        server.stop()
    server_errors = server.error_lines()
    result = {
        "database": database.split(":", 1)[0],
        "tables": args.tables,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "tables_opened": soak.counts["opened"],
        "tables_finished": soak.counts["finished"],
        "tables_by_status": statuses,
        "person_actions": soak.counts["actions"],
        "person_actions_per_s": round(soak.counts["actions"] / elapsed, 1),
        "logged_steps": logged,
        "logged_steps_per_s": round(logged / elapsed, 1),
        "pushes": soak.counts["pushes"],
        "races_409": soak.counts["races"],
        "errors": soak.counts["errors"] + len(server_errors),
        "client_errors": soak.errors[:10],
        "server_error_lines": server_errors[:10],
        "latency_action_to_push_ms": percentiles(soak.push_latency),
        "latency_post_ms": percentiles(soak.post_latency),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "server_cpu_percent_mean": mean_of(samples, "cpu_percent"),
        "client_cpu_percent_mean": mean_of(samples, "client_cpu_percent"),
        "memory": memory_trend(samples, warmup) | {"warmup_s": warmup},
        "samples": samples,
    }
    path = save("soak", result)
    print(json.dumps({k: v for k, v in result.items() if k != "samples"}, indent=1))
    print(f"saved in {path}")


if __name__ == "__main__":
    main()
