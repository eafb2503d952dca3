"""MCTS simulations per second, one core: gamehall's IS-MCTS beside OpenSpiel's Python IS-MCTS.

A simulation is one search iteration: a state dealt by the seat's :class:`Sampler`
(``Game.resample``), the root action, the walk down the tree, and a uniformly random playout
to the end of the game (``random_rollout``). Each game is searched from two kinds of
decision:

* **initial**: the first decision of a seeded game (chance resolved by the match's seeded
  generator up to it), so a playout is a whole game;
* **mid-game**: the middle decision (with more than one legal action) of seeded random
  games, so a playout is about half a game.

The figures are iterations per second of ``Mcts.search`` with a fixed iteration budget, the
best of ``--repeats`` runs (the machine is shared and varies from minute to minute; the runs
are listed): ``sims/s`` by the wall clock, ``sims/cpu-s`` by the CPU time of this process
(``time.process_time``), which other load on the machine disturbs much less. ``steps/sim`` is
the number of actions applied per simulation (chance outcomes included): the length of a
playout, which is what a simulation costs; ``resample`` is the CPU time of dealing one sample
(``Game.resample``) alone.

For comparison, OpenSpiel's Python ``ISMCTSBot`` searches Kuhn poker written in Python (with a
Python ``resample_from_infostate``), the setting of ``../shared/research/anchor_bench.py``
(about 15,000 simulations/s on these machines), in a subprocess of the virtualenv that has
OpenSpiel (``.venv-anchors``, made by ``make anchors``; ``--anchor-python`` to choose another).

The process pins itself to core 0 (``os.sched_setaffinity``) when the platform allows;
the OpenSpiel subprocess inherits the pin. ``--json`` prints the results as JSON instead of
the table.

    .venv/bin/python bench/mcts_bench.py
    .venv/bin/python bench/mcts_bench.py --json --repeats 5
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamehall.core.game import CHANCE, Game
from gamehall.core.match import Match, Sampler
from gamehall.core.registry import create
from gamehall.search.mcts import Budget, Mcts
from gamehall.search.rollout import random_rollout

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_PYTHON = ROOT / ".venv-anchors" / "bin" / "python"


@dataclass(frozen=True)
class Subject:
    """A game to search: registry name, players, options, iterations per search."""

    label: str
    game: str
    players: int
    options: dict[str, Any]
    iterations: int


SUBJECTS = (
    Subject("Boss Quest, 3 knights", "boss-quest", 3, {}, 600),
    Subject("Ancient Terrible Things, 4 players", "ancient-terrible-things", 4, {}, 120),
    Subject("20 Strong, Too Many Bones", "20-strong", 1, {}, 600),
    Subject("20 Strong, Victorum", "20-strong", 1, {"deck": "victorum"}, 300),
)
MID_GAME_POSITIONS = 4
"""Mid-game positions per game (one per seeded random game); each gets a quarter budget."""


def pin_to_one_core() -> list[int] | None:
    """Pin this process to core 0 when the platform allows; the cores it runs on."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    with contextlib.suppress(OSError):  # a core 0 we may not use: run where we are
        os.sched_setaffinity(0, {0})
    return sorted(os.sched_getaffinity(0))


# -- positions --------------------------------------------------------------------------


def initial_decision(game: Game[Any], seed: int) -> tuple[Any, int]:
    """The first decision of the game seeded ``seed``: its state and the seat to move."""
    match = Match(game, seed)
    while match.to_move() == CHANCE:
        match.step_chance()
    seat = match.to_move()
    assert seat is not None
    return match.state, seat


def mid_game_decision(game: Game[Any], seed: int) -> tuple[Any, int]:
    """The middle decision with a choice of a random game seeded ``seed``."""
    match, moves = Match(game, seed), random.Random(f"{seed}/moves")
    choices: list[tuple[Any, int]] = []
    while (mover := match.to_move()) is not None:
        if mover == CHANCE:
            match.step_chance()
            continue
        legal = game.legal_actions(match.state)
        if len(legal) > 1:
            choices.append((match.state, mover))
        match.submit(mover, legal[int(moves.random() * len(legal))])
    return choices[len(choices) // 2]


# -- measuring --------------------------------------------------------------------------


@dataclass
class Run:
    """One timed pass over a set of positions."""

    iterations: int = 0
    steps: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    samples: int = 0
    sample_seconds: float = 0.0

    @property
    def sims_per_s(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    @property
    def sims_per_cpu_s(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0


def search_positions(
    game: Game[Any], positions: list[tuple[Any, int]], iterations: int, seed: int
) -> Run:
    """Search each position once with random rollouts; the work and time in total."""
    run = Run()
    mcts = Mcts(Budget(iterations=iterations), rollout=random_rollout)
    for index, (state, seat) in enumerate(positions):
        legal = list(game.legal_actions(state))
        cpu = time.process_time()
        result = mcts.search(
            game, Sampler(game, state, seat), seat, legal, random.Random(seed * 100 + index)
        )
        run.cpu_seconds += time.process_time() - cpu
        run.iterations += result.iterations
        run.steps += result.steps
        run.seconds += result.seconds
        # The cost of dealing a sample alone (Game.resample), for the breakdown (CPU time).
        sampler, rng = Sampler(game, state, seat), random.Random(seed)
        cpu = time.process_time()
        for _ in range(200):
            sampler(rng)
        run.sample_seconds += time.process_time() - cpu
        run.samples += 200
    return run


def measure(subject: Subject, repeats: int) -> list[dict[str, Any]]:
    """The initial and mid-game figures of one game: best of ``repeats`` runs each."""
    game = create(subject.game, subject.players, subject.options)
    kinds = {
        "initial": ([initial_decision(game, 1)], subject.iterations),
        "mid-game": (
            [mid_game_decision(game, seed) for seed in range(1, MID_GAME_POSITIONS + 1)],
            max(8, subject.iterations // MID_GAME_POSITIONS),
        ),
    }
    rows = []
    for kind, (positions, iterations) in kinds.items():
        search_positions(game, positions, max(8, iterations // 10), seed=0)  # warm-up
        runs = [search_positions(game, positions, iterations, seed) for seed in range(repeats)]
        best = max(runs, key=lambda r: r.sims_per_s)
        best_cpu = max(runs, key=lambda r: r.sims_per_cpu_s)
        rows.append(
            {
                "game": subject.label,
                "name": subject.game,
                "options": subject.options,
                "players": subject.players,
                "position": kind,
                "positions": len(positions),
                "iterations_per_search": iterations,
                "sims_per_s": round(best.sims_per_s, 1),
                "sims_per_cpu_s": round(best_cpu.sims_per_cpu_s, 1),
                "steps_per_sim": round(best.steps / best.iterations, 1),
                "steps_per_cpu_s": round(best_cpu.steps / best_cpu.cpu_seconds, 1),
                "resample_us": round(1e6 * min(r.sample_seconds / r.samples for r in runs), 1),
                "runs_sims_per_s": [round(r.sims_per_s, 1) for r in runs],
                "runs_sims_per_cpu_s": [round(r.sims_per_cpu_s, 1) for r in runs],
            }
        )
    return rows


# -- OpenSpiel ----------------------------------------------------------------------------

KUHN_ISMCTS = r"""
import json, random, sys, time
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import kuhn_poker as pk


class ResampleState(pk.KuhnPokerState):
    # IS-MCTS needs resample_from_infostate; Python Kuhn poker does not define it.
    def resample_from_infostate(self, player, sampler):
        other = [c for c in range(3) if c != self.cards[player]]
        state = self.get_game().new_initial_state()
        cards = [None, None]
        cards[player] = self.cards[player]
        cards[1 - player] = random.choice(other)
        for card in cards:
            state.apply_action(card)
        for bet in self.bets:
            state.apply_action(bet)
        return state


t = pk._GAME_TYPE
GAME_TYPE = pyspiel.GameType(
    short_name="python_kuhn_resample_mcts_bench", long_name="Python Kuhn + resample",
    dynamics=t.dynamics, chance_mode=t.chance_mode, information=t.information,
    utility=t.utility, reward_model=t.reward_model, max_num_players=2,
    min_num_players=2, provides_information_state_string=True,
    provides_information_state_tensor=True, provides_observation_string=True,
    provides_observation_tensor=True, provides_factored_observation_string=True)


class ResampleGame(pk.KuhnPokerGame):
    def __init__(self, params=None):
        pyspiel.Game.__init__(self, GAME_TYPE, pk._GAME_INFO, params or dict())

    def new_initial_state(self):
        return ResampleState(self)


pyspiel.register_game(GAME_TYPE, ResampleGame)
game = pyspiel.load_game("python_kuhn_resample_mcts_bench")
state = game.new_initial_state()
state.apply_action(0)
state.apply_action(1)
sims, searches, repeats = (int(x) for x in sys.argv[1:4])
runs, cpu_runs = [], []
for repeat in range(repeats):
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(repeat)), 2.0, sims,
        random_state=np.random.RandomState(repeat))
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(searches):
        bot.step(state)
    runs.append(sims * searches / (time.perf_counter() - start))
    cpu_runs.append(sims * searches / (time.process_time() - cpu))
from importlib.metadata import version
result = {"runs": runs, "cpu_runs": cpu_runs, "open_spiel": version("open_spiel")}
print("RESULT " + json.dumps(result))
"""


def openspiel_kuhn(python: Path, repeats: int) -> dict[str, Any]:
    """OpenSpiel's Python ISMCTSBot on Python Kuhn poker: 1,000 simulations a move, 5 moves
    a run (as anchor_bench.py), run in ``python``; the best run and every run."""
    label = "OpenSpiel Python ISMCTSBot, Kuhn poker (Python game)"
    row: dict[str, Any] = {"game": label, "position": "first decision"}
    if not python.exists():
        return {**row, "error": f"no OpenSpiel interpreter at {python} (make anchors)"}
    command = [str(python), "-c", KUHN_ISMCTS, "1000", "5", str(repeats)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=900)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    if done.returncode or not lines:
        return {**row, "error": f"exit {done.returncode}: {done.stderr.strip()[-300:]}"}
    result = json.loads(lines[0].removeprefix("RESULT "))
    runs, cpu_runs = result["runs"], result["cpu_runs"]
    return {
        **row,
        "sims_per_s": round(max(runs), 1),
        "sims_per_cpu_s": round(max(cpu_runs), 1),
        "runs_sims_per_s": [round(r, 1) for r in runs],
        "runs_sims_per_cpu_s": [round(r, 1) for r in cpu_runs],
        "open_spiel": result["open_spiel"],
    }


# -- report -------------------------------------------------------------------------------


def table(results: dict[str, Any]) -> str:
    """The results as a fixed-width table (best runs; every run in the JSON)."""
    head = (
        f"{'game':<36} {'position':<14} {'sims/s':>8} {'sims/cpu-s':>10} {'steps/sim':>9} "
        f"{'steps/cpu-s':>11} {'resample':>9}  runs (sims/s)"
    )
    lines = [head, "-" * len(head)]
    for row in results["gamehall"]:
        runs = ", ".join(f"{r:,.0f}" for r in row["runs_sims_per_s"])
        lines.append(
            f"{row['game'][:36]:<36} {row['position']:<14} {row['sims_per_s']:>8,.0f} "
            f"{row['sims_per_cpu_s']:>10,.0f} {row['steps_per_sim']:>9,.1f} "
            f"{row['steps_per_cpu_s']:>11,.0f} {row['resample_us']:>7,.1f}us  {runs}"
        )
    anchor = results.get("openspiel")
    if anchor is not None:
        if "error" in anchor:
            lines.append(f"{anchor['game']}: not run: {anchor['error']}")
        else:
            runs = ", ".join(f"{r:,.0f}" for r in anchor["runs_sims_per_s"])
            lines.append(
                f"{'OpenSpiel IS-MCTS, Kuhn (Python)':<36} {anchor['position']:<14} "
                f"{anchor['sims_per_s']:>8,.0f} {anchor['sims_per_cpu_s']:>10,.0f} "
                f"{'2-3':>9} {'':>11} {'':>9}  {runs}"
            )
    return "\n".join(lines)


def main() -> None:
    """Measure every game (and OpenSpiel), then print a table or JSON."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure, best kept")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every budget")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--anchor-python", type=Path, default=ANCHOR_PYTHON)
    parser.add_argument("--no-anchor", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args()

    cores = pin_to_one_core()
    rows: list[dict[str, Any]] = []
    for subject in SUBJECTS:
        scaled = max(8, round(subject.iterations * args.scale))
        rows += measure(
            Subject(subject.label, subject.game, subject.players, subject.options, scaled),
            args.repeats,
        )
        if not args.json:
            print(f"measured {subject.label}", file=sys.stderr, flush=True)
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "affinity": cores,
        "gamehall": rows,
        "openspiel": None if args.no_anchor else openspiel_kuhn(args.anchor_python, args.repeats),
    }
    print(json.dumps(results, indent=1) if args.json else table(results))


if __name__ == "__main__":
    main()
