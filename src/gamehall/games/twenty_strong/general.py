"""The general rules as a deck calls them: the one door from a deck into the 20 Strong engine.

A deck is card data plus a :class:`~gamehall.games.twenty_strong.deck.DeckRules` subclass;
the general rules look its phases up in their table, emit events to its listeners and call
its hooks, and the deck acts on the game only through what is named here (and the public
methods of the rules class: ``next_round``, ``activate_from``, ``damage``, ``anytime``).
``tests/twenty_strong/test_deck_plugins.py`` fails on a deck that imports the engine's inner
modules (``flow``, ``effects``, ``effect_kinds``) or calls another method of the rules class.

The names, by the rulebook's sections:

* **The flow** (GEN-ROUND-2, GEN-RESOLVE-1): :class:`Phase`, a deck's entry in the table of
  phases (``DeckRules.phases``); :class:`Listeners`, the deck's listeners of the events
  :data:`CARD_TAKEN`, :data:`CARD_ACTIVATED` (GEN-ACT-1), :data:`CARD_REVEALED`,
  :data:`DAMAGE_SUFFERED` (GEN-RESOLVE-2) and :data:`REWARDS_BEGIN` (GEN-RESOLVE-7)
  (``DeckRules.listeners``).
* **Activation** (GEN-ACT-1..5): :func:`take_top` takes a stack's top card,
  :func:`activate` puts a card into the active area with its Specials and extra enemies.
* **Applying dice** (GEN-APPLY-*, GEN-DICE-4): :func:`hittable` (the colours each active card
  may take, guards and immunities counted), :func:`colours_taken`, :func:`hit_damage`.
* **Stats and the end** (GEN-STAT-4, GEN-STAT-5, GEN-WIN-1, GEN-WIN-2): :func:`change_stat`,
  :func:`end`, :func:`lose`.
* **Lasting effects** (GEN-EFFECT-1, GEN-ITEM-3): :func:`modifiers` in force, :func:`total`
  of a kind, :func:`effective` stats.
* **Effects** (GEN-EFFECT-*): :func:`tasks_for` queues effects as tasks; :func:`possible` and
  :func:`payable` say whether one can do anything or be paid in full; :func:`takes_dice`
  whether a kind takes dice from the hero's pool; :func:`recruit` brings a die from the
  deck's reserve. The actions a task offers: :data:`DONE`, :data:`TAKE`,
  :data:`DECLINE`, :data:`PICK_COLOUR`.
"""

from __future__ import annotations

from gamehall.games.twenty_strong.effect_kinds import takes_dice, tasks_for
from gamehall.games.twenty_strong.effect_kinds.base import DECLINE, DONE, PICK_COLOUR, TAKE
from gamehall.games.twenty_strong.effect_kinds.reserve import recruit
from gamehall.games.twenty_strong.effect_kinds.stats import change_stat, end, lose
from gamehall.games.twenty_strong.effects import effective, modifiers, payable, possible, total
from gamehall.games.twenty_strong.events import (
    CARD_ACTIVATED,
    CARD_REVEALED,
    CARD_TAKEN,
    DAMAGE_SUFFERED,
    REWARDS_BEGIN,
    Listeners,
)
from gamehall.games.twenty_strong.flow import (
    activate,
    colours_taken,
    hit_damage,
    hittable,
    take_top,
)
from gamehall.games.twenty_strong.phases import Phase

__all__ = [
    "CARD_ACTIVATED",
    "CARD_REVEALED",
    "CARD_TAKEN",
    "DAMAGE_SUFFERED",
    "DECLINE",
    "DONE",
    "PICK_COLOUR",
    "REWARDS_BEGIN",
    "TAKE",
    "Listeners",
    "Phase",
    "activate",
    "change_stat",
    "colours_taken",
    "effective",
    "end",
    "hit_damage",
    "hittable",
    "lose",
    "modifiers",
    "payable",
    "possible",
    "recruit",
    "take_top",
    "takes_dice",
    "tasks_for",
    "total",
]
