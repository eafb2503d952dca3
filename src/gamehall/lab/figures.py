"""What each game adds to the lab's figures, read off a finished match.

A :class:`Figures` says who leads in a state (for the lead changes of multiplayer games) and
reads the game's own figures: 20 Strong its damage and health by round and each card's
activations, defeats and damage taken; Boss Quest its spells; Ancient Terrible Things its
combinations tried and completed. The summaries add them up (``gamehall.lab.summary``);
each game's are its plug-in's ``figures``, in its package (:data:`gamehall.lab.games.FIGURES`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from gamehall.core.game import Game
from gamehall.core.match import Match


class Figures(Protocol):
    """A game's own figures."""

    def standing(self, game: Game[Any], state: Any) -> Sequence[float]:
        """Each seat's standing in ``state`` (higher leads)."""
        ...

    def read(self, game: Game[Any], match: Match) -> dict[str, Any]:
        """The game's own figures of a finished match (JSON data)."""
        ...

    def summarize(self, games: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The game's own figures of many games (what :meth:`read` gave), summed up."""
        ...


def lead_changes(standings: Iterable[Sequence[float]]) -> int:
    """How often the lead passed to another seat (a tie for the lead keeps the leader).

    >>> lead_changes([(0, 0), (1, 0), (1, 2), (3, 3), (3, 1), (3, 4)])
    3
    """
    leader: int | None = None
    changes = 0
    for standing in standings:
        top = max(standing)
        leaders = [seat for seat, value in enumerate(standing) if value == top]
        if len(leaders) == 1 and leaders[0] != leader:
            changes += leader is not None
            leader = leaders[0]
    return changes
