"""The learning environments' overhead: engine steps per second of a random agent playing
through the raw engine, through the Gymnasium environment and through the PettingZoo AEC
environment (``python -m bench.rl_bench [SCALE]``).

Both loops play the same seeds with the same kind of agent, uniform among the legal actions:
the raw loop picks from ``legal_actions`` and applies with ``apply_legal``, chance sampled as
a match samples it; the environment loop picks from the info's ``legal_actions`` and calls
``step`` (or ``last`` and ``step``), which also builds the observation vector and the mask at
every decision. A column has the agent pick from the mask instead (``np.flatnonzero``
costs a few microseconds a decision); the last, "floor", is the environment loop with
constant observations and masks (:class:`BlindTable`): what the API's calls and the table's
bookkeeping cost alone. The rate counted is engine steps (decisions and chance
outcomes) per second, so the two loops are compared on the same work even where their random
games differ. Overhead is
1 - environment rate / raw rate; the target is at most 30 % (issue 9).

The loops are timed in pairs, game by game: each seed is played by every loop in turn (the
order rotating), so that a slow moment of a shared machine (whose speed here drifts by a
quarter within minutes) weighs on all loops alike; the rates are summed over three rounds of
every seed. Figures in docs/performance.md.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import numpy as np

from bench.saving import save
from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, Game
from gamehall.core.registry import create
from gamehall.rl.aec_env import GamehallAEC
from gamehall.rl.gym_env import GamehallEnv
from gamehall.rl.table import Mask, Observation, Table

SUBJECTS: tuple[tuple[str, str, str, int, dict[str, Any], int], ...] = (
    ("20 Strong, Too Many Bones", "gym", "20-strong", 1, {"deck": "too-many-bones"}, 300),
    ("20 Strong, Victorum", "gym", "20-strong", 1, {"deck": "victorum"}, 60),
    ("Boss Quest, 3 knights", "aec", "boss-quest", 3, {}, 600),
    ("Ancient Terrible Things, 2 players", "aec", "ancient-terrible-things", 2, {}, 80),
    ("Boss Quest, 2 knights (one seat, bot)", "gym", "boss-quest", 2, {}, 600),
)
STEP_CAP = 20_000


def raw(game: Game[Any], seeds: range) -> int:
    """Play ``seeds`` through the engine; the steps played."""
    steps = 0
    for seed in seeds:
        chance, rng = make_rng(seed, "chance"), random.Random(seed)
        state = game.initial_state()
        for _ in range(STEP_CAP):
            mover = game.to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                action = sample(game.chance_weights(state), chance)
            else:
                legal = game.legal_actions(state)
                action = legal[int(rng.random() * len(legal))]
            state = game.apply_legal(state, action)
            steps += 1
    return steps


def gym_loop(env: GamehallEnv, seeds: range, mask: bool = False) -> int:
    """Play ``seeds`` through the Gymnasium environment, choosing from the legal action list
    (or from the mask); the engine steps played."""
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        while True:
            legal = np.flatnonzero(info["action_mask"]) if mask else info["legal_actions"]
            _, _, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
            if terminated or truncated:
                break
        steps += env.table.steps
    return steps


def aec_loop(env: GamehallAEC, seeds: range, mask: bool = False) -> int:
    """Play ``seeds`` through the PettingZoo environment, choosing from the legal action list
    (or from the mask); the engine steps played."""
    steps = 0
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"]) if mask else info["legal_actions"]
            env.step(legal[int(rng.random() * len(legal))])
        steps += env.table.steps
    return steps


def paired(
    loops: Mapping[str, Callable[[range], int]], seeds: range, rounds: int = 3
) -> dict[str, float]:
    """Engine steps per second of each loop, the loops taking turns seed by seed."""
    names = list(loops)
    seconds = dict.fromkeys(names, 0.0)
    steps = dict.fromkeys(names, 0)
    for round_ in range(rounds):
        for i, seed in enumerate(seeds):
            turn = (i + round_) % len(names)
            for name in names[turn:] + names[:turn]:
                start = time.perf_counter()
                steps[name] += loops[name](range(seed, seed + 1))
                seconds[name] += time.perf_counter() - start
    return {name: steps[name] / seconds[name] for name in names}


class BlindTable(Table):
    """A table whose observations and masks are constant zeros, built once: the environment
    loop around it costs what the API and the table's bookkeeping cost (the floor column),
    without the features and masks."""

    def observe(self, seat: int) -> Observation:
        return self.zeros

    def mask(self, seat: int) -> Mask:
        return self.no_mask

    def blind(self) -> BlindTable:
        self.zeros = np.zeros(self.size, np.float32)
        self.no_mask = np.zeros(self.actions, np.int8)
        return self


def blinded(env: Any) -> Any:
    """``env`` with its table swapped for a :class:`BlindTable` with the same bots."""
    table = env.table
    env.table = BlindTable(table.game, table.bots, table.max_steps).blind()
    return env


def main() -> None:
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    results = {}
    print(
        f"{'subject':40} {'API':4} {'raw steps/s':>12} {'env steps/s':>12} {'overhead':>9}"
        f" {'mask agent':>11} {'floor':>6}"
    )
    for label, api, name, players, options, count in SUBJECTS:
        seeds = range(max(4, round(count * scale)))
        game = create(name, players, options)
        kind = GamehallEnv if api == "gym" else GamehallAEC
        env: Any = kind(name, players, **options)
        loop = gym_loop if api == "gym" else aec_loop
        loops = {
            "raw": partial(raw, game),
            "env": partial(loop, env),
            "mask": partial(loop, env, mask=True),
            "floor": partial(loop, blinded(kind(name, players, **options))),
        }
        for warm in loops.values():  # first calls fill the features' and catalogue's memos
            warm(range(len(seeds), len(seeds) + 2))
        rates = paired(loops, seeds)
        raw_rate, env_rate = rates["raw"], rates["env"]
        overhead, mask_overhead = 1 - env_rate / raw_rate, 1 - rates["mask"] / raw_rate
        results[label] = {
            "api": api,
            "games": len(seeds),
            "raw_steps_per_s": raw_rate,
            "env_steps_per_s": env_rate,
            "overhead": overhead,
            "mask_agent_steps_per_s": rates["mask"],
            "mask_agent_overhead": mask_overhead,
            "floor_steps_per_s": rates["floor"],
            "floor_overhead": 1 - rates["floor"] / raw_rate,
        }
        print(
            f"{label:40} {api:4} {raw_rate:12,.0f} {env_rate:12,.0f} {overhead:9.1%}"
            f" {mask_overhead:11.1%} {1 - rates['floor'] / raw_rate:6.1%}"
        )
    print(f"saved {save('rl', results)}")


if __name__ == "__main__":
    main()
