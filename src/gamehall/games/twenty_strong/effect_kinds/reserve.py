"""The dice effects of a deck with a reserve of unrecruited dice (Victorum's Training
Grounds): ``recruit_dice``, ``dismiss_dice``, ``strengthen_dice`` and ``weaken_dice``.

A dismissed die goes back to the reserve; strengthening or weakening then recruits the
nearest stronger or weaker colour the reserve holds into the same zone (VIC-DICE-1..6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.core.interned import interned
from gamehall.games.twenty_strong.actions import Pick
from gamehall.games.twenty_strong.dice import COLOURS, UNROLLED, colour_of
from gamehall.games.twenty_strong.effect_kinds.base import EffectKind
from gamehall.games.twenty_strong.state import COMMITTED, EXHAUSTED, NOWHERE, POOL, State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong
    from gamehall.games.twenty_strong.runtime import Fx

DISMISSABLE: Final = (POOL, COMMITTED, EXHAUSTED)
"""Where a dismissed die may come from: not from a card, not banished (VIC-DICE-2)."""


def weakest_in(state: State, zone: int) -> int:
    """The weakest die in ``zone`` (the lowest die of the weakest colour), or NOWHERE."""
    for colour in COLOURS:
        die = state.first_die(zone, colour)
        if die != NOWHERE:
            return die
    return NOWHERE


def neighbour_colour(state: State, zone: int, colour: int, step: int) -> int:
    """The colour closest to ``colour`` in direction ``step`` (+1 stronger, -1 weaker) with a
    die in ``zone``, or NOWHERE (VIC-DICE-4, VIC-DICE-5)."""
    present = set(state.colours_in(zone))
    other = colour + step
    while 0 <= other < len(COLOURS):
        if other in present:
            return other
        other += step
    return NOWHERE


def dismissable(game: TwentyStrong, state: State, step: int = 0) -> list[Pick]:
    """Picks of dice that may be dismissed (and, with ``step``, strengthened or weakened: not a
    die with no stronger or weaker colour in the reserve, VIC-DICE-7)."""
    reserve = game.deck.reserve_zone
    if reserve == NOWHERE:
        return []
    seen: set[Pick] = set()
    picks = []
    for die, zone in enumerate(state.zones):
        if zone not in DISMISSABLE:
            continue
        colour = colour_of(die)
        if step and neighbour_colour(state, reserve, colour, step) == NOWHERE:
            continue
        pick = interned(Pick, colour, state.faces[die] if zone == COMMITTED else UNROLLED, zone)
        if pick not in seen:
            seen.add(pick)
            picks.append(pick)
    return sorted(picks, key=lambda p: (p.zone, p.colour, p.face))


def recruit(game: TwentyStrong, s: State, colour: int = NOWHERE, zone: int = POOL) -> None:
    """Recruit a die into ``zone``: the weakest in the reserve, or one of ``colour``
    (VIC-DICE-1, VIC-DICE-6)."""
    reserve = game.deck.reserve_zone
    die = weakest_in(s, reserve) if colour == NOWHERE else s.first_die(reserve, colour)
    if die != NOWHERE:
        s.move_die(die, zone)


def dismiss_picked(game: TwentyStrong, s: State, step: int, pick: Pick) -> None:
    """Dismiss the picked die; strengthening or weakening then recruits its neighbour
    colour into the same zone (VIC-DICE-2, VIC-DICE-4..6)."""
    reserve = game.deck.reserve_zone
    face = pick.face if pick.zone == COMMITTED else None
    die = s.first_die(pick.zone, pick.colour, face)
    other = neighbour_colour(s, reserve, pick.colour, step) if step else NOWHERE
    s.move_die(die, reserve)
    if other != NOWHERE:
        recruit(game, s, other, pick.zone)


class RecruitDice(EffectKind):
    """Recruit the weakest dice of the reserve into the pool (VIC-DICE-1)."""

    def __init__(self) -> None:
        super().__init__("recruit_dice", positive=True, changes_the_fight=True, needs_reserve=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return game.deck.reserve_zone in state.zones

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        for _ in range(task.amount):
            recruit(game, s)


class ReserveStep(EffectKind):
    """An effect that picks a die to dismiss, its replacement lying ``step`` away in strength
    (0: none)."""

    def __init__(
        self,
        name: str,
        step: int,
        optional: bool,
        taking: bool,
        changes_the_fight: bool,
        takes_dice: bool = False,
    ) -> None:
        super().__init__(
            name,
            positive=True,
            optional=optional,
            taking=taking,
            chooses=True,
            changes_the_fight=changes_the_fight,
            needs_reserve=True,
            takes_dice=takes_dice,
        )
        self.step = step

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return bool(dismissable(game, state, self.step))

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return list(dismissable(game, state, self.step))

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Pick):
            dismiss_picked(game, s, self.step, action)


class DismissDice(ReserveStep):
    """Dismiss dice back to the reserve (VIC-DICE-2); as a cost, so many must be there."""

    def __init__(self) -> None:
        super().__init__(
            "dismiss_dice", 0, optional=False, taking=True, changes_the_fight=False, takes_dice=True
        )

    def payable(self, state: State, effect: Fx) -> bool:
        return sum(zone in DISMISSABLE for zone in state.zones) >= effect.amount


class StrengthenDice(ReserveStep):
    """Swap up to so many dice for the next stronger colour of the reserve (VIC-DICE-4;
    optional)."""

    def __init__(self) -> None:
        super().__init__("strengthen_dice", 1, optional=True, taking=False, changes_the_fight=True)


class WeakenDice(ReserveStep):
    """Swap dice for the next weaker colour of the reserve (VIC-DICE-5)."""

    def __init__(self) -> None:
        super().__init__("weaken_dice", -1, optional=False, taking=True, changes_the_fight=True)


RECRUIT_DICE: Final = RecruitDice()
DISMISS_DICE: Final = DismissDice()
STRENGTHEN_DICE: Final = StrengthenDice()
WEAKEN_DICE: Final = WeakenDice()
