"""Search horizons: where a playout may stop before the end, and how it scores there.

A playout to the end of a long game is slow, and its one bit of result (won or not) is
noisy. A horizon stops it at a natural checkpoint (the end of a round, of a battle) and
estimates each seat's share of the win from the position: a fitted logit of a few public
features (keys and hearts, Secrets, health...). The estimate is only as good as its fit, so
each game's weights come from its own heuristic games (``bench/fit_horizon.py``) and every
decision the checkpoint settles (this round's key, this battle) is still played out exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gamehall.core.game import Game


class Horizon(Protocol):
    """Where a playout may stop before the end, and each seat's estimated share there."""

    def reached(self, game: Game[Any], start: Any, state: Any) -> bool:
        """True once a playout from ``start`` has gone far enough to stop at ``state``."""
        ...

    def estimate(self, game: Game[Any], state: Any) -> list[float]:
        """Each seat's estimated share of the win from ``state`` (summing to at most 1)."""
        ...


Features = Callable[[Any, Any, int], Sequence[float]]
"""(game, state, seat) -> that seat's features: numbers the logit weighs (one length)."""


@dataclass(frozen=True)
class LogitHorizon:
    """A checkpoint and a fitted multinomial logit of each seat's features.

    With several seats, a seat's share is ``exp(w · x)`` over the sum for the seats still in
    the game; alone, its chance is the logistic ``1 / (1 + exp(-w · x))``.
    """

    checkpoint: Callable[[Any, Any, Any], bool]
    """(game, start, state) -> True once the playout may stop."""
    features: Features
    weights: Mapping[Hashable, Sequence[float]]
    """For each table (see ``table``), one weight per feature."""
    in_game: Callable[[Any, int], bool] = lambda state, seat: True
    """False for a seat that can no longer win (its share is 0)."""
    table: Callable[[Any], Hashable] = lambda game: game.players
    """Which weights a configured game uses: by default its player count."""

    def reached(self, game: Game[Any], start: Any, state: Any) -> bool:
        """The checkpoint."""
        return self.checkpoint(game, start, state)

    def estimate(self, game: Game[Any], state: Any) -> list[float]:
        """Each seat's estimated share of the win."""
        weights = self.weights[self.table(game)]
        logits = [
            _dot(weights, self.features(game, state, seat)) if self.in_game(state, seat) else None
            for seat in range(game.players)
        ]
        if len(logits) == 1:
            z = logits[0]
            return [0.0 if z is None else 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))]
        top = max((z for z in logits if z is not None), default=None)
        if top is None:
            return [0.0] * len(logits)
        shares = [0.0 if z is None else math.exp(z - top) for z in logits]
        total = sum(shares)
        return [share / total for share in shares]


def _dot(weights: Sequence[float], features: Sequence[float]) -> float:
    return sum(w * x for w, x in zip(weights, features, strict=True))
