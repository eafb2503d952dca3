"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamehall.core.game import JSON, Action, Game


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A uniformly random legal action."""
        return legal[int(rng.random() * len(legal))]
