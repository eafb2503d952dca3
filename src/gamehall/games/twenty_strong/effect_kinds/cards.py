"""Effects on cards: ``damage_card`` (direct damage to an active card) and ``discard_item``
(an item of the inventory leaves it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.actions import DiscardItem, Target
from gamehall.games.twenty_strong.effect_kinds.base import NOTHING_IN_PLAY, EffectKind
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong
    from gamehall.games.twenty_strong.runtime import Fx


class DamageCard(EffectKind):
    """Deal direct damage, not a hit, to one undefeated active card of the player's choice:
    one choice, the whole amount (GEN-DICE-5, GEN-APPLY-4). It can win a fight the dice
    cannot (VIC-R18)."""

    def __init__(self) -> None:
        super().__init__("damage_card", single_choice=True, chooses=True, changes_the_fight=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return any(not a.defeated for a in state.active)

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return [Target(i) for i, a in enumerate(state.active) if not a.defeated]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, Target):
            game.damage(s, action.position, task.amount)

    def idle_in(self, slot: str) -> str:
        return "no enemy is active then" if slot in NOTHING_IN_PLAY else ""


class DiscardItems(EffectKind):
    """Discard items of the inventory (GEN-ITEM-5); a locked card leaves only when nothing
    else can (TMB-LOCK-4)."""

    def __init__(self) -> None:
        super().__init__("discard_item", taking=True, chooses=True, asks_discards=True)

    def payable(self, state: State, effect: Fx) -> bool:
        return sum(not item.locked for item in state.inventory) >= effect.amount

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        free = [i for i in range(len(state.inventory)) if game.deck.can_discard(state, i)]
        indexes = free or list(range(len(state.inventory)))
        return [DiscardItem(i) for i in indexes]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        if isinstance(action, DiscardItem):
            game.deck.discard_item(s, action.index)


DAMAGE_CARD: Final = DamageCard()
DISCARD_ITEM: Final = DiscardItems()
