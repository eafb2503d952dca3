"""Load benchmark of the web hall: many tables played at once over WebSockets, on loopback.

Starts ``gamehall serve`` on a fresh database (SQLite by default, or ``--database URL``),
opens ``--tables`` tables of Boss Quest (one person, two bots acting without pause), and
connects one WebSocket client per table that plays a random legal action whenever its seat
must act. It measures action-to-push latency: from sending the action (HTTP POST) to the
WebSocket push that shows its result. Bounded in time and in count; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from bench.claims import claim_async
from gamehall.web.limits import GENEROUS

ACTION = re.compile(r'data-action="([^"]+)"')


async def play_table(
    http: httpx.AsyncClient,
    table: dict[str, object],
    deadline: float,
    think: float,
    latencies: list[float],
    errors: list[str],
    rng: random.Random,
) -> int:
    """Play one table until it ends or time runs out; returns the number of actions sent."""
    seat = table["seats"][0]  # type: ignore[index]
    table_id = table["id"]
    headers = await claim_async(http, seat["link"])
    url = str(http.base_url).replace("http", "ws").rstrip("/") + f"/ws/tables/{table_id}"
    sent = 0
    waiting: tuple[int, float] | None = None
    async with websockets.connect(
        url, max_size=2**20, compression=None, additional_headers=headers
    ) as socket:
        while time.monotonic() < deadline:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=30))
            except TimeoutError:
                errors.append(f"{table_id}: no push for 30 s")
                return sent
            if waiting and message["seq"] > waiting[0]:
                latencies.append(time.perf_counter() - waiting[1])
                waiting = None
            if message["over"]:
                return sent
            actions = ACTION.findall(message["html"])
            if not actions or waiting:
                continue
            choice = rng.choice(actions)
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))  # a person reads, then clicks
            started = time.perf_counter()
            response = await http.post(
                f"/api/tables/{table_id}/actions",
                headers=headers,
                json={"seq": message["seq"], "action": choice},
            )
            if response.status_code != 200:
                errors.append(f"{table_id}: {response.status_code} {response.text[:80]}")
                continue
            waiting = (message["seq"], started)
            sent += 1
    return sent


async def run(
    base: str, tables: int, seconds: float, seed: int, think: float = 1.0
) -> dict[str, object]:
    """Open the tables, play them all at once, and summarise."""
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        opened = []
        for _ in range(tables):
            response = await http.post(
                "/api/tables",
                json={
                    "game": "boss-quest",
                    "players": 3,
                    "bot_delay": 0,
                    "seats": [
                        {"kind": "me"},
                        {"kind": "bot", "bot": "random"},
                        {"kind": "bot", "bot": "random"},
                    ],
                },
            )
            opened.append(response.json())
        latencies: list[float] = []
        errors: list[str] = []
        deadline = time.monotonic() + seconds
        started = time.perf_counter()
        counts = await asyncio.gather(
            *(
                play_table(
                    http, table, deadline, think, latencies, errors, random.Random(rng.random())
                )
                for table in opened
            )
        )
        elapsed = time.perf_counter() - started
    ordered = sorted(latencies)

    def percentile(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered else 0.0

    return {
        "tables": tables,
        "think_s": think,
        "seconds": round(elapsed, 1),
        "actions": sum(counts),
        "actions_per_s": round(sum(counts) / elapsed, 1),
        "latency_ms": {
            "p50": round(percentile(0.50), 2),
            "p90": round(percentile(0.90), 2),
            "p99": round(percentile(0.99), 2),
            "max": round(percentile(1.0), 2),
            "mean": round(statistics.fmean(ordered) * 1000, 2) if ordered else 0,
        },
        "errors": len(errors),
        "first_errors": errors[:5],
    }


def main() -> None:
    """Serve, load, report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean seconds a client waits before acting (0: at once)",
    )
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity") and os.cpu_count() and os.cpu_count() > 1:  # type: ignore[operator]
        os.sched_setaffinity(0, {1})  # the clients on core 1, the server on core 0
    workdir = Path(tempfile.mkdtemp(prefix="gamehall-load-"))
    database = args.database or f"sqlite:///{workdir / 'hall.db'}"
    server = subprocess.Popen(
        [
            "taskset",
            "-c",
            "0",
            sys.executable,
            "-m",
            "gamehall",
            "serve",
            "--port",
            str(args.port),
            "--database",
            database,
            *GENEROUS.arguments(),  # 200 tables and sockets from one address: no rate applies
        ],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(300):
            try:
                httpx.get(base + "/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        result = asyncio.run(run(base, args.tables, args.seconds, args.seed, args.think))
        result["database"] = database.split(":")[0]
        print(json.dumps(result, indent=1))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
