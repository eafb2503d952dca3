"""Rollout policies: how a search finishes a game from a leaf to score it.

A policy takes the game, a state, a generator and a step allowance, plays to the end, and
returns each seat's reward (its share of the win) with the number of steps it applied.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from gamehall.core.chance import sample
from gamehall.core.game import CHANCE, Game
from gamehall.core.match import Agent
from gamehall.core.outcome import Outcome


class RolloutPolicy(Protocol):
    """Plays ``state`` out; returns the seats' rewards and the steps applied."""

    def __call__(
        self, game: Game[Any], state: Any, rng: random.Random, max_steps: int
    ) -> tuple[list[float], int]: ...


def rewards_of(outcome: Outcome | None, players: int) -> list[float]:
    """Each seat's share of the win: 1 for a lone winner, 1/k for k winners, 0 otherwise.

    >>> rewards_of(Outcome((0, 2), (3, 1, 3), "tie"), 3)
    [0.5, 0.0, 0.5]
    """
    rewards = [0.0] * players
    if outcome is not None and outcome.winners:
        share = 1 / len(outcome.winners)
        for seat in outcome.winners:
            rewards[seat] = share
    return rewards


def random_rollout(
    game: Game[Any], state: Any, rng: random.Random, max_steps: int
) -> tuple[list[float], int]:
    """Uniformly random legal actions to the end (the cheapest playout)."""
    to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply_legal
    chance_weights, draw = game.chance_weights, rng.random
    steps = 0
    while steps < max_steps:
        mover = to_move(state)
        if mover is None:
            return rewards_of(game.outcome(state), game.players), steps
        if mover == CHANCE:
            action = sample(chance_weights(state), rng)
        else:
            legal = legal_actions(state)
            action = legal[int(draw() * len(legal))]
        state = apply(state, action)
        steps += 1
    return [0.0] * game.players, steps


def agent_rollout(make_agent: Callable[[], Agent]) -> RolloutPolicy:
    """A playout where every seat plays as the agent ``make_agent`` builds (a heuristic bot)."""
    agent = make_agent()

    def rollout(
        game: Game[Any], state: Any, rng: random.Random, max_steps: int
    ) -> tuple[list[float], int]:
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply_legal
        steps = 0
        while steps < max_steps:
            mover = to_move(state)
            if mover is None:
                return rewards_of(game.outcome(state), game.players), steps
            if mover == CHANCE:
                action = sample(game.chance_weights(state), rng)
            else:
                legal = legal_actions(state)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = agent.choose(game, game.view(state, mover), legal, rng)
            state = apply(state, action)
            steps += 1
        return [0.0] * game.players, steps

    return rollout
