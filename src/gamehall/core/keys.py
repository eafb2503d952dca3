"""The keys that choose a seat's actions at a table, the same for the same kind of action at
every state of a game, so that a key pressed by habit never does another kind of thing.

A game says what kind each of its actions is (:meth:`Game.action_kind`): a kind has one
letter for the whole game ("r": rest), and an action of a kind that offers several at once
has an item, whose digit follows the letter ("a" then "2": ask for two weapons). The item is
the action's own number (a seat, a slot, a count), or an identity (a card's code): the kind's
actions of a state are then numbered in the order they are offered, as their buttons and the
terminal list them, so the first one shown is 1.

>>> keys([ActionKind("ask", "a", 2), ActionKind("rest", "r"), ActionKind("give", "g", "R5"),
...       ActionKind("give", "g", "B7"), ActionKind("other")])
['a2', 'r', 'g1', 'g2', '']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from gamehall.core.plugin import facet_of

if TYPE_CHECKING:
    from gamehall.core.game import JSON, Action, Game

RESERVED: Final = frozenset("uh")
"""Letters no kind may take: undo and hint at the table (``h`` is help in the terminal)."""

WITH_ITEMS_ONLY: Final = frozenset("q")
"""Letters only a kind with items may take: alone, ``q`` quits the terminal."""

DIGITS: Final = "1234567890"
"""The second keys, for the items numbered 1 to 10 (the tenth is typed 0, as on a keyboard)."""


class ActionKind(NamedTuple):
    """What kind of action an action is, for its key (none of it is shown as such)."""

    name: str
    """The kind ("ask"), the same for all the actions it covers."""
    key: str = ""
    """The kind's key: one lowercase letter, the same at every state of the game ("": none)."""
    item: int | str | None = None
    """What tells the action from the others of its kind, for the digit typed after ``key``:
    its own number (1 to 10), or an identity, numbered by the order the kind's actions are
    offered in; None for a kind whose actions come one at a time. A kind has an item at
    every state or at none, and its items are all numbers or all identities."""


def verb(action: Action) -> str:
    """The first word of an action's notation, the kind of a game that names none."""
    return str(action).partition(" ")[0]


def named_kind(game: Game[Any], view: JSON, action: Action) -> ActionKind:
    """The kind of ``action`` as the game's ``action_kind`` facet says (a function
    ``action_kind(game, view, action)`` its plug-in names); without one, its verb, with no
    key."""
    named = kind_function(game.name)
    return named(game, view, action) if named else ActionKind(verb(action))


@cache
def kind_function(game: str) -> Callable[..., ActionKind] | None:
    """The ``action_kind`` facet of the game ``game``, if its plug-in names one."""
    function: Callable[..., ActionKind] | None = facet_of(game, "action_kind")
    return function


def action_keys(game: Game[Any], view: JSON, actions: Sequence[Action]) -> list[str]:
    """The key of each of ``actions``, the legal actions of the seat whose ``view`` is given,
    in their order ("" for an action with none)."""
    return keys([game.action_kind(view, action) for action in actions])


def keys(kinds: Sequence[ActionKind]) -> list[str]:
    """The key of each of ``kinds`` (those of a state's actions): the kind's letter, then the
    digit of its item; "" without a letter, or past the tenth item."""
    numbers = identity_numbers(kinds)
    found = []
    for kind in kinds:
        number = numbers.get((kind.key, kind.item), kind.item)
        if not kind.key or kind.item is None:
            found.append(kind.key)
        elif isinstance(number, int) and 1 <= number <= len(DIGITS):
            found.append(kind.key + DIGITS[number - 1])
        else:
            found.append("")
    return found


def identity_numbers(kinds: Sequence[ActionKind]) -> dict[tuple[str, int | str | None], int]:
    """The number of each identity item among its kind's in this state: its place in the
    order they are first offered in, from 1 (two actions with the same item share it)."""
    items: dict[str, dict[str, None]] = {}
    for kind in kinds:
        if kind.key and isinstance(kind.item, str):
            items.setdefault(kind.key, {})[kind.item] = None
    return {
        (key, item): number for key, found in items.items() for number, item in enumerate(found, 1)
    }
