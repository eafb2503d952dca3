"""A run: what to play, the games finished so far (a directory), and playing the rest on worker
processes or a Ray cluster.

``run.json`` holds the :class:`Plan`; ``games.jsonl`` one line per finished game, appended
as chunks of games come back, so an interrupted run keeps them and ``resume`` plays only the
others. Game ``i`` of every configuration is seeded ``seed + i``: configurations are compared
on the same seeds, and no figure depends on the workers, the backend or the interruptions.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamehall.core.errors import OptionError
from gamehall.core.i18n import Text
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game
from gamehall.lab.summary import summarize

PLAN = "run.json"
GAMES = "games.jsonl"
CHUNK = 8
"""The most games in one task sent to a worker."""

Unit = tuple[int, int]
"""One game: (configuration index, game index)."""
Progress = Callable[[int], None]
"""Told how many more games are done."""


@dataclass(frozen=True)
class Plan:
    """What a run plays: every configuration, ``games`` games each, seeded from ``seed``."""

    configs: tuple[Config, ...]
    games: int
    seed: int

    def units(self) -> list[Unit]:
        """Every game of the run, configuration by configuration."""
        return [(c, i) for c in range(len(self.configs)) for i in range(self.games)]

    def to_json(self) -> dict[str, Any]:
        """The plan as JSON data."""
        return {
            "configs": [c.to_json() for c in self.configs],
            "games": self.games,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        """The plan :meth:`to_json` wrote."""
        configs = tuple(Config.from_json(c) for c in data["configs"])
        return cls(configs, int(data["games"]), int(data["seed"]))


def play_chunk(plan: Plan, units: Sequence[Unit]) -> list[dict[str, Any]]:
    """Play some games of ``plan`` (in a worker); each one's figures, tagged with its unit."""
    return [
        {"config": c, "index": i, **play_game(plan.configs[c], plan.seed + i)} for c, i in units
    ]


class Run:
    """A run directory: its plan and its finished games."""

    def __init__(self, path: Path, plan: Plan) -> None:
        self.path, self.plan = path, plan

    @classmethod
    def create(cls, path: Path, plan: Plan) -> Run:
        """A new run at ``path`` (an empty or missing directory)."""
        if path.exists() and any(path.iterdir()):
            raise OptionError.of(Text("lab.run_exists", {"path": str(path)}))
        path.mkdir(parents=True, exist_ok=True)
        (path / PLAN).write_text(json.dumps(plan.to_json(), indent=1))
        (path / GAMES).touch()
        return cls(path, plan)

    @classmethod
    def open(cls, path: Path) -> Run:
        """The run at ``path``; a game line cut short by a crash is dropped."""
        try:
            plan = Plan.from_json(json.loads((path / PLAN).read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            raise OptionError.of(Text("lab.no_run", {"path": str(path)})) from None
        games = path / GAMES
        data = games.read_bytes() if games.exists() else b""
        if data and not data.endswith(b"\n"):
            games.write_bytes(data[: data.rfind(b"\n") + 1])
        return cls(path, plan)

    def finished(self) -> Iterator[dict[str, Any]]:
        """Every finished game's line, in the order they came back."""
        with (self.path / GAMES).open() as lines:
            for line in lines:
                yield json.loads(line)

    def pending(self) -> list[Unit]:
        """The games still to play."""
        done = {(g["config"], g["index"]) for g in self.finished()}
        return [unit for unit in self.plan.units() if unit not in done]

    def add(self, games: Sequence[dict[str, Any]]) -> None:
        """Keep finished games (whole lines, flushed at once)."""
        text = "".join(json.dumps(g, separators=(",", ":")) + "\n" for g in games)
        with (self.path / GAMES).open("a") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())

    def by_config(self) -> list[list[dict[str, Any]]]:
        """Each configuration's finished games, by game index (one of each)."""
        found: list[dict[Unit, dict[str, Any]]] = [{} for _ in self.plan.configs]
        for game in self.finished():
            found[game["config"]][(game["config"], game["index"])] = game
        return [[games[u] for u in sorted(games)] for games in found]

    def summaries(self) -> list[dict[str, Any]]:
        """Each configuration's figures (:func:`gamehall.lab.summary.summarize`)."""
        return [
            summarize(config, games)
            for config, games in zip(self.plan.configs, self.by_config(), strict=True)
        ]


def chunks(units: Sequence[Unit], workers: int = 1) -> list[list[Unit]]:
    """The games in tasks of at most :data:`CHUNK`, at least four tasks a worker when there
    are games enough (so slow games still spread over every worker)."""
    size = max(1, min(CHUNK, math.ceil(len(units) / (4 * workers))))
    return [list(units[i : i + size]) for i in range(0, len(units), size)]


def play(run: Run, workers: int = 1, progress: Progress | None = None) -> None:
    """Play the run's pending games on ``workers`` processes (1: in this one)."""
    tasks = chunks(run.pending(), workers)
    tell = progress or (lambda _: None)
    if workers <= 1:
        for task in tasks:
            games = play_chunk(run.plan, task)
            run.add(games)
            tell(len(games))
        return
    with ProcessPoolExecutor(workers) as pool:
        running: set[Future[list[dict[str, Any]]]] = set()
        try:
            for task in tasks:
                running.add(pool.submit(play_chunk, run.plan, task))
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    games = future.result()
                    run.add(games)
                    tell(len(games))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def play_on_ray(run: Run, address: str | None, progress: Progress | None = None) -> None:
    """Play the run's pending games on a Ray cluster (``address``; None starts a local one)."""
    import ray

    tell = progress or (lambda _: None)
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(play_chunk)
    plan = ray.put(run.plan)
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    cpus = int(resources.get("CPU", 1))
    running = [remote.remote(plan, task) for task in chunks(run.pending(), cpus)]
    try:
        while running:
            done, running = ray.wait(running, num_returns=1)
            games = ray.get(done[0])
            run.add(games)
            tell(len(games))
    except BaseException:
        for ref in running:
            ray.cancel(ref, force=True)
        raise
