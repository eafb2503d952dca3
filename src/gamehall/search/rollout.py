"""Rollout policies: how a search finishes a game from a leaf to score it.

A policy takes the game, a state, a generator and a step allowance, plays to the end, and
returns each seat's reward (its share of the win) with the number of steps it applied. With
a :class:`Horizon` it stops earlier, where the horizon says, and scores the position by the
horizon's estimate of each seat's chance: shorter playouts, and far less noise. Given a
:class:`Deadline` (a search under a time cap, or one the hall may stop), a playout still
running once it has passed raises :class:`OutOfTime`, and the search drops it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gamehall.core.chance import sample
from gamehall.core.game import CHANCE, Action, Game
from gamehall.core.match import Agent
from gamehall.core.outcome import Outcome
from gamehall.core.plugin import facet_of
from gamehall.search.horizon import Horizon


class OutOfTime(Exception):
    """A playout was still running at its search's deadline (its result would come late)."""


@dataclass(frozen=True)
class Deadline:
    """When a search must end: at a time (a ``time.perf_counter()``), or once a stop event
    is set (the hall shutting down), whichever comes first."""

    at: float | None = None
    stop: threading.Event | None = None

    def passed(self) -> bool:
        """True once the time is up or the stop event is set."""
        if self.stop is not None and self.stop.is_set():
            return True
        return self.at is not None and time.perf_counter() > self.at


class RolloutPolicy(Protocol):
    """Plays ``state`` out; returns the seats' rewards and the steps applied."""

    def __call__(
        self,
        game: Game[Any],
        state: Any,
        rng: random.Random,
        max_steps: int,
        deadline: Deadline | None = None,
    ) -> tuple[list[float], int]: ...


CLOCK_EVERY = 32
"""Steps between two looks at the deadline in a playout (and in the search's walk down its
tree)."""


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


Chooser = Callable[[Any, int, Sequence[Action]], Action]
"""Picks a seat's action in a playout: (state, seat, legal actions) -> action."""


def play_out(
    game: Game[Any],
    state: Any,
    rng: random.Random,
    max_steps: int,
    choose: Chooser,
    horizon: Horizon | None = None,
    deadline: Deadline | None = None,
) -> tuple[list[float], int]:
    """Play ``state`` to the end or the horizon, chance from ``rng`` and seats by ``choose``;
    raise :class:`OutOfTime` if still playing once ``deadline`` has passed."""
    to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply_legal
    chance_weights = game.chance_weights
    start, steps = state, 0
    while steps < max_steps:
        mover = to_move(state)
        if mover is None:
            return rewards_of(game.outcome(state), game.players), steps
        if horizon is not None and horizon.reached(game, start, state):
            return horizon.estimate(game, state), steps
        if mover == CHANCE:
            action = sample(chance_weights(state), rng)
        else:
            legal = legal_actions(state)
            action = legal[0] if len(legal) == 1 else choose(state, mover, legal)
        state = apply(state, action)
        steps += 1
        if deadline is not None and not steps % CLOCK_EVERY and deadline.passed():
            raise OutOfTime
    return [0.0] * game.players, steps


def random_rollout(
    game: Game[Any],
    state: Any,
    rng: random.Random,
    max_steps: int,
    deadline: Deadline | None = None,
) -> tuple[list[float], int]:
    """Uniformly random legal actions to the end (the cheapest playout)."""
    draw = rng.random
    return play_out(
        game,
        state,
        rng,
        max_steps,
        lambda _, __, legal: legal[int(draw() * len(legal))],
        deadline=deadline,
    )


def agent_rollout(make_agent: Callable[[], Agent], horizon: Horizon | None = None) -> RolloutPolicy:
    """A playout where every seat plays as the agent ``make_agent`` builds (a heuristic bot),
    to the end or to ``horizon``."""
    agent = make_agent()

    def rollout(
        game: Game[Any],
        state: Any,
        rng: random.Random,
        max_steps: int,
        deadline: Deadline | None = None,
    ) -> tuple[list[float], int]:
        def choose(now: Any, seat: int, legal: Sequence[Action]) -> Action:
            return agent.choose(game, game.view(now, seat), legal, rng)

        return play_out(game, state, rng, max_steps, choose, horizon, deadline)

    return rollout


def search_rollout(game: str) -> RolloutPolicy:
    """How the search plays a position out in ``game``: its heuristic bot for every seat, to
    the game's horizon (docs/strength.md), as its plug-in names them; random play for a game
    without a heuristic."""
    heuristic = facet_of(game, "heuristic")
    return (
        random_rollout if heuristic is None else agent_rollout(heuristic, facet_of(game, "horizon"))
    )


def advice_rollout(game: Game[Any]) -> RolloutPolicy:
    """How the advisor plays a position out: as the search does, except alone, where it plays
    to the end (a real win chance: a position no play of the heuristic wins scores 0)."""
    heuristic = facet_of(game.name, "heuristic")
    if heuristic is not None and game.players == 1:
        return agent_rollout(heuristic)
    return search_rollout(game.name)
