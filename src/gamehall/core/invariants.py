"""The invariants a game's states, steps and views keep, checked by ``gamehall fuzz`` and the
Hypothesis state machines (``gamehall.fuzz``).

Each game gives an :class:`Invariants` from ``Game.invariants()``. Every check returns the
violations it finds as one-line English texts (an empty list: none), so a fuzzer can count
checks and report every broken rule at once, with the state that broke it. The checks read
states directly: they are the engine's own test oracle, never a way for state to leave it.

>>> Invariants(None).state(None), Invariants(None).step(None, None, None)
([], [])
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

S = TypeVar("S")


class Invariants(Generic[S]):
    """What must hold of every state, step and view of one configured game (none by default:
    a game overrides the checks it has)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def state(self, state: S) -> list[str]:
        """Violations in ``state`` alone: accounting (dice, cards, tokens), stat bounds."""
        return []

    def step(self, before: S, action: Any, after: S) -> list[str]:
        """Violations in the step ``before`` --``action``--> ``after``: what the action may
        change (scores follow the history, conservation across the step)."""
        return []

    def view(self, state: S, seat: int | None, view: dict[str, Any]) -> list[str]:
        """Violations in ``seat``'s ``view`` of ``state``: it shows the state as it is (the
        seat's own cards, the public counts) and hides what the seat may not see."""
        return []
