"""Train an agent to beat the random bot at Boss Quest, in about a minute and a half.

    .venv/bin/python docs/examples/train_boss_quest.py [EPISODES [DEALS]]

The agent is a linear softmax policy over the seat's features (``gamehall.rl``'s Gymnasium
environment, two knights, the other seat the random bot), trained by REINFORCE with a running
baseline and the action mask: nothing but NumPy. It prints the win rate of uniform random play
and of the trained agent on the same 2,000 fresh deals, with their 95 % intervals. Everything is
seeded: the same run gives the same figures (docs/rl.md shows them).
"""

from __future__ import annotations

import sys
import time

import numpy as np
import numpy.typing as npt

from gamehall.lab.stats import wilson
from gamehall.rl.gym_env import GamehallEnv

Weights = npt.NDArray[np.float64]
TEST_DEALS = 2000
"""Fresh deals the agent is measured on (seeded from 10**6: it trained on seeds 0, 1, ...)."""


Vector = npt.NDArray[np.float64]


def policy(
    weights: Weights, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
) -> tuple[Vector, Vector]:
    """The features with a bias term, and the action probabilities (illegal ones 0)."""
    x = np.append(observation, 1.0)
    logits = weights @ x
    logits[mask == 0] = -np.inf
    p = np.exp(logits - logits.max())
    return x, p / p.sum()


def train(env: GamehallEnv, episodes: int, rate: float = 0.05, seed: int = 0) -> Weights:
    """REINFORCE: after each game, move every decision's log-probability by the reward above
    the running average."""
    rng = np.random.default_rng(seed)
    size = env.table.size + 1
    weights = np.zeros((env.table.actions, size))
    baseline = 0.0
    for episode in range(episodes):
        observation, info = env.reset(seed=episode)
        steps = []
        while True:
            x, p = policy(weights, observation, info["action_mask"])
            action = int(rng.choice(len(p), p=p))
            steps.append((x, p, action))
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        advantage = float(reward) - baseline
        baseline += 0.01 * (float(reward) - baseline)
        for x, p, action in steps:
            gradient = -np.outer(p, x)
            gradient[action] += x
            weights += rate * advantage * gradient
    return weights


def win_rate(env: GamehallEnv, weights: Weights | None, deals: int) -> tuple[int, int]:
    """Wins of the greedy trained policy (or of uniform random play) on fresh deals."""
    rng = np.random.default_rng(1)
    wins = 0
    for seed in range(10**6, 10**6 + deals):
        observation, info = env.reset(seed=seed)
        while True:
            mask = info["action_mask"]
            if weights is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(np.argmax(policy(weights, observation, mask)[1]))
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        wins += float(reward) > 0
    return wins, deals


def show(label: str, wins: int, games: int) -> None:
    low, high = wilson(wins, games)
    print(f"{label:28} {wins / games:6.1%}  (95 % interval {low:.1%}–{high:.1%})")


def main(episodes: int = 30_000, deals: int = TEST_DEALS) -> None:
    env = GamehallEnv("boss-quest", 2, opponents="random")
    show("random play vs random bot", *win_rate(env, None, deals))
    start = time.perf_counter()
    weights = train(env, episodes)
    print(f"trained on {episodes:,} games in {time.perf_counter() - start:.0f} s")
    show("trained agent vs random bot", *win_rate(env, weights, deals))


if __name__ == "__main__":
    main(*map(int, sys.argv[1:3]))
