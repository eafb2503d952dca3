"""Random play for the invariant tests: every step of one seeded game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, Action, Game


def random_steps(game: Game[Any], seed: int) -> Iterator[tuple[Any, Action, Any]]:
    """Every step (before, action, after) of one seeded random game: chance by its weights,
    decisions uniform, each applied through the checked ``apply``."""
    chance, decide = make_rng(seed, "invariants"), random.Random(seed)
    state = game.initial_state()
    while (mover := game.to_move(state)) is not None:
        if mover == CHANCE:
            action = sample(game.chance_weights(state), chance)
        else:
            legal = game.legal_actions(state)
            action = legal[decide.randrange(len(legal))]
        after = game.apply(state, action)
        yield state, action, after
        state = after
