"""Sampling chance outcomes from one seeded generator: the only randomness in a game.

Rules code never imports :mod:`random`; the match runner owns a :class:`random.Random`
seeded from the match seed and asks the game for its chance outcomes.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate

from gamehall.core.game import Action, ChanceWeights


def make_rng(seed: int | str, stream: str = "chance") -> random.Random:
    """A generator for one stream (chance, or a bot's choices) of a seeded match."""
    return random.Random(f"{seed}/{stream}")


def sample(chance: ChanceWeights, rng: random.Random) -> Action:
    """One outcome drawn with the exact weights of ``chance``."""
    actions = chance.actions
    if chance.weights is None:
        return actions[int(rng.random() * len(actions))]
    cumulative = list(accumulate(chance.weights))
    return actions[bisect(cumulative, rng.random() * cumulative[-1])]
