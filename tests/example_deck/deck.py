"""The example deck's rules: its card file and the fewest hooks the general rules allow.

One stack, the road, is activated from each round (the general Activation); once it is
empty the boss enters and stays until it falls (the general endgame, GEN-END-4, GEN-WIN-1).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from gamehall.core.cards import load_card_file
from gamehall.core.game import LengthBound
from gamehall.games.twenty_strong.cards import Boss, ConflictCard, DeckInfo, Hero
from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS, DeckRules
from gamehall.games.twenty_strong.effects_schema import Model
from gamehall.games.twenty_strong.flow import activate
from gamehall.games.twenty_strong.runtime import CardInfo, fxs, mods
from gamehall.games.twenty_strong.state import ENGAGE, Stack, State

CARDS = Path(__file__).with_name("cards.toml")
STACKS = ("road",)


class ExampleCards(Model):
    """The example deck's card file."""

    deck: DeckInfo
    hero: Hero
    boss: Boss
    enemies: tuple[ConflictCard, ...]


@cache
def load_cards(path: Path = CARDS) -> ExampleCards:
    """The validated card file at ``path``."""
    return load_card_file(path, ExampleCards)


def _info(card: ConflictCard | Boss, kind: str) -> CardInfo:
    extra = card.extra_enemies if isinstance(card, ConflictCard) else 0
    instant = fxs(card.instant) if isinstance(card, ConflictCard) else ()
    return CardInfo(
        card.code,
        card.name,
        card.health,
        card.damage,
        extra,
        mods(card.during),
        fxs(card.after),
        fxs(card.special),
        instant,
        None,
        kind=kind,
    )


class ExampleDeck(DeckRules):
    """A road of enemies, then the boss."""

    name = "example"
    title = "Example"

    def __init__(self, game: Any, options: dict[str, Any]) -> None:
        super().__init__(game, options)
        self.data = load_cards()
        self.road = [self.add_card(_info(enemy, "conflict")) for enemy in self.data.enemies]
        self.boss = self.add_card(_info(self.data.boss, "boss"))

    def initial_state(self) -> State:
        hero = self.data.hero
        state = State.fresh(0, hero.health, hero.strategy, hero.recovery, None)
        state.stacks = (Stack((), tuple(self.road)),)
        self.game.next_round(state)
        return state

    def stack_names(self) -> tuple[str, ...]:
        return STACKS

    def start_round(self, s: State) -> None:
        """The road's next card; once the road is empty, the boss (the endgame)."""
        if s.stacks[0].size():
            super().start_round(s)
            return
        s.endgame = True
        activate(self.game, s, self.boss)
        s.phase = ENGAGE

    def length_bound(self) -> LengthBound:
        """A round per card of the road, then the boss's battle."""
        return LengthBound("rounds", len(self.road) + CONFLICT_ROUNDS)
