"""The kinds of the Boss Quest actions, for their keys at a table (``core.keys``): ``a`` then
the count asks the armorer for weapons, ``s``, ``d`` then a slot casts or discards a spell at
the magician, ``r`` rests there; ``t``, ``x`` then a seat place a spell on or swap with that
knight, ``g`` then a number gives up a weapon, ``c`` then a slot cancels a spell.

>>> action_kind(None, {}, act.Ask(3))
ActionKind(name='ask', key='a', item=3)
>>> action_kind(None, {}, act.Give("R5"))
ActionKind(name='give', key='g', item='R5')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON, Action
from gamehall.core.keys import ActionKind, verb
from gamehall.games.boss_quest import actions as act

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest

KEYS: Final = {
    "ask": "a",
    "activate": "s",
    "discard": "d",
    "rest": "r",
    "target": "t",
    "swap": "x",
    "give": "g",
    "cancel": "c",
}
"""Each kind's letter; the kind is the action's verb."""


def action_kind(game: BossQuest | None, view: JSON, action: Action) -> ActionKind:
    """The kind of ``action``, its item the count, slot or seat it names (a weapon by its
    code, numbered in order)."""
    name = verb(action)
    return ActionKind(name, KEYS.get(name, ""), item(action))


def item(action: Action) -> int | str | None:
    """The number a Boss Quest action names, as the table shows it (from 1)."""
    if isinstance(action, act.Ask):
        return action.count
    if isinstance(action, act.Activate | act.Discard | act.Cancel):
        return action.slot + 1
    if isinstance(action, act.Target | act.SwapWith):
        return action.seat + 1
    if isinstance(action, act.Give):
        return action.card
    return None
