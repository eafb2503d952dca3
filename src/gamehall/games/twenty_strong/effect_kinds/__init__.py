"""The effect kinds of 20 Strong: each kind one class, one instance, registered here.

A kind (:class:`~.base.EffectKind`) owns everything about it: the fields a card file gives
it, when it is possible or payable, its task, its choices and what they do, its words (the
texts stay in the locale catalogs), its view and what the workshop says of it. The general
code (effects, flow, rules, workshop, words, view) asks :data:`EFFECT_KINDS`. A new kind is
one class in one module, added to ``KINDS`` below.

Modifier kinds (:class:`~.modifiers.ModifierKind`, in ``modifiers.py``) work the same way:
each owns its fields, words, view and workshop check, registered in :data:`MODIFIER_KINDS`
from ``MODIFIERS`` below (the rules still read a modifier's kind name in play, at every step).

The order is the registry's: card files list the printed kinds in it, the observation
features the kinds that wait for a choice.
"""

from __future__ import annotations

from typing import Final

from gamehall.games.twenty_strong.effect_kinds.activation import ACTIVATE, EXTRA
from gamehall.games.twenty_strong.effect_kinds.base import EffectKind
from gamehall.games.twenty_strong.effect_kinds.cards import DAMAGE_CARD, DISCARD_ITEM
from gamehall.games.twenty_strong.effect_kinds.hook import HOOK
from gamehall.games.twenty_strong.effect_kinds.modifiers import (
    COMMIT_LIMIT,
    CRIT_BONUS,
    GUARD,
    IMMUNE,
    NO_CRIT,
    NO_ITEMS,
    REST_BONUS,
    STAT_MODIFIER,
    WARD,
    ModifierKind,
)
from gamehall.games.twenty_strong.effect_kinds.pool import (
    BANISH_DICE,
    EXHAUST_DICE,
    RECOVER_DICE,
    REROLL,
)
from gamehall.games.twenty_strong.effect_kinds.registry import (
    EFFECT_KINDS,
    MODIFIER_KINDS,
    printed_names,
    register,
    register_modifier,
    takes_dice,
    tasks_for,
    unregister,
    unregister_modifier,
)
from gamehall.games.twenty_strong.effect_kinds.reserve import (
    DISMISS_DICE,
    RECRUIT_DICE,
    STRENGTHEN_DICE,
    WEAKEN_DICE,
)
from gamehall.games.twenty_strong.effect_kinds.rewards import INSTANT
from gamehall.games.twenty_strong.effect_kinds.stats import HEAL, LOSE_HEALTH, STAT

KINDS: Final[tuple[EffectKind, ...]] = (
    HEAL,
    LOSE_HEALTH,
    STAT,
    EXHAUST_DICE,
    BANISH_DICE,
    RECOVER_DICE,
    REROLL,
    DISCARD_ITEM,
    DAMAGE_CARD,
    EXTRA,
    ACTIVATE,
    INSTANT,
    RECRUIT_DICE,
    DISMISS_DICE,
    STRENGTHEN_DICE,
    WEAKEN_DICE,
    HOOK,
)
"""Every kind of the general rules, in registry order."""

MODIFIERS: Final[tuple[ModifierKind, ...]] = (
    IMMUNE,
    NO_CRIT,
    GUARD,
    COMMIT_LIMIT,
    NO_ITEMS,
    STAT_MODIFIER,
    WARD,
    CRIT_BONUS,
    REST_BONUS,
)
"""Every modifier kind of the general rules, in registry order."""

for _kind in KINDS:
    register(_kind)
for _modifier in MODIFIERS:
    register_modifier(_modifier)

__all__ = [
    "EFFECT_KINDS",
    "KINDS",
    "MODIFIERS",
    "MODIFIER_KINDS",
    "EffectKind",
    "ModifierKind",
    "printed_names",
    "register",
    "register_modifier",
    "takes_dice",
    "tasks_for",
    "unregister",
    "unregister_modifier",
]
