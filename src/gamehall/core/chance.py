"""Sampling chance outcomes from one seeded generator: the only randomness in a game.

Rules code never imports :mod:`random`; the match runner owns a :class:`ChanceStream` seeded
from the match's stream seed (:mod:`gamehall.core.fairness`) and asks the game for its chance
outcomes. :func:`sample` consumes exactly one ``rng.random()`` per chance node, so the k-th
chance step of a game always takes the stream's k-th draw: the outcomes are a pure function of
the stream seed and the log, whatever was undone, rolled back or replayed after a restart.
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


class ChanceStream:
    """The chance draws of one stream seed, in order: chance step ``k`` takes draw ``k``."""

    __slots__ = ("_rng", "position", "seed")

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._rng = make_rng(seed, "chance")
        self.position = 0
        """The number of draws taken from the generator so far."""

    def sample(self, chance: ChanceWeights, index: int) -> Action:
        """The outcome of the game's chance step number ``index`` (counting chance steps only)."""
        if index != self.position:
            self._seek(index)
        self.position += 1
        return sample(chance, self._rng)

    def _seek(self, index: int) -> None:
        """Set the generator just before draw ``index`` (from the start, if it went past it)."""
        if index < self.position:
            self._rng, self.position = make_rng(self.seed, "chance"), 0
        for _ in range(index - self.position):
            self._rng.random()
        self.position = index
