"""Observation features: a seat's view of a state as a fixed-size vector of numbers, for the
learning environments (``gamehall.rl``).

A game's :class:`Features` read the state directly, for speed, but only what ``view(state,
seat)`` shows that seat: two states the seat cannot tell apart (``Game.resample``) encode the
same (``tests/rl/test_features.py`` checks it for every game). Every number lies in [-1, 1];
``names`` says what each one is (docs/rl.md).

``vector(state, seat)`` gives the numbers as a new float32 NumPy array, written straight into
it (each game's features are compiled with Cython): the learning loop's observation.
``encode`` is the same as a list of Python floats.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

S_contra = TypeVar("S_contra", contravariant=True)

LOW, HIGH = -1.0, 1.0
"""The bounds of every feature."""


class Features(Protocol[S_contra]):
    """A fixed-size vector of what one seat sees."""

    names: tuple[str, ...]
    """One name per number, in order: the vector's documentation."""

    def encode(self, state: S_contra, seat: int) -> list[float]:
        """What ``seat`` sees of ``state``: ``len(names)`` numbers in [-1, 1]."""
        ...

    def vector(self, state: S_contra, seat: int) -> Any:
        """``encode(state, seat)`` as a new float32 NumPy array (the caller may keep it)."""
        ...


def one_hot(size: int, hot: int) -> list[float]:
    """``size`` zeros with a one at ``hot`` (none when ``hot`` is out of range).

    >>> one_hot(3, 1)
    [0.0, 1.0, 0.0]
    """
    vector = [0.0] * size
    if 0 <= hot < size:
        vector[hot] = 1.0
    return vector
