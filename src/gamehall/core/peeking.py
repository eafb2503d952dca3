"""Whether an action shows its seat something it did not know: the undo policy's generic check.

An action may be taken back only if what its seat sees after it (its view, its log lines,
whose move it is and, when the seat moves next, its legal actions) is the same in every state
the seat cannot tell from the one it acted in. The check compares look-alikes dealt by
``Game.resample`` only, never the true state, so that whether an undo is allowed depends on
what the seat knows and on the generator alone: a refusal tells the seat nothing either.
"""

from __future__ import annotations

import random
from typing import Any

from gamehall.core.game import Action, Game

LOOKALIKES = 48
"""How many look-alike states the check compares (a fixed number: it must not depend on the
true state)."""


def seen_after(game: Game[Any], before: Any, action: Action, seat: int) -> tuple[Any, ...]:
    """Everything ``seat`` sees once ``action`` has taken ``before`` on: its view, its log
    lines, who moves next and, if that is the seat, its legal actions."""
    after = game.apply_legal(before, action)
    mover = game.to_move(after)
    legal = tuple(game.legal_actions(after)) if mover == seat else ()
    return game.view(after, seat), game.describe(before, action, after, seat), mover, legal


def shows_something(
    game: Game[Any],
    before: Any,
    action: Action,
    seat: int,
    rng: random.Random,
    lookalikes: int = LOOKALIKES,
) -> bool:
    """True if what ``seat`` sees after ``action`` differs between look-alikes of ``before``
    (states ``seat`` cannot tell from it, dealt with ``rng``): the action may show a secret."""
    first: tuple[Any, ...] | None = None
    for _ in range(lookalikes):
        lookalike = game.resample(before, seat, rng)
        if lookalike is before:
            return False  # the seat knows everything there is to know
        if not game.is_legal(lookalike, action):
            return True  # the legal actions themselves depend on a secret
        seen = seen_after(game, lookalike, action, seat)
        if first is None:
            first = seen
        elif seen != first:
            return True
    return False
