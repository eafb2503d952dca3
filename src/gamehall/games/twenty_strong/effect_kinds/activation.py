"""The tasks that activate cards from the stacks, queued by the rules, never written on a
card: ``activate`` (a deck's activation, GEN-ACT-1) and ``extra`` (additional enemies,
GEN-ACT-3, GEN-ACT-5). Each picks a stack whose top card is known, one card at a time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.actions import From
from gamehall.games.twenty_strong.effect_kinds.base import EffectKind
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


class FromStacks(EffectKind):
    """Activate the top card of a stack, so many times."""

    def __init__(self, name: str) -> None:
        super().__init__(name, printed=False, chooses=True)

    def sources(self, game: TwentyStrong, state: State, task: Task) -> Iterable[int]:
        """The stacks a card may come from."""
        return range(len(state.stacks))

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        sources = self.sources(game, state, task)
        return [game.deck.from_action(i) for i in sources if state.stacks[i].known]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, From):
            game.activate_from(s, game.deck.stack_index(action.stack))


class Activate(FromStacks):
    """The deck's activation: a card from any stack (GEN-ACT-1)."""

    def __init__(self) -> None:
        super().__init__("activate")


class Extra(FromStacks):
    """Additional enemies: from the stacks the deck says the card calls on (GEN-ACT-3)."""

    def __init__(self) -> None:
        super().__init__("extra")

    def sources(self, game: TwentyStrong, state: State, task: Task) -> Iterable[int]:
        return game.deck.extra_sources(state, task.source)


ACTIVATE: Final = Activate()
EXTRA: Final = Extra()
