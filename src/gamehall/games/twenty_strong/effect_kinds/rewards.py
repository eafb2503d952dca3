"""The instant reward of a defeated card, queued by the rules, never written as an effect:
``instant`` takes it, declines it or takes a deck's alternative, once (GEN-APPLY-8,
GEN-ITEM-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.actions import Decline, Take
from gamehall.games.twenty_strong.effect_kinds.base import DECLINE, TAKE, EffectKind
from gamehall.games.twenty_strong.effect_kinds.registry import tasks_for
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


class Instant(EffectKind):
    """Take or decline the instant reward of the card ``task.source``: always asked, since
    it is optional (GEN-APPLY-8); a deck may offer alternatives (VIC-SPORT-1)."""

    def __init__(self) -> None:
        super().__init__(
            "instant", printed=False, single_choice=True, asked_alone=True, chooses=True
        )

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return [TAKE, DECLINE, *game.deck.alternate_rewards(state, task.source)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Take):
            card = game.deck.cards[task.source]
            index = s.find_active(task.source)
            power = s.active[index].power if index >= 0 else 0
            s.push_tasks(tasks_for(card.instant, task.source, power), first=True)
        elif not isinstance(action, Decline):
            game.deck.apply_alternate(s, task.source, action)


INSTANT: Final = Instant()
