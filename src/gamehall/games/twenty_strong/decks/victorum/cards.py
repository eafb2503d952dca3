"""The Victorum card file: heroes/primuses, scions, tactics, conflict and opportunity cards.

The house deck ships in ``house_cards.toml``; an owner may enter the printed cards in a file of
the same schema and play it with ``--deck-file``. The composition is checked against the
rulebook's counts (VIC-COMP-1, VIC-COMP-2).

Scion Influence icons: a conflict card shows ``influence`` icons on its body (it joins the
influence deck when defeated) or ``item_influence`` icons on its item reward (it joins the deck
when that item is discarded), never both (VIC-INFL-1, VIC-INFL-2).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from gamehall.core.cards import Localized, load_card_file
from gamehall.games.twenty_strong.cards import CODE, DeckInfo, Enemy, Fighter, Hero, UniversalHero
from gamehall.games.twenty_strong.cards import ConflictCard as GeneralConflictCard
from gamehall.games.twenty_strong.effects_schema import ColourName, Effect, ItemReward, Model

HOUSE_FILE = Path(__file__).with_name("house_cards.toml")

COMPOSITION = {
    "heroes": 9,
    "scions": 9,
    "tactics": 4,
    "bloodshed cards": 22,
    "sport cards": 22,
    "opportunities": 10,
}


class PrimusSide(Fighter):
    """A hero card read as a primus (a boss on a camp): its numbers, effects and bane."""

    extra_enemies: int = Field(default=0, ge=0, le=3)
    bane: tuple[Effect, ...] = Field(min_length=1)


class HeroPrimus(Hero):
    """A hero/primus card: the hero side (stats and ability) and the primus side."""

    primus: PrimusSide


class Scion(Enemy):
    """A scion: the spectate penalty on one side, the final boss on the other.

    The conflict side grows with the current influence: ``power`` is the influence divided by
    ``influence_step`` (rounded down); health, damage and allies add their scale x power.
    """

    spectate: tuple[Effect, ...] = Field(min_length=1)
    influence_step: int = Field(default=4, ge=1, le=10)
    health_scale: int = Field(default=0, ge=0, le=4)
    damage_scale: int = Field(default=0, ge=0, le=2)
    setup: tuple[Effect, ...] = ()
    allies: int = Field(default=0, ge=0, le=4)
    allies_scale: int = Field(default=0, ge=0, le=2)


class Tactic(Model):
    """A tactic: a single-use item that goes back to the tactic area after use."""

    code: str = Field(pattern=CODE)
    name: Localized
    effects: tuple[Effect, ...] = Field(min_length=1)


class ConflictCard(GeneralConflictCard):
    """A bloodshed or sport card, with its Scion Influence icons."""

    type: Literal["bloodshed", "sport"]
    influence: int = Field(default=0, ge=0, le=2)
    item_influence: int = Field(default=0, ge=0, le=2)

    @model_validator(mode="after")
    def _icons(self) -> ConflictCard:
        if self.influence and self.item_influence:
            raise ValueError("influence icons sit on the card or on its item, not both")
        if self.item_influence and self.item is None:
            raise ValueError("item_influence needs an item reward")
        return self


class Condition(Model):
    """What an opportunity needs, checked after every step while it is held (VIC-OPP-4).

    ``pool_dice``, ``exhausted_dice``, ``training_dice``: at least ``amount`` dice in that
    zone (``colour``: of that colour); ``strong_dice``: at least ``amount`` purple or red dice
    recruited (not in the Training Grounds); ``health``: Health at least ``amount``;
    ``low_health``: Health at most ``amount``; ``influence``: influence at least ``amount``;
    ``items``: at least ``amount`` other items held.
    """

    kind: Literal[
        "pool_dice",
        "exhausted_dice",
        "training_dice",
        "strong_dice",
        "health",
        "low_health",
        "influence",
        "items",
    ]
    amount: int = Field(ge=0, le=17)
    colour: ColourName | None = None

    @model_validator(mode="after")
    def _colour(self) -> Condition:
        if self.colour is not None and not self.kind.endswith("_dice"):
            raise ValueError(f"a {self.kind!r} condition takes no colour")
        return self


class Opportunity(Model):
    """An opportunity: conditions, then (flipped) an item reward; its influence icons count
    when it is discarded onto the influence deck."""

    code: str = Field(pattern=CODE)
    name: Localized
    conditions: tuple[Condition, ...] = Field(min_length=1)
    reward: ItemReward
    reward_name: Localized
    influence: int = Field(default=0, ge=0, le=2)


class VictorumCards(Model):
    """A whole Victorum card file."""

    deck: DeckInfo
    heroes: tuple[HeroPrimus, ...]
    scions: tuple[Scion, ...]
    tactics: tuple[Tactic, ...]
    conflicts: tuple[ConflictCard, ...]
    opportunities: tuple[Opportunity, ...]
    universal_heroes: tuple[UniversalHero, ...] = ()

    @model_validator(mode="after")
    def _composition(self) -> VictorumCards:
        types = Counter(card.type for card in self.conflicts)
        found = {
            "heroes": len(self.heroes),
            "scions": len(self.scions),
            "tactics": len(self.tactics),
            "bloodshed cards": types["bloodshed"],
            "sport cards": types["sport"],
            "opportunities": len(self.opportunities),
        }
        for part, count in COMPOSITION.items():
            if found[part] != count:
                raise ValueError(f"the deck needs {count} {part}, found {found[part]}")
        codes = Counter(
            card.code
            for group in (
                self.heroes,
                self.scions,
                self.tactics,
                self.conflicts,
                self.opportunities,
                self.universal_heroes,
            )
            for card in group
        )
        repeated = sorted(code for code, n in codes.items() if n > 1)
        if repeated:
            raise ValueError(f"card code {repeated[0]!r} is used more than once")
        return self


@cache
def load_cards(path: Path = HOUSE_FILE) -> VictorumCards:
    """The validated card file at ``path`` (the house deck by default)."""
    return load_card_file(path, VictorumCards)
