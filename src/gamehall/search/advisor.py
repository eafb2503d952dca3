"""The advisor: a seat's legal actions ranked by the search, and a finished game annotated.

The advisor searches like the search bot (heuristic playouts to the game's horizon, common
random numbers at the root) under a time cap, but shares its budget equally among the
actions, so every estimate is equally precise. It shows each action's estimated share of
the win with its standard error: a win probability in a solo game, the expected result (the
share of the win) in a multiplayer one.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.bots.registry import search_rollout
from gamehall.core.chance import make_rng
from gamehall.core.game import CHANCE, JSON, Action, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Match, Sampler
from gamehall.search.mcts import Budget, Mcts

HINT_SECONDS = 0.8
"""The advisor's time cap for a hint: it answers within one second."""
HINT_ITERATIONS = 4_000


@dataclass(frozen=True)
class Estimate:
    """One legal action as the advisor sees it."""

    action: Action
    label: Text
    value: float
    """The seat's estimated share of the win after this action (0..1)."""
    error: float
    """The standard error of ``value``."""
    tries: int


@dataclass(frozen=True)
class Advice:
    """The legal actions ranked best first, and how much search backs them."""

    seat: int
    estimates: list[Estimate]
    iterations: int
    seconds: float

    @property
    def best(self) -> Estimate:
        """The action the advisor recommends."""
        return self.estimates[0]

    def value_of(self, action: Action) -> float:
        """The estimated value of ``action``."""
        return next(e.value for e in self.estimates if e.action == action)

    def to_json(self) -> JSON:
        """The advice as JSON data (labels as translation keys with their parameters)."""
        return {
            "seat": self.seat,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "actions": [
                {
                    "action": str(e.action),
                    "value": round(e.value, 4),
                    "error": round(e.error, 4),
                    "tries": e.tries,
                }
                for e in self.estimates
            ],
        }


def advise(
    game: Game[Any],
    sampler: Sampler,
    view: JSON,
    legal: Sequence[Action],
    rng: random.Random,
    budget: Budget | None = None,
) -> Advice:
    """Rank ``legal`` for the sampler's seat, searching only states it cannot tell apart.

    The default budget answers within a second (:func:`hint_budget`).
    """
    budget = budget or hint_budget()
    search = Mcts(budget, search_rollout(game.name), halving=False)
    result = search.search(game, sampler, sampler.seat, legal, rng)
    estimates = [
        Estimate(s.action, game.label(view, s.action), s.value, _error(s.value, s.visits), s.visits)
        for s in result.stats
    ]
    return Advice(sampler.seat, estimates, result.iterations, result.seconds)


def hint_budget(seconds: float | None = None, stop: threading.Event | None = None) -> Budget:
    """A hint's budget: :data:`HINT_ITERATIONS` within ``seconds`` (:data:`HINT_SECONDS` if
    not given), ended early by ``stop``."""
    return Budget(HINT_ITERATIONS, HINT_SECONDS if seconds is None else seconds, stop)


def _error(value: float, tries: int) -> float:
    """The standard error of a mean of rewards in [0, 1] (a Bernoulli bound)."""
    return math.sqrt(max(value * (1 - value), 0.0) / tries) if tries else 1.0


@dataclass(frozen=True)
class Annotation:
    """One decision of a finished game, with the advisor's view of it."""

    index: int
    """The action's index in the record."""
    seat: int
    played: Action
    advice: Advice

    @property
    def loss(self) -> float:
        """How much share of the win the played move gave up against the advisor's choice."""
        return self.advice.best.value - self.advice.value_of(self.played)

    @property
    def error(self) -> float:
        """The standard error of :attr:`loss` (the two estimates' errors combined)."""
        played = next(e for e in self.advice.estimates if e.action == self.played)
        return math.hypot(self.advice.best.error, played.error)


def annotate(
    match: Match, seats: Sequence[int] | None = None, iterations: int = 400
) -> Iterator[Annotation]:
    """The advisor's view of every decision of ``seats`` in a replayed ``match``.

    Each search is seeded from the record's seed and the action's index and has a fixed
    budget of iterations, so the annotation of a record is always the same.
    """
    game = match.game
    for index, action in enumerate(match.actions):
        seat = match.movers[index]
        if seat == CHANCE or (seats is not None and seat not in seats):
            continue
        state = match.states[index]
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        rng = make_rng(match.seed, f"advise/{index}")
        advice = advise(
            game, Sampler(game, state, seat), game.view(state, seat), legal, rng, Budget(iterations)
        )
        yield Annotation(index, seat, action, advice)
