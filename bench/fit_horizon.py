"""Fit a game's search horizon estimate (``gamehall.bots.horizons``) to heuristic games.

    python bench/fit_horizon.py GAME [--players 2 3 4 5] [--games 4000] [--seed 500000]
                                [NAME=VALUE ...]

Plays ``--games`` seeded games of heuristic bots for each player count, takes the position at
each of the horizon's checkpoints with every seat's features and its final share of the win,
and fits the weights by maximum likelihood: a multinomial logit over the seats still in the
game, or alone a logistic. Prints the weights to paste into ``HORIZONS`` and, as a check,
the mean log-likelihood gained over a uniform guess (over a constant one, alone).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from gamehall.bots import make_bot
from gamehall.bots.horizons import HORIZONS
from gamehall.core.match import Match, StalledError
from gamehall.core.registry import create
from gamehall.search.horizon import LogitHorizon
from gamehall.search.rollout import rewards_of


def positions(
    game: Any, horizon: LogitHorizon, games: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (position, seat, feature), in-game mask and final shares at every checkpoint."""
    features, alive, shares = [], [], []
    seats = range(game.players)
    for index in range(games):
        match = Match(game, seed + index, [make_bot("heuristic", game.name) for _ in seats])
        try:
            match.play_out(20_000)
        except StalledError:
            continue  # a heuristic that stalls (docs/strength.md) teaches nothing
        rewards = rewards_of(match.outcome(), game.players)
        anchor = match.states[0]
        for state in match.states:
            if game.is_over(state) or not horizon.reached(game, anchor, state):
                continue
            anchor = state
            features.append([horizon.features(game, state, seat) for seat in seats])
            alive.append([horizon.in_game(state, seat) for seat in seats])
            shares.append(rewards)
    return np.array(features, dtype=float), np.array(alive), np.array(shares)


def fit(
    x: np.ndarray, alive: np.ndarray, shares: np.ndarray, steps: int = 4000
) -> tuple[np.ndarray, float]:
    """Weights by gradient ascent (Adam) on the mean log-likelihood, and its gain."""
    weights = np.zeros(x.shape[2])
    moment, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, steps + 1):
        chance = _chances(x, alive, weights)
        error = np.where(alive, shares - chance, 0.0)
        grad = np.einsum("ps,psf->f", error, x) / len(x)
        moment = 0.9 * moment + 0.1 * grad
        second = 0.999 * second + 0.001 * grad * grad
        weights += 0.05 * (moment / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    chance = _chances(x, alive, weights)
    if x.shape[1] == 1:
        base = np.full_like(chance, shares.mean())
        won = shares[:, 0]
        gain = np.mean(won * np.log(chance[:, 0] / base[:, 0]))
        gain += np.mean((1 - won) * np.log((1 - chance[:, 0]) / (1 - base[:, 0])))
    else:
        base = alive / alive.sum(axis=1, keepdims=True)
        useful = shares > 0
        gain = (shares[useful] * np.log(chance[useful] / base[useful])).sum() / len(x)
    return weights, float(gain)


def _chances(x: np.ndarray, alive: np.ndarray, weights: np.ndarray) -> np.ndarray:
    logits = x @ weights
    if x.shape[1] == 1:
        alone: np.ndarray = 1 / (1 + np.exp(-logits))
        return alone
    logits = np.where(alive, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    raw = np.exp(logits)
    shares: np.ndarray = raw / raw.sum(axis=1, keepdims=True)
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(HORIZONS))
    parser.add_argument("options", nargs="*", help="NAME=VALUE game options")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=500_000)
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.options)
    horizon = HORIZONS[args.game]
    for players in args.players:
        game = create(args.game, players, options)
        x, alive, shares = positions(game, horizon, args.games, args.seed)
        weights, gain = fit(x, alive, shares)
        print(
            f"{players}: {np.round(weights, 3).tolist()}  "
            f"({len(x)} positions, log-likelihood gain {gain:.3f} nats)"
        )


if __name__ == "__main__":
    main()
