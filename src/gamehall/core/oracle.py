"""The oracle facet: what ``gamehall fuzz`` and the lab hold a game to, its invariants and the
length its rules let a game last (a game past it is stalled, a loop some card allows).

Neither is part of playing: the match runner never calls them.
"""

from __future__ import annotations

from typing import NamedTuple

from gamehall.core.invariants import Invariants
from gamehall.core.kernel import Rules, S


class LengthBound(NamedTuple):
    """The most units (rounds, turns, days) a game's rules let a normal game last: a game
    past it is flagged by the lab and the fuzzer as stalled, so a card that can loop is caught."""

    unit: str
    limit: int


class Oracle(Rules[S]):
    """The rules with their test oracle: invariants and a length bound (none by default)."""

    def invariants(self) -> Invariants[S]:
        """What every state, step and view keeps, for ``gamehall fuzz`` (core.invariants)."""
        return Invariants(self)

    def length_bound(self) -> LengthBound | None:
        """The most units a game of these options lasts by its rules (None: not known)."""
        return None

    def length(self, state: S) -> int:
        """How many units of :meth:`length_bound` have been played in ``state``."""
        return 0

    def overlong(self, state: S) -> str:
        """Why ``state`` is past the game's length bound ("" when it is not): a game that
        long is stalled, a loop some card or rule allows."""
        bound = self.length_bound()
        if bound is None:
            return ""
        played = self.length(state)
        if played <= bound.limit:
            return ""
        return f"{played} {bound.unit} played, past the bound of {bound.limit} the rules give"
