"""One object per action value, for rules that make actions as they go.

Rules hand their legal actions to the learning loop, which finds their catalogue numbers by
object identity first (``core.catalogue.Index``): an action made anew at each call misses that
memo and must be hashed (a dataclass hashes in Python). Rules that build an action from
changing parts (a stack name, a colour and a face...) ask :func:`interned` for it instead, and
hand out the same object each time.

>>> from gamehall.games.twenty_strong.actions import From
>>> interned(From, "ones") is interned(From, "ones")
True
"""

from __future__ import annotations

from typing import Any, TypeVar

A = TypeVar("A")

_ONCE: dict[tuple[Any, ...], Any] = {}
"""Every action made so far, by its class and fields: action values are few (a game's action
catalogue lists them all), so this stays small."""


def interned(kind: type[A], *fields: Any) -> A:
    """The one ``kind(*fields)``."""
    key = (kind, *fields)
    action: A | None = _ONCE.get(key)
    if action is None:
        action = _ONCE[key] = kind(*fields)
    return action
