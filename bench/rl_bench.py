"""The learning environments' overhead: engine steps per second of a random agent playing
through the raw engine, through the Gymnasium environment and through the PettingZoo AEC
environment (``python -m bench.rl_bench [SCALE]``).

Both loops play the same seeds with the same kind of agent, uniform among the legal actions:
the raw loop picks from ``legal_actions`` and applies with ``apply_legal``, chance sampled as
a match samples it; the environment loop picks from the info's ``legal_actions`` and calls
``step`` (or ``last`` and ``step``), which also builds the observation vector and the mask at
every decision. A last column has the agent pick from the mask instead (``np.flatnonzero``
costs a few microseconds a decision). The rate counted is engine steps (decisions and chance
outcomes) per second, so the two loops are compared on the same work even where their random
games differ. Overhead is
1 - environment rate / raw rate; the target is at most 30 % (issue 9). Each figure is the
best of three rounds, interleaved so that a busy moment hurts both loops alike. Figures in
docs/performance.md.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from bench.saving import save
from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, Game
from gamehall.core.registry import create
from gamehall.rl.aec_env import GamehallAEC
from gamehall.rl.gym_env import GamehallEnv

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


def rate(loop: Callable[[range], int], seeds: range) -> float:
    """Engine steps per second of ``loop`` over ``seeds``."""
    start = time.perf_counter()
    steps = loop(seeds)
    return steps / (time.perf_counter() - start)


def main() -> None:
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    results = {}
    print(
        f"{'subject':40} {'API':4} {'raw steps/s':>12} {'env steps/s':>12} {'overhead':>9}"
        f" {'mask agent':>11}"
    )
    for label, api, name, players, options, count in SUBJECTS:
        seeds = range(max(4, round(count * scale)))
        game = create(name, players, options)
        env: Any = (GamehallEnv if api == "gym" else GamehallAEC)(name, players, **options)
        loop = gym_loop if api == "gym" else aec_loop
        raw_rates, env_rates, mask_rates = [], [], []
        for _ in range(3):
            raw_rates.append(rate(partial(raw, game), seeds))
            env_rates.append(rate(partial(loop, env), seeds))
            mask_rates.append(rate(partial(loop, env, mask=True), seeds))
        best_raw, best_env = max(raw_rates), max(env_rates)
        overhead, mask_overhead = 1 - best_env / best_raw, 1 - max(mask_rates) / best_raw
        results[label] = {
            "api": api,
            "games": len(seeds),
            "raw_steps_per_s": best_raw,
            "env_steps_per_s": best_env,
            "overhead": overhead,
            "mask_agent_steps_per_s": max(mask_rates),
            "mask_agent_overhead": mask_overhead,
        }
        print(
            f"{label:40} {api:4} {best_raw:12,.0f} {best_env:12,.0f} {overhead:9.1%}"
            f" {mask_overhead:11.1%}"
        )
    print(f"saved {save('rl', results)}")


if __name__ == "__main__":
    main()
