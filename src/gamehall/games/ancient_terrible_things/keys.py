"""The kinds of the Ancient Terrible Things actions, for their keys at a table (``core.keys``).

A kind is the action's verb, but for the two answers to a bonus offered: ``y`` takes it
(your bonus, or the one offered to all), ``n`` refuses it. ``g`` then a place on the board
explores it; ``f``, ``c`` then a die re-roll it with a Focus token or cash it; ``t``, ``d``
then a number flip a Terrible Thing for that benefit or defeat the encounter with that
combination; the kinds of cards and dice (buy, play, ready, use a Loot card, re-roll, set
aside, turn) number theirs in order.

>>> action_kind(None, {}, act.Plain("use"))
ActionKind(name='accept', key='y', item=None)
>>> action_kind(None, {}, act.Focus(2))
ActionKind(name='focus', key='f', item=3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON, Action
from gamehall.core.keys import ActionKind, verb
from gamehall.games.ancient_terrible_things import actions as act

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

KINDS: Final = {"bonus": "accept", "use": "accept", "skip": "refuse", "decline": "refuse"}
"""The verbs that are one kind: the two ways to take a bonus offered, and to refuse it."""

KEYS: Final = {
    "accept": "y",
    "refuse": "n",
    "leave": "x",
    "fail": "z",
    "done": "k",
    "go": "g",
    "buy": "b",
    "play": "p",
    "ready": "e",
    "loot": "l",
    "focus": "f",
    "terrible": "t",
    "cash": "c",
    "defeat": "d",
    "reroll": "r",
    "aside": "a",
    "nudge": "m",
    "face": "v",
}
"""Each kind's letter."""


def action_kind(game: AncientTerribleThings | None, view: JSON, action: Action) -> ActionKind:
    """The kind of ``action``, with the die, benefit, combination or place it names, or the
    card or dice it chooses (numbered in order)."""
    name = KINDS.get(verb(action), verb(action))
    return ActionKind(name, KEYS.get(name, ""), item(view, action))


def item(view: JSON, action: Action) -> int | str | None:
    """What tells ``action`` from the others of its kind (None for a one-word action)."""
    if isinstance(action, act.Card) and action.verb == "go":
        places = view.get("locations", [])
        return next((p["slot"] + 1 for p in places if p["code"] == action.code), 0)
    if isinstance(action, act.Focus | act.Cash):
        return action.die + 1
    if isinstance(action, act.Terrible):
        return action.benefit + 1
    if isinstance(action, act.Defeat):
        return action.combo + 1
    if isinstance(action, act.Plain):
        return None
    return str(action).partition(" ")[2]
