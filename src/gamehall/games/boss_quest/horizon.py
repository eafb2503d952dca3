"""Boss Quest's search horizon: the round's combat settles the decisions of the round.

The weights are fitted to heuristic games by ``python bench/fit_horizon.py boss-quest`` (seeds
from 500,000; docs/strength.md); refit them after changing the rules, cards or heuristic.
"""

from __future__ import annotations

from gamehall.games.boss_quest.state import BossQuestState
from gamehall.search.horizon import LogitHorizon

KEYS = 5
"""Key counts told apart: 0 to 4 (the target is 5, or 4 with five knights)."""


def features(game: object, state: BossQuestState, seat: int) -> list[float]:
    """One-hot keys (0..4), then one-hot hearts (1..3)."""
    found = [0.0] * (KEYS + 3)
    found[min(state.keys[seat], KEYS - 1)] = 1.0
    found[KEYS + state.hearts[seat] - 1] = 1.0
    return found


HORIZON = LogitHorizon(
    checkpoint=lambda game, start, state: state.round != start.round,
    features=features,
    in_game=lambda state, seat: state.hearts[seat] > 0,
    weights={
        2: (-1.249, -0.8, -0.247, 0.425, 1.313, -0.373, 0.042, 0.079),
        3: (-1.247, -0.717, -0.099, 0.657, 1.406, -0.263, 0.025, 0.05),
        4: (-1.252, -0.701, -0.1, 0.735, 1.46, -0.267, -0.015, 0.085),
        5: (-0.957, -0.385, 0.574, 1.196, 0.0, -0.102, -0.036, 0.043),
    },
)
"""A playout stops once the round's combat is fought; a knight's chance then is its share of
``exp(w[keys] + w[5 + hearts - 1])`` among the knights with hearts left."""
