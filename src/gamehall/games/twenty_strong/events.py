"""The moments of the general rules a deck listens to: one event each, named by its clause.

The general rules emit an event where the rulebook says something happens (a card taken, a
card turned up, damage suffered...); a deck that cares listens with a bound method of its
own, given in :meth:`DeckRules.listeners <gamehall.games.twenty_strong.deck.DeckRules.
listeners>` as ``Listeners(card_taken=[self._refill], ...)``: one keyword per event, the
event's ``name``. A listener may change the state; the general rules ask it nothing back.

The listeners are gathered once per game into one typed tuple per event (:class:`Listeners`),
which the flow runs in order: no name looked up, nothing allocated on the hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from gamehall.games.twenty_strong.state import State


class Event(NamedTuple):
    """A moment of the general rules: its name (the keyword of :class:`Listeners`), the
    clauses it stands for and what a listener is given."""

    name: str
    clauses: tuple[str, ...]
    given: str


CARD_TAKEN: Final = Event("card_taken", ("GEN-ACT-1",), "state, stack")
"""Activation took the top card of ``stack`` (GEN-ACT-1): the stack is one card shorter and
the card under it is still unseen. A deck refills or rebuilds stacks (TMB-SCOUT-4,
TMB-STACK-1) or marks the camp whose next card turns up (VIC-ACT-2)."""

CARD_ACTIVATED: Final = Event("card_activated", ("GEN-ACT-1", "GEN-ACT-2"), "state, card, stack")
"""``card``, just taken from ``stack`` (after ``CARD_TAKEN``), enters the active area; its
Specials and additional enemies follow (GEN-ACT-2, GEN-ACT-3). A deck notes where it came
from (VIC-ADD-1)."""

CARD_REVEALED: Final = Event("card_revealed", ("GEN-ACT-1",), "state, stack, card")
"""A hidden ``card`` turned up on top of ``stack`` (a chance outcome: a stack shows its top
card, GEN-ACT-1). A deck reacts to what it sees (TMB-SCOUT-5)."""

DAMAGE_SUFFERED: Final = Event("damage_suffered", ("GEN-RESOLVE-2",), "state, dealers")
"""Suffer Damage (GEN-RESOLVE-2): the undefeated active cards at positions ``dealers`` deal
their Damage, heard before Health drops. A deck counts who dealt it (VIC-BLOOD-2)."""

REWARDS_BEGIN: Final = Event("rewards_begin", ("GEN-RESOLVE-7",), "state")
"""Gain Item Rewards begins (GEN-RESOLVE-7), before any reward is offered. A deck hands out
what it owes then (TMB-LOCK-7..9)."""

EVENTS: Final = (CARD_TAKEN, CARD_ACTIVATED, CARD_REVEALED, DAMAGE_SUFFERED, REWARDS_BEGIN)
"""Every event, in the order of the rulebook."""

CardTaken = Callable[[State, int], None]
CardActivated = Callable[[State, int, int], None]
CardRevealed = Callable[[State, int, int], None]
DamageSuffered = Callable[[State, list[int]], None]
RewardsBegin = Callable[[State], None]


class Listeners:
    """A deck's listeners, one tuple per event of :data:`EVENTS` (its ``name``), each in the
    order given."""

    def __init__(
        self,
        *,
        card_taken: Sequence[CardTaken] = (),
        card_activated: Sequence[CardActivated] = (),
        card_revealed: Sequence[CardRevealed] = (),
        damage_suffered: Sequence[DamageSuffered] = (),
        rewards_begin: Sequence[RewardsBegin] = (),
    ) -> None:
        self.card_taken: Final = tuple(card_taken)
        self.card_activated: Final = tuple(card_activated)
        self.card_revealed: Final = tuple(card_revealed)
        self.damage_suffered: Final = tuple(damage_suffered)
        self.rewards_begin: Final = tuple(rewards_begin)
