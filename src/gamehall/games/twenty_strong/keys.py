"""The kinds of the 20 Strong actions, for their keys at a table (``core.keys``).

A kind is the action's verb, with its letter below; ``c``, ``e`` then a colour (1 yellow to
5 red, the pool's order) commit or recover a die, ``t``, ``f``, ``w`` then a card's place
target it, resolve its After effects first or gain its reward, ``i``, ``d`` then an item's
place use or discard it, and the dice put or picked, and the stacks, are numbered in order.
A deck names the kinds of its own actions in the ``deck_kind`` function of its package's
``keys`` module, with letters none of these take.

>>> action_kind(None, {}, act.Commit(2))
ActionKind(name='commit', key='c', item=3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON, Action
from gamehall.core.keys import ActionKind, verb
from gamehall.games.twenty_strong import actions as act
from gamehall.games.twenty_strong.deck_plugin import part_of

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

KEYS: Final = {
    "commit": "c",
    "roll": "r",
    "apply": "a",
    "again": "g",
    "resolve": "s",
    "recover": "e",
    "gain": "w",
    "done": "k",
    "use": "i",
    "discard": "d",
    "ability": "b",
    "pick": "p",
    "target": "t",
    "take": "y",
    "decline": "n",
    "first": "f",
    "from": "o",
}
"""Each kind's letter, for the actions of the general rules."""


def action_kind(game: TwentyStrong | None, view: JSON, action: Action) -> ActionKind:
    """The kind of ``action``: the deck's, for an action of its own, else the general rules'."""
    deck = part_of(game.deck.name, "keys") if game else None
    found: ActionKind | None = deck(game, view, action) if deck else None
    if found is not None:
        return found
    name = verb(action)
    return ActionKind(name, KEYS.get(name, ""), item(action))


def item(action: Action) -> int | str | None:
    """What tells ``action`` from the others of its kind (None for a one-word action)."""
    if isinstance(action, act.Commit | act.Recover):
        return action.colour + 1
    if isinstance(action, act.Gain | act.Target | act.First):
        return action.position + 1
    if isinstance(action, act.UseItem | act.DiscardItem):
        return action.index + 1
    if isinstance(action, act.Apply):
        return f"{action.colour}{action.face}{action.target}"
    if isinstance(action, act.Pick):
        return f"{action.zone + 1}{action.colour}{action.face}"
    if isinstance(action, act.From):
        return action.stack
    return None
