"""Runs of the simulation lab: grids, the same figures whatever the workers or the backend,
and interrupted runs resumed to the same end (issue 8)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from gamehall.core.errors import OptionError
from gamehall.lab.grid import Config, grid
from gamehall.lab.run import GAMES, Plan, Run, chunks, play, play_chunk, play_on_ray
from tests.waiting import wait_until


def boss_quest_plan(games: int = 12) -> Plan:
    """Boss Quest, 2 and 3 knights, a heuristic knight in every seat in turn."""
    configs = grid("boss-quest", [2, 3], ["heuristic", "random"], {}, seat_orders=True)
    return Plan(tuple(configs), games, 40)


def played(run: Run) -> list[list[dict[str, Any]]]:
    """Every configuration's games, by index (what the figures are made of)."""
    return run.by_config()


def test_a_grid_multiplies_heroes_bosses_ranks_and_seat_orders() -> None:
    """hero x boss x rank for 20 Strong (``all`` takes the deck's every hero or boss);
    player counts x rotations of the bots for a multiplayer game."""
    configs = grid(
        "20-strong", [1], ["heuristic"], {}, {"hero": ["all"], "boss": ["all"], "rank": ["1", "3"]}
    )
    heroes = {c.option_map["hero"] for c in configs}
    bosses = {c.option_map["boss"] for c in configs}
    assert len(heroes) >= 2 and len(bosses) >= 2
    assert len(configs) == len(heroes) * len(bosses) * 2
    assert {c.option_map["rank"] for c in configs} == {"1", "3"}
    seats = grid("boss-quest", [2, 3], ["mcts", "heuristic"], {}, seat_orders=True)
    assert [c.bots for c in seats] == [
        ("mcts", "heuristic"),
        ("heuristic", "mcts"),
        ("mcts", "heuristic", "heuristic"),
        ("heuristic", "heuristic", "mcts"),
        ("heuristic", "mcts", "heuristic"),
    ]
    assert Config.from_json(seats[0].to_json()) == seats[0]


def test_a_grid_refuses_an_axis_the_game_has_not_and_too_many_bots() -> None:
    with pytest.raises(OptionError, match="--hero lists several values only for 20 Strong"):
        grid("boss-quest", [3], ["random"], {}, {"hero": ["a", "b"]})
    with pytest.raises(OptionError, match="--bots names 3 bots for 2 players"):
        grid("boss-quest", [2], ["random"] * 3, {})


def test_the_same_seeds_give_the_same_games_on_one_or_two_workers(tmp_path: Path) -> None:
    """Each game depends only on its configuration and seed: one process or two, in
    whatever order the chunks come back, the games and so the figures are the same."""
    plan = boss_quest_plan()
    one = Run.create(tmp_path / "one", plan)
    play(one, workers=1)
    two = Run.create(tmp_path / "two", plan)
    play(two, workers=2)
    assert played(one) == played(two)
    assert one.summaries() == two.summaries()
    assert sum(len(games) for games in played(one)) == len(plan.units())


def test_the_same_seeds_give_the_same_games_on_ray(tmp_path: Path) -> None:
    """A local Ray cluster (two CPUs) plays the same games as one process."""
    ray = pytest.importorskip("ray")
    plan = boss_quest_plan(games=6)
    local = Run.create(tmp_path / "local", plan)
    play(local, workers=1)
    on_ray = Run.create(tmp_path / "ray", plan)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        play_on_ray(on_ray, None)
    finally:
        ray.shutdown()
    assert played(on_ray) == played(local)


def test_a_resumed_run_plays_only_what_is_left_and_ends_the_same(tmp_path: Path) -> None:
    """Games already in the run are kept and not played again; a line cut short by a crash
    is dropped and its game played again; the end is the uninterrupted run's."""
    plan = boss_quest_plan(games=10)
    whole = Run.create(tmp_path / "whole", plan)
    play(whole)
    part = Run.create(tmp_path / "part", plan)
    first = chunks(part.plan.units())[0]
    part.add(play_chunk(plan, first))
    with (part.path / GAMES).open("a") as out:
        out.write('{"config": 0, "index": 9, "cut sh')
    reopened = Run.open(part.path)
    assert len(reopened.pending()) == len(plan.units()) - len(first)
    told: list[int] = []
    play(reopened, workers=2, progress=told.append)
    assert sum(told) == len(plan.units()) - len(first)
    assert played(reopened) == played(whole)


def test_a_run_directory_is_never_overwritten_and_a_missing_one_is_named(tmp_path: Path) -> None:
    plan = boss_quest_plan(games=1)
    Run.create(tmp_path / "run", plan)
    with pytest.raises(OptionError, match="already holds a run"):
        Run.create(tmp_path / "run", plan)
    with pytest.raises(OptionError, match="holds no run"):
        Run.open(tmp_path / "nothing")


AS_AT_A_TERMINAL = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'gamehall'; runpy.run_module('gamehall', run_name='__main__')"
)
"""``python -m gamehall`` with Ctrl-C interrupting it as at a terminal, even when the tests
run under a shell that ignores SIGINT (a job started in the background inherits that)."""


@contextmanager
def gamehall(*args: str) -> Iterator[subprocess.Popen[str]]:
    """``gamehall ARGS`` as a separate process (its own process group, for Ctrl-C), killed
    with its workers on the way out if it still runs, also when the test fails."""
    process = subprocess.Popen(
        [sys.executable, "-c", AS_AT_A_TERMINAL, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "120"},
        start_new_session=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()


PATIENT = 600
"""Seconds a command may take on a loaded machine before the test gives up on it."""


def test_ctrl_c_keeps_the_finished_games_and_resume_ends_the_run(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the command's process group): exit status 130, a one-line message
    with the games kept; ``--resume`` plays the rest, and the figures are those of a run
    never interrupted."""
    run = tmp_path / "run"
    common = ["--players", "3", "--games", "1000", "--bots", "heuristic", "--seed", "7"]
    games = run / GAMES
    with gamehall(
        "simulate", "boss-quest", *common, "--out", str(run), "--workers", "2"
    ) as command:
        wait_until(
            lambda: games.exists() and games.read_text().count("\n"),
            "the first games written",
            timeout=PATIENT,
            every=0.05,
        )
        os.killpg(command.pid, signal.SIGINT)
        _, stderr = command.communicate(timeout=PATIENT)
    assert command.returncode == 130, stderr
    kept = games.read_text().count("\n")
    assert 0 < kept < 1000 and f"interrupted: {kept} games kept in {run}" in stderr
    with gamehall("simulate", "boss-quest", "--resume", str(run), "--json") as resumed:
        out, err = resumed.communicate(timeout=PATIENT)
    assert resumed.returncode == 0, err
    whole_run = ["--out", str(tmp_path / "whole"), "--workers", "1", "--json"]
    with gamehall("simulate", "boss-quest", *common, *whole_run) as whole:
        reference, err = whole.communicate(timeout=PATIENT)
    assert whole.returncode == 0, err
    assert json.loads(out)["configs"] == json.loads(reference)["configs"]
