"""Effects on the dice of the pool and the rolled dice: ``exhaust_dice``, ``banish_dice``,
``recover_dice`` and ``reroll``; each picks one die at a time, by colour (and face)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.actions import Pick
from gamehall.games.twenty_strong.dice import colour_of
from gamehall.games.twenty_strong.effect_kinds.base import (
    NOTHING_IN_PLAY,
    PICK_COLOUR,
    PICK_ROLLED,
    EffectKind,
)
from gamehall.games.twenty_strong.state import BANISHED, COMMITTED, EXHAUSTED, POOL, State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong
    from gamehall.games.twenty_strong.runtime import Fx

NOTHING_ROLLED: Final = NOTHING_IN_PLAY | {"setup", "special engagement"}
"""The slots read before any die is rolled: those with nothing in play, a boss's setup and
a Special at the start of an Engagement."""


def pool_payable(state: State, effect: Fx) -> bool:
    """Whether the pool holds the dice a cost takes (TMB-MOHL-2)."""
    return state.zones.count(POOL) >= effect.amount


class ExhaustDice(EffectKind):
    """Exhaust dice from the pool, one colour at a time."""

    def __init__(self) -> None:
        super().__init__("exhaust_dice", positive=True, taking=True, chooses=True, takes_dice=True)

    def payable(self, state: State, effect: Fx) -> bool:
        return pool_payable(state, effect)

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return [PICK_COLOUR[c] for c in state.colours_in(POOL)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Pick):
            s.move_die(s.first_die(POOL, action.colour), EXHAUSTED)


class BanishDice(EffectKind):
    """Banish dice: from the pool while it has any, else from the exhausted dice."""

    def __init__(self) -> None:
        super().__init__("banish_dice", positive=True, taking=True, chooses=True, takes_dice=True)

    def payable(self, state: State, effect: Fx) -> bool:
        return pool_payable(state, effect)

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        zone = POOL if POOL in state.zones else EXHAUSTED
        return [PICK_COLOUR[c] for c in state.colours_in(zone)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Pick):
            zone = POOL if POOL in s.zones else EXHAUSTED
            s.move_die(s.first_die(zone, action.colour), BANISHED)


class RecoverDice(EffectKind):
    """Recover up to so many exhausted dice into the pool (optional: it only helps)."""

    def __init__(self) -> None:
        super().__init__("recover_dice", positive=True, optional=True, chooses=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return EXHAUSTED in state.zones

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return [PICK_COLOUR[c] for c in state.colours_in(EXHAUSTED)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Pick):
            s.move_die(s.first_die(EXHAUSTED, action.colour), POOL)


class Reroll(EffectKind):
    """Roll again up to so many rolled, unapplied dice (GEN-STRAT-3), picked by colour and
    face (optional)."""

    def __init__(self) -> None:
        super().__init__("reroll", positive=True, optional=True, chooses=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        zones, faces = state.zones, state.faces
        return COMMITTED in zones and any(faces[d] for d, z in enumerate(zones) if z == COMMITTED)

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        shown = {
            (colour_of(d), state.faces[d])
            for d, z in enumerate(state.zones)
            if z == COMMITTED and state.faces[d]
        }
        return [PICK_ROLLED[key] for key in sorted(shown)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Pick):
            die = s.first_die(COMMITTED, action.colour, action.face)
            s.set_face(die, 0)
            s.to_roll = (*s.to_roll, die)

    def idle_in(self, slot: str) -> str:
        return "no die is rolled then" if slot in NOTHING_ROLLED else ""


EXHAUST_DICE: Final = ExhaustDice()
BANISH_DICE: Final = BanishDice()
RECOVER_DICE: Final = RecoverDice()
REROLL: Final = Reroll()
