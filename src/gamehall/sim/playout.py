"""Random playouts over the core contract: the engine's hot path, used by the benchmark."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, Game


@dataclass(frozen=True)
class Throughput:
    """How many games and steps (chance included) ran per second."""

    games: int
    steps: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


STALL_STEPS = 20_000
"""A playout still going after this many steps is stopped: some games can stall under
random play (an enemy nobody can hurt, who hurts nobody)."""


def random_playouts(game: Game[Any], games: int, seed: int = 0) -> Throughput:
    """Play ``games`` games with uniformly random legal actions; count the steps."""
    rng = make_rng(seed, "playout")
    random = rng.random
    to_move, legal_actions = game.to_move, game.legal_actions
    chance_weights, apply_legal = game.chance_weights, game.apply_legal
    steps = decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.initial_state()
        for _ in range(STALL_STEPS):
            mover = to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                chance = chance_weights(state)
                if chance.weights is None:  # the common uniform case, inlined
                    action = chance.actions[int(random() * len(chance.actions))]
                else:
                    action = sample(chance, rng)
            else:
                legal = legal_actions(state)
                action = legal[int(random() * len(legal))]
                decisions += 1
            state = apply_legal(state, action)
            steps += 1
    return Throughput(games, steps, decisions, time.perf_counter() - start)
