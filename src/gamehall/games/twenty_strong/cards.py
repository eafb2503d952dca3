"""Card schemas every 20 Strong deck shares: conflict cards, heroes, bosses (the three card
types, GEN-DECK-2) and abilities.

A deck's file extends these (Too Many Bones adds Baddie points, Gearloc backup plans and
encounters). Effects and modifiers come from the closed vocabulary of
:mod:`gamehall.games.twenty_strong.effects_schema`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from pydantic import Field

from gamehall.core.cards import Localized
from gamehall.core.errors import OptionError
from gamehall.games.twenty_strong.effects_schema import (
    Effect,
    ItemReward,
    Model,
    Modifier,
    Special,
)

CODE = r"^[a-z0-9][a-z0-9\-]*$"


class DeckInfo(Model):
    """The file's header: which deck, and whether these are gamehall's house cards."""

    id: str
    house: bool
    name: Localized


class Fighter(Model):
    """What every enemy prints: health, damage and effects in their timing slots."""

    health: int = Field(ge=1, le=40)
    damage: int = Field(ge=0, le=6)
    during: tuple[Modifier, ...] = ()
    after: tuple[Effect, ...] = ()
    special: tuple[Special, ...] = ()


class Enemy(Fighter):
    """An enemy card: a fighter with a code and a name."""

    code: str = Field(pattern=CODE)
    name: Localized


class ConflictCard(Enemy):
    """An enemy or obstacle met on the way: additional enemies and rewards too."""

    extra_enemies: int = Field(default=0, ge=0, le=3)  # an icon, not an effect (GEN-ACT-4)
    instant: tuple[Effect, ...] = ()
    item: ItemReward | None = None
    item_name: Localized | None = None


class Ability(Model):
    """A hero ability: lasting modifiers and an optional ability used once per Engagement."""

    modifiers: tuple[Modifier, ...] = ()
    effects: tuple[Effect, ...] = ()
    per: Literal["engagement", "game"] = "engagement"


class Hero(Model):
    """A hero: starting stats (GEN-STAT-2) and an ability (GEN-DECK-3)."""

    code: str = Field(pattern=CODE)
    name: Localized
    health: int = Field(ge=1, le=6)
    strategy: int = Field(ge=1, le=6)
    recovery: int = Field(ge=1, le=6)
    innate: Ability = Ability()


class UniversalHero(Hero):
    """A hero from another deck, entered in a deck's file to play as a universal hero."""

    deck: str


class Boss(Enemy):
    """A boss: an enemy whose numbers may grow with its power."""

    health_scale: int = Field(default=0, ge=0, le=6)
    damage_scale: int = Field(default=0, ge=0, le=3)


class _Named(Protocol):
    code: str
    name: Localized


def find_card(cards: Sequence[_Named], text: str, what: str, plural: str) -> int:
    """The index of the card an option names, by code or by name in either language."""
    key = text.strip().lower()
    for index, card in enumerate(cards):
        if key in (card.code, card.name.en.lower(), card.name.fr.lower()):
            return index
    known = ", ".join(card.code for card in cards)
    raise OptionError(f"unknown {what} {text!r} ({plural}: {known})")
