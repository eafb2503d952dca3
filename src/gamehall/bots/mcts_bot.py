"""The search bot: information-set MCTS with a game's best rollout policy and a fixed budget.

Its budget is a number of iterations, so the same seed gives the same game; a time cap is for
the advisor and the web hall, which must answer quickly whatever the machine (there the
choice may depend on the machine's speed, the log alone fixes what was played).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamehall.core.game import JSON, Action, Game
from gamehall.core.match import Agent, Sampler
from gamehall.search.mcts import Mcts


class MctsBot:
    """Chooses the search's best root action; with a prior bot, its move unless beaten."""

    def __init__(
        self,
        search: Mcts,
        prior: Agent | None = None,
        name: str = "mcts",
        phases: frozenset[str] | None = None,
        phase_key: str = "phase",
    ) -> None:
        self.search = search
        self.prior = prior
        self.name = name
        self.phases = phases
        """With a prior, search only in these phases of the view (None: everywhere)."""
        self.phase_key = phase_key

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Without sampled states there is nothing to search: refuse (a wiring error)."""
        raise TypeError("the search bot needs a Sampler: call choose_by_search")

    def choose_by_search(
        self,
        game: Game[Any],
        view: JSON,
        legal: Sequence[Action],
        rng: random.Random,
        sampler: Sampler,
    ) -> Action:
        """The search's choice after the budget's iterations (see :class:`Mcts`)."""
        if len(legal) == 1:
            return legal[0]
        prior = None if self.prior is None else self.prior.choose(game, view, legal, rng)
        if (
            prior is not None
            and self.phases is not None
            and view.get(self.phase_key) not in self.phases
        ):
            return prior
        return self.search.search(game, sampler, sampler.seat, legal, rng, prior).best
