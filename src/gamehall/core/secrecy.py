"""The secrets facet: what a seat does not know, for search bots (the match's ``Sampler``), the
undo policy (:mod:`gamehall.core.peeking`), companion mode and the OpenSpiel adapter.

The defaults are those of a game without secrets (cards drawn as chance outcomes and shown at
once are not secrets): every state is its own only look-alike and nothing is revealed.
"""

from __future__ import annotations

from typing import Any, Protocol

from gamehall.core.kernel import Action, Rules, S


class RandomSource(Protocol):
    """The part of :class:`random.Random` that ``resample`` may use (rules never import it)."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle ``x`` in place."""
        ...


class Secrets(Rules[S]):
    """The rules with the secrets they keep from each seat (none by default)."""

    def resample(self, state: S, seat: int, rng: RandomSource) -> S:
        """A state ``seat`` cannot tell from ``state``: every secret it does not know dealt anew.

        The sample depends only on what ``seat`` sees (its view and the public history) and
        on ``rng``: two states that look the same to ``seat`` give the same sample for the
        same generator state. Games without secrets (unrevealed cards drawn as chance
        outcomes are not secrets) return ``state`` itself.
        """
        return state

    def reveals(self, state: S, action: Action) -> bool:
        """True if ``action`` shows a seat something new, so undo may not go back across it."""
        return False
