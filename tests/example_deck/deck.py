"""The example deck's rules: its card file, a phase of its own, one listener and the fewest
hooks the general rules allow; it reaches the engine through ``general`` alone.

One stack, the road, is activated from each round (the general Activation); the deck counts
the cards taken from it (event ``CARD_TAKEN``); past the road's end its own phase, the gate,
brings the boss, who stays until it falls (the general endgame, GEN-END-1, GEN-END-4,
GEN-WIN-1).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final, NamedTuple

from gamehall.core.cards import load_card_file
from gamehall.core.game import LengthBound
from gamehall.games.twenty_strong.cards import Boss, ConflictCard, DeckInfo, Hero
from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS, DeckRules
from gamehall.games.twenty_strong.effects_schema import Model
from gamehall.games.twenty_strong.general import Listeners, Phase, activate
from gamehall.games.twenty_strong.runtime import CardInfo, fxs, mods
from gamehall.games.twenty_strong.state import ENGAGE, Stack, State

CARDS = Path(__file__).with_name("cards.toml")
STACKS = ("road",)
GATE: Final = "ex.gate"
"""The deck's phase: the road walked, the boss comes."""


class Road(NamedTuple):
    """The deck's part of the state."""

    walked: int = 0
    """The cards taken from the road so far."""


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
        state = State.fresh(0, hero.health, hero.strategy, hero.recovery, Road())
        state.stacks = (Stack((), tuple(self.road)),)
        self.game.next_round(state)
        return state

    def stack_names(self) -> tuple[str, ...]:
        return STACKS

    def phases(self) -> tuple[Phase, ...]:
        return (Phase(GATE, ("GEN-END-1",), waits=False, step=self._gate),)

    def listeners(self) -> Listeners:
        return Listeners(card_taken=[self._walk])

    def start_round(self, s: State) -> None:
        """The road's next card (the general Activation); past its end, the gate."""
        road: Road = s.deck
        if road.walked < len(self.road):
            super().start_round(s)
        else:
            s.phase = GATE

    def _walk(self, s: State, stack: int) -> None:
        """(``CARD_TAKEN``) One more card of the road walked."""
        road: Road = s.deck
        s.deck = road._replace(walked=road.walked + 1)

    def _gate(self, s: State) -> bool:
        """The boss enters, the endgame begins (GEN-END-1)."""
        s.endgame = True
        activate(self.game, s, self.boss)
        s.phase = ENGAGE
        return False

    def length_bound(self) -> LengthBound:
        """A round per card of the road, then the boss's battle."""
        return LengthBound("rounds", len(self.road) + CONFLICT_ROUNDS)
